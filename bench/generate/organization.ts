// A generated organization: P projects, W workspaces, T teams and their grants, each grant with
// its live access (what the emulator is seeded with) and its desired access (what the YAML says).
// The two differ by the chosen shares of adds, updates and removes; `expected` counts them, so a
// plan of the pair can be checked exactly. Deterministic from `spec.seed`.
import type { Resource } from '../../src/core/access.js';
import { distinct, type Random, seededRandom } from './random.js';
import { BENCH_LEVELS, BENCH_ROLES } from './roles.js';

export interface OrganizationSpec {
  readonly organization: string;
  readonly projects: number;
  readonly workspaces: number;
  /** Teams besides `owners` (which every organization has, without grants here). */
  readonly teams: number;
  readonly teamsPerProject: number;
  readonly teamsPerWorkspace: number;
  /** Share of grants that are custom (a named role) rather than a fixed level. */
  readonly customShare: number;
  readonly secretShare: number;
  /** Share of teams with organization-level permissions. */
  readonly organizationAccessShare: number;
  /** Shares of grants that the desired state adds, changes and removes (each 0..1, sum < 1). */
  readonly addShare: number;
  readonly updateShare: number;
  readonly removeShare: number;
  readonly seed: number;
  /** 'sets': the access is written as 5 sets (sets.ts), the workspaces tagged; default one entry per target. */
  readonly managedBy?: 'entries' | 'sets';
}

/** A fixed level, or a role of BENCH_ROLES (which means access custom). */
export type GrantAccess = { readonly kind: 'level'; readonly level: string } | { readonly kind: 'role'; readonly role: string };

export interface GeneratedGrant {
  readonly resource: Resource;
  readonly target: string;
  readonly team: string;
  /** Absent: the desired state adds it. */
  readonly live?: GrantAccess;
  /** Absent: the desired state removes it. */
  readonly desired?: GrantAccess;
}

export interface GeneratedTeam {
  readonly name: string;
  readonly secret: boolean;
  readonly organizationAccess: Readonly<Record<string, boolean>>;
}

export interface Expected {
  readonly add: number;
  readonly update: number;
  readonly remove: number;
}

export interface GeneratedOrganization {
  readonly spec: OrganizationSpec;
  readonly teams: readonly GeneratedTeam[];
  readonly projects: readonly string[];
  readonly workspaces: readonly { readonly name: string; readonly project: string; readonly tags?: readonly string[] }[];
  readonly grants: readonly GeneratedGrant[];
  readonly expected: Expected;
}

// Organization permissions handed out in turn: harmless read rights mostly, and one that shadows
// workspace grants (so the plan's effective-access warnings are exercised at scale too).
const ORGANIZATION_ACCESS_VARIANTS: readonly Readonly<Record<string, boolean>>[] = [
  { 'read-workspaces': true, 'read-projects': true },
  { 'manage-policies': true },
  { 'manage-workspaces': true },
];

export const projectName = (i: number): string => `project-${i}`;
export const workspaceName = (i: number): string => `ws-${i}`;
export const teamName = (i: number): string => `team-${i}`;

function accessPool(resource: Resource): { levels: GrantAccess[]; roles: GrantAccess[] } {
  return {
    levels: BENCH_LEVELS[resource].map((level) => ({ kind: 'level', level })),
    roles: Object.keys(BENCH_ROLES[resource]).map((role) => ({ kind: 'role', role })),
  };
}

const sameAccess = (a: GrantAccess, b: GrantAccess): boolean =>
  a.kind === b.kind && (a.kind === 'level' ? a.level === (b as { level: string }).level : a.role === (b as { role: string }).role);

function pickAccess(random: Random, resource: Resource, customShare: number): GrantAccess {
  const pool = accessPool(resource);
  const from = random.next() < customShare ? pool.roles : pool.levels;
  return from[random.below(from.length)] as GrantAccess;
}

/** Another access of the pool than `current`: the update of a grant. */
function otherAccess(random: Random, resource: Resource, current: GrantAccess): GrantAccess {
  const pool = accessPool(resource);
  const others = [...pool.levels, ...pool.roles].filter((a) => !sameAccess(a, current));
  return others[random.below(others.length)] as GrantAccess;
}

type Fate = 'add' | 'update' | 'remove' | 'same';

function fate(random: Random, spec: OrganizationSpec): Fate {
  const r = random.next();
  if (r < spec.addShare) return 'add';
  if (r < spec.addShare + spec.updateShare) return 'update';
  if (r < spec.addShare + spec.updateShare + spec.removeShare) return 'remove';
  return 'same';
}

/** The grants of one target; never all removed (a managed target lists at least one team). */
function grantsOn(random: Random, spec: OrganizationSpec, resource: Resource, target: string, perTarget: number): GeneratedGrant[] {
  const fates = distinct(random, spec.teams, perTarget).map((t) => ({
    team: teamName(t),
    fate: fate(random, spec),
    access: pickAccess(random, resource, spec.customShare),
  }));
  if (fates.length > 0 && fates.every((f) => f.fate === 'remove')) (fates[0] as { fate: Fate }).fate = 'same';
  return fates.map(({ team, fate: f, access }) => {
    if (f === 'add') return { resource, target, team, desired: access };
    if (f === 'remove') return { resource, target, team, live: access };
    if (f === 'update') return { resource, target, team, live: access, desired: otherAccess(random, resource, access) };
    return { resource, target, team, live: access, desired: access };
  });
}

function count(grants: readonly GeneratedGrant[]): Expected {
  let add = 0;
  let update = 0;
  let remove = 0;
  for (const g of grants) {
    if (!g.live) add++;
    else if (!g.desired) remove++;
    else if (!sameAccess(g.live, g.desired)) update++;
  }
  return { add, update, remove };
}

export function generateOrganization(spec: OrganizationSpec): GeneratedOrganization {
  // A managed target lists at least one team; an empty `teams:` would not be a valid file.
  if (spec.teamsPerProject < 1 || spec.teamsPerWorkspace < 1) throw new RangeError('every target needs at least one team');
  if (spec.teamsPerProject > spec.teams || spec.teamsPerWorkspace > spec.teams) throw new RangeError('more teams per target than teams');
  const random = seededRandom(spec.seed);
  let withAccess = 0;
  const teams = Array.from({ length: spec.teams }, (_, i): GeneratedTeam => {
    const secret = random.next() < spec.secretShare;
    const organizationAccess =
      random.next() < spec.organizationAccessShare ? (ORGANIZATION_ACCESS_VARIANTS[withAccess++ % ORGANIZATION_ACCESS_VARIANTS.length] ?? {}) : {};
    return { name: teamName(i), secret, organizationAccess };
  });
  const projects = Array.from({ length: spec.projects }, (_, i) => projectName(i));
  const workspaces = Array.from({ length: spec.workspaces }, (_, i) => ({ name: workspaceName(i), project: projectName(i % spec.projects) }));
  const grants: GeneratedGrant[] = [];
  for (const p of projects) grants.push(...grantsOn(random, spec, 'team-projects', p, spec.teamsPerProject));
  for (const w of workspaces) grants.push(...grantsOn(random, spec, 'team-workspaces', w.name, spec.teamsPerWorkspace));
  return { spec, teams, projects, workspaces, grants, expected: count(grants) };
}
