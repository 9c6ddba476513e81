// A generated organization as the emulator's seed document (docs/emulator.md, "Seed file"): the
// live side of every grant. The organization's token is an owner, so it sees secret teams too.
import type { SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';
import type { GeneratedGrant, GeneratedOrganization, GrantAccess } from './organization.js';
import { BENCH_ROLES, nested } from './roles.js';

export const BENCH_TOKEN = 'bench-org-token';

function seedAccess(grant: GeneratedGrant, access: GrantAccess): Record<string, unknown> {
  if (access.kind === 'level') return { access: access.level };
  return { access: 'custom', ...nested(Object.entries(BENCH_ROLES[grant.resource][access.role] ?? {})) };
}

export function seedOf(org: GeneratedOrganization): SeedDocument {
  const teamProjects: SeedTeamProject[] = [];
  const teamWorkspaces: SeedTeamWorkspace[] = [];
  for (const g of org.grants) {
    if (!g.live) continue;
    const attributes = seedAccess(g, g.live);
    if (g.resource === 'team-projects') teamProjects.push({ team: g.team, project: g.target, ...attributes } as SeedTeamProject);
    else teamWorkspaces.push({ team: g.team, workspace: g.target, ...attributes } as SeedTeamWorkspace);
  }
  // Sets match tags: the current profile lists key-value tags as HCP Terraform does (one include, no refusal).
  const tagged = org.workspaces.some((w) => w.tags !== undefined);
  return {
    ...(tagged ? { profile: 'current' as const } : {}),
    organizations: [
      {
        name: org.spec.organization,
        token: BENCH_TOKEN,
        teams: org.teams.map((t) => ({ name: t.name, visibility: t.secret ? 'secret' : 'organization', 'organization-access': { ...t.organizationAccess } })),
        projects: org.projects.map((name) => ({ name })),
        workspaces: org.workspaces.map((w) => ({ name: w.name, project: w.project, ...(w.tags ? { 'tag-names': [...w.tags] } : {}) })),
        'team-projects': teamProjects,
        'team-workspaces': teamWorkspaces,
      },
    ],
  };
}
