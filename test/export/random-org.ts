// fast-check generator of small random organizations, as emulator seeds: teams (some secret, some
// with organization-level access), projects, workspaces, and grants of every kind, fixed and custom
// (attributes omitted, set to their default or to any allowed value), and a token of the first team
// besides the organization token. Names include ones YAML would
// misread unquoted (`true`, `null`, `1.0`, `on`) and ones with spaces. Each organization names the
// emulator profile it is for (`profile:`), half each: the current profile's custom grants also use
// the newer permissions (variable-sets, policy-overrides), the seed profile's never do.
import fc from 'fast-check';
import { type PermissionSpec, type PermissionValue, PROJECT_LEVELS, WORKSPACE_LEVELS } from '../../src/core/access.js';
import { PROFILE_NAMES, PROFILES, type ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';

export const ORGANIZATION = 'random-org';
export const TOKEN = 'random-org-token';
/** A token of the first team: sees part of the organization (no secret teams it is not in). */
export const TEAM_TOKEN = 'random-team-token';

const TEAM_NAMES = ['alpha', 'beta', 'Gamma Ray', 'true', 'null', '1.0', 'on', 'dev-ops', 'a: b', '#ops'];
const PROJECT_NAMES = ['core', 'Data Lake', 'yes', 'web_apps', '2024'];
const WORKSPACE_NAMES = ['net-prod', 'false', 'billing', 'etl_nightly', '007', 'api'];

function valueOf(spec: PermissionSpec): fc.Arbitrary<PermissionValue> {
  return spec.values === 'boolean' ? fc.boolean() : fc.constantFrom(...spec.values);
}

/** A custom permission set: each attribute left out or given any allowed value (defaults included). */
function customPermissions(specs: readonly PermissionSpec[]): fc.Arbitrary<Record<string, PermissionValue>> {
  return fc.record(Object.fromEntries(specs.map((s) => [s.key, valueOf(s)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, PermissionValue>>;
}

function nest(permissions: Record<string, PermissionValue>): Pick<SeedTeamProject, 'project-access' | 'workspace-access'> {
  const out: Record<string, Record<string, PermissionValue>> = {};
  for (const [key, value] of Object.entries(permissions)) {
    const [group, name] = key.split('.') as [string, string];
    out[group] = { ...out[group], [name]: value };
  }
  return out;
}

const projectAccess = (profile: ProfileName) =>
  fc.oneof(
    fc.constantFrom(...PROJECT_LEVELS.filter((l) => l !== 'custom')).map((access) => ({ access })),
    customPermissions(PROFILES[profile].permissions['team-projects']).map((p) => ({ access: 'custom', ...nest(p) })),
  );
const workspaceAccess = (profile: ProfileName) =>
  fc.oneof(
    fc.constantFrom(...WORKSPACE_LEVELS.filter((l) => l !== 'custom')).map((access) => ({ access })),
    customPermissions(PROFILES[profile].permissions['team-workspaces']).map((p) => ({ access: 'custom', ...p })),
  );

const teamSpec = fc.record({
  secret: fc.boolean(),
  manageProjects: fc.boolean(),
});

export const randomOrganization: fc.Arbitrary<SeedDocument> = fc
  .record({
    profile: fc.constantFrom(...PROFILE_NAMES),
    teams: fc.uniqueArray(fc.constantFrom(...TEAM_NAMES), { minLength: 1, maxLength: 5 }),
    teamSpecs: fc.array(teamSpec, { minLength: 5, maxLength: 5 }),
    projects: fc.uniqueArray(fc.constantFrom(...PROJECT_NAMES), { minLength: 1, maxLength: 3 }),
    workspaces: fc.uniqueArray(fc.constantFrom(...WORKSPACE_NAMES), { maxLength: 4 }),
    seeds: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
  })
  .chain(({ profile, teams, teamSpecs, projects, workspaces, seeds }) => {
    // `owners` exists in every organization; it may hold grants too.
    const grantees = [...teams, 'owners'];
    const pairsOf = (targets: readonly string[]) => targets.flatMap((t) => grantees.map((team) => [team, t] as const));
    return fc
      .record({
        projectGrants: fc
          .subarray(pairsOf(projects))
          .chain((pairs) =>
            fc
              .tuple(...pairs.map(() => projectAccess(profile)))
              .map((accesses) => pairs.map(([team, project], i) => ({ team, project, ...accesses[i] }) as SeedTeamProject)),
          ),
        workspaceGrants: fc
          .subarray(pairsOf(workspaces))
          .chain((pairs) =>
            fc
              .tuple(...pairs.map(() => workspaceAccess(profile)))
              .map((accesses) => pairs.map(([team, workspace], i) => ({ team, workspace, ...accesses[i] }) as SeedTeamWorkspace)),
          ),
      })
      .map(({ projectGrants, workspaceGrants }) => ({
        profile,
        organizations: [
          {
            name: ORGANIZATION,
            token: TOKEN,
            teams: teams.map((name, i) => {
              const spec = teamSpecs[i] ?? { secret: false, manageProjects: false };
              const visibility = spec.secret ? ('secret' as const) : ('organization' as const);
              return { name, visibility, 'organization-access': { 'manage-projects': spec.manageProjects }, ...(i === 0 ? { tokens: [TEAM_TOKEN] } : {}) };
            }),
            projects: projects.map((name) => ({ name })),
            workspaces: workspaces.map((name, i) => ({ name, project: projects[(seeds[i] ?? 0) % projects.length] ?? 'Default Project' })),
            'team-projects': projectGrants,
            'team-workspaces': workspaceGrants,
          },
        ],
      }));
  });
