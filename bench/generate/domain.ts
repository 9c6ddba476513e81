// A generated organization as the pure core's inputs (DesiredState, LiveState) without HTTP or
// YAML: how the core benchmark feeds buildPlan 100,000 grants and times nothing but the core.
import type { Resource } from '../../src/core/access.js';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import {
  type Access,
  type DesiredGrant,
  type DesiredTarget,
  type FixedAccess,
  type LiveGrant,
  type LiveState,
  type LiveTarget,
  type ReportedAccess,
  type TargetType,
  type Team,
} from '../../src/core/model.js';
import { customAccess, permissionsOf } from '../../src/core/permissions.js';
import type { GeneratedOrganization, GrantAccess } from './organization.js';
import { BENCH_ROLES } from './roles.js';

const TYPE_OF: { readonly [R in Resource]: TargetType } = { 'team-projects': 'project', 'team-workspaces': 'workspace' };
const ID_PREFIX: { readonly [T in TargetType]: string } = { project: 'prj-', workspace: 'ws-' };

function accessOf(resource: Resource, access: GrantAccess): Access {
  if (access.kind === 'level') return { access: access.level as FixedAccess['access'] };
  return customAccess(resource, BENCH_ROLES[resource][access.role] ?? {});
}

/** As the service reports it: a fixed level with its row. */
function reportedOf(resource: Resource, access: GrantAccess): ReportedAccess {
  const written = accessOf(resource, access);
  return { access: written.access, permissions: permissionsOf(resource, written) };
}

export function domainOf(org: GeneratedOrganization, maxRemovals: number): { desired: DesiredState; live: LiveState } {
  const teams: Team[] = [{ name: 'owners', secret: false, organizationAccess: {} }, ...org.teams].map((t) => ({
    id: `team-id-${t.name}`,
    name: t.name,
    visibility: t.secret ? 'secret' : 'organization',
    organizationAccess: t.organizationAccess,
  }));
  const desired = new Map<string, DesiredTarget & { grants: DesiredGrant[] }>();
  const live = new Map<string, LiveTarget & { grants: LiveGrant[] }>();
  const targetOf = (type: TargetType, name: string, project?: string): void => {
    const id = `${ID_PREFIX[type]}${name}`;
    desired.set(id, { type, name, prune: true, grants: [] });
    live.set(id, { type, id, name, grants: [], ...(project ? { projectId: `${ID_PREFIX.project}${project}` } : {}) });
  };
  for (const name of org.projects) targetOf('project', name);
  for (const w of org.workspaces) targetOf('workspace', w.name, w.project);
  let serial = 0;
  for (const g of org.grants) {
    const type = TYPE_OF[g.resource];
    const targetId = `${ID_PREFIX[type]}${g.target}`;
    if (g.desired)
      desired
        .get(targetId)
        ?.grants.push({ team: g.team, access: accessOf(g.resource, g.desired), ...(g.desired.kind === 'role' ? { role: g.desired.role } : {}) });
    if (g.live)
      live.get(targetId)?.grants.push({
        id: `grant-${serial++}`,
        resource: g.resource,
        teamId: `team-id-${g.team}`,
        targetId,
        access: reportedOf(g.resource, g.live),
        extra: {},
      });
  }
  return {
    desired: { organization: org.spec.organization, settings: { ...DEFAULT_SETTINGS, maxRemovals }, targets: [...desired.values()] },
    live: { organization: org.spec.organization, teams: new Map(teams.map((t) => [t.id, t])), targets: live },
  };
}
