// Effective access: what a reviewer should know that the changes alone do not say. Pure.
// docs/api.md, "Seed: what the service does": the effective access is the higher of the team's organization
// permission and its project or workspace grant; a project grant gives a workspace role on every
// workspace of the project (docs/api.md, "Seed: access levels").
import { LEVEL_RANK } from '../core/access.js';
import type { DesiredState } from '../core/desired-state.js';
import { type DesiredGrant, type DesiredTarget, type LiveTarget, RESOURCE_OF, type TargetType, type Team } from '../core/model.js';
import type { PlanWarning } from '../core/plan.js';
import { type DiffIndex, liveTargetsOf, targetRefOf } from './diff.js';
import { levelEqualTo } from './normalise.js';

/** The organization permissions that make a team admin on every target of a kind. */
const SHADOWING: { readonly [T in DesiredTarget['type']]: readonly string[] } = {
  project: ['manage-projects'],
  // Project admin includes the admin workspace role on the project's workspaces (docs/api.md, "Seed: access levels").
  workspace: ['manage-workspaces', 'manage-projects'],
};

/** The workspace role a project level gives on the project's workspaces (docs/api.md, "Seed: access levels"). */
const WORKSPACE_ROLE_OF_PROJECT_LEVEL: Readonly<Record<string, string>> = {
  read: 'read',
  write: 'write',
  maintain: 'admin',
  admin: 'admin',
};

function shadowed(target: DesiredTarget, grant: DesiredGrant, team: Team | undefined, live: LiveTarget): PlanWarning | undefined {
  if (!team || grant.access.access === 'admin') return undefined;
  let permission: string | undefined;
  for (const name of SHADOWING[target.type]) {
    if (team.organizationAccess[name] === true) {
      permission = name;
      break;
    }
  }
  if (!permission) return undefined;
  return {
    code: 'shadowed-by-organization-access',
    message: `${target.type} ${target.name}: team ${team.name} has the organization permission ${permission}, so its effective access is admin whatever this grant (${grant.access.access}) says.`,
    target: targetRefOf(target, live),
    team: team.name,
  };
}

function customEqualsLevel(target: DesiredTarget, grant: DesiredGrant, live: LiveTarget): PlanWarning | undefined {
  if (grant.access.access !== 'custom') return undefined;
  const level = levelEqualTo(RESOURCE_OF[target.type], grant.access.permissions);
  if (!level) return undefined;
  return {
    code: 'custom-equals-level',
    message: `${target.type} ${target.name}: the custom permissions of team ${grant.team} are exactly the ${level} level; write "${level}" instead.`,
    target: targetRefOf(target, live),
    team: grant.team,
  };
}

/** Project grants of the desired state, by project id then team name. */
function projectLevels(desired: DesiredState, liveTargets: readonly LiveTarget[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  desired.targets.forEach((target, i) => {
    if (target.type !== 'project') return;
    const levels = new Map(target.grants.map((g) => [g.team, g.access.access] as const));
    out.set((liveTargets[i] as LiveTarget).id, levels);
  });
  return out;
}

function belowProject(target: DesiredTarget, grant: DesiredGrant, live: LiveTarget, projects: Map<string, Map<string, string>>): PlanWarning | undefined {
  const projectLevel = live.projectId ? projects.get(live.projectId)?.get(grant.team) : undefined;
  const fromProject = projectLevel ? WORKSPACE_ROLE_OF_PROJECT_LEVEL[projectLevel] : undefined;
  const ranks = LEVEL_RANK['team-workspaces'];
  const own = ranks[grant.access.access];
  if (!fromProject || own === undefined || own >= (ranks[fromProject] ?? 0)) return undefined;
  return {
    code: 'below-project-access',
    message: `workspace ${target.name}: team ${grant.team} gets ${grant.access.access} here but already has the ${fromProject} workspace role from its ${projectLevel} grant on the workspace's project; the higher access wins.`,
    target: targetRefOf(target, live),
    team: grant.team,
  };
}

const TARGET_TYPES: readonly TargetType[] = ['project', 'workspace'];

/** Per target type, the teams whose organization permissions shadow grants: the only ones `shadowed` warns about. */
function shadowingTeams(index: DiffIndex): { readonly [T in TargetType]: ReadonlySet<string> } {
  const out = { project: new Set<string>(), workspace: new Set<string>() };
  for (const team of index.teamsByName.values()) {
    for (const type of TARGET_TYPES) if (SHADOWING[type].some((name) => team.organizationAccess[name] === true)) out[type].add(team.name);
  }
  return out;
}

/** The warnings a file silenced on purpose (docs/plan.md, "Warnings"): everywhere, and on this target. */
export function silenced(desired: DesiredState, target: DesiredTarget): ReadonlySet<string> {
  return new Set([...(desired.settings.ignoreWarnings ?? []), ...(target.ignoreWarnings ?? [])]);
}

export function warnings(desired: DesiredState, index: DiffIndex, liveTargets: readonly LiveTarget[] = liveTargetsOf(desired, index)): PlanWarning[] {
  const projects = projectLevels(desired, liveTargets);
  const shadowing = shadowingTeams(index);
  const out: PlanWarning[] = [];
  let quiet: ReadonlySet<string>;
  // Pushed one by one, and each check called only where it can find something: at 100,000 grants
  // the per-grant calls and lists were the cost, and almost every grant has nothing to say.
  const add = (warning: PlanWarning | undefined): void => {
    if (warning && !quiet.has(warning.code)) out.push(warning);
  };
  const everywhere: ReadonlySet<string> = new Set(desired.settings.ignoreWarnings ?? []);
  desired.targets.forEach((target, i) => {
    // A set per target only for a target that silences warnings of its own.
    quiet = target.ignoreWarnings?.length ? silenced(desired, target) : everywhere;
    const live = liveTargets[i] as LiveTarget;
    const shadowers = shadowing[target.type];
    const projectTeams = target.type === 'workspace' && live.projectId ? projects.get(live.projectId) : undefined;
    for (let g = 0; g < target.grants.length; g++) {
      const grant = target.grants[g] as DesiredGrant;
      if (shadowers.has(grant.team)) add(shadowed(target, grant, index.teamsByName.get(grant.team), live));
      if (grant.access.access === 'custom') add(customEqualsLevel(target, grant, live));
      if (projectTeams?.has(grant.team)) add(belowProject(target, grant, live, projects));
    }
  });
  return out;
}
