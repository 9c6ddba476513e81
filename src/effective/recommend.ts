// The rule of `recommend` (docs/recommend.md, "The rule"): for each grant judged, the actions of
// the window counted for it (usage-attribution.ts), the floor they and the files set (each counted
// action's permission; the reads not known, at what the grant gives now: every read without the
// audit trail, else those no path maps, on the grants of their reader's teams; a policy's
// `min-access`), and the smallest access over that floor (smallest-access.ts): kept when it is not
// strictly below the grant, removed when nothing at all is on the floor. Never for `owners`,
// `ignore-teams` or a grant younger than the window. Pure.
import { IMPLIED, LEVEL_RANK, type PermissionSet, type Resource } from '../core/access.js';
import { type Access, OWNERS_TEAM, RESOURCE_OF, type ReportedAccess, type Team } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import { permissionsOf } from '../core/permissions.js';
import type { Person } from '../core/person.js';
import type { Dismissal, GrantUsage, KeepReason, Proposal } from '../core/recommendation.js';
import { ACTION_NEEDS, USAGE_ACTIONS, type UsageAction, type UsageRead, type UsageRun } from '../core/usage.js';
import { EffectiveIndex, type OrganizationInput } from './compute.js';
import { smallestAccess, strictlyBelow } from './smallest-access.js';
import { actorOf, type CountedAction, countActions, usageGrantKey } from './usage-attribution.js';
import { atLeast, maximum } from './vector.js';

/** A grant to judge. */
export interface JudgedGrant {
  readonly resource: Resource;
  readonly teamId: string;
  readonly targetId: string;
  readonly access: Access | ReportedAccess;
}

export interface MinAccess {
  readonly team: string;
  readonly resource: Resource;
  readonly level: string;
}

export interface RecommendInput {
  readonly organization: OrganizationInput;
  readonly people: readonly Person[];
  /** The window's runs (older ones already left out). */
  readonly runs: readonly UsageRun[];
  /**
   * The window's reads of state and variables, when the audit trail covered the whole window:
   * counted as actions; one no path maps keeps its permission on every grant of its reader's teams.
   * Absent: reads are not known, so never lowered (each grant keeps the reads it gives).
   */
  readonly reads?: readonly UsageRead[];
  readonly grants: readonly JudgedGrant[];
  readonly custom: boolean;
  /** Team names the files leave alone (`settings.ignore-teams`). */
  readonly ignoreTeams?: ReadonlySet<string>;
  /** Keys (usageGrantKey) of grants made inside the window, as far as a read shows it. */
  readonly recent?: ReadonlySet<string>;
  /** The policies' `min-access` rules: the team (by name), the grants' table and the level (applied to every grant of the team there, whatever the policy matches). */
  readonly minAccess?: readonly MinAccess[];
  /** `dismissals:` of the files, and the run's clock (epoch ms) their `until` is compared with. */
  readonly dismissals?: readonly Dismissal[];
  readonly now?: number;
}

const GROUP_OF: { readonly [R in Resource]: string } = { 'team-projects': 'workspace-access.', 'team-workspaces': '' };

/** A counted action's permission in the grant's own keys (a project grant's `workspace-access.` ones). */
function needOf(resource: Resource, action: UsageAction): PermissionSet {
  const need = ACTION_NEEDS[action];
  return { [`${GROUP_OF[resource]}${need.permission}`]: need.value };
}

/** The reads not known (`unknown`: all those the runs cannot show, without the trail), at what the grant gives now: never lowered on what was read. */
function unknownReads(resource: Resource, current: PermissionSet, unknown: ReadonlySet<UsageAction>): PermissionSet {
  const rows = Object.values(ACTION_NEEDS).filter((n) => !n.fromRuns && unknown.has(n.action));
  return maximum(
    resource,
    rows.map((n) => needOf(resource, n.action)).filter((need) => atLeast(resource, current, need)),
  );
}

function usageOf(actions: readonly CountedAction[]): GrantUsage {
  const counts = Object.fromEntries(USAGE_ACTIONS.map((a) => [a, actions.filter((c) => c.action === a).length])) as GrantUsage['counts'];
  const names = (kind: 'person' | 'token', only = (_: CountedAction) => true): string[] =>
    [...new Set(actions.filter((c) => c.actor.kind === kind && only(c)).map((c) => c.actor.name))].sort(compareText);
  const lastUse = actions.reduce<string | null>((last, c) => (last === null || c.at > last ? c.at : last), null);
  const ambiguous = [...new Set([...names('person', (c) => c.ambiguous), ...names('token', (c) => c.ambiguous)])].sort(compareText);
  return { counts, lastUse, people: names('person'), tokens: names('token'), ambiguous };
}

/** The floor of one grant, and the min-access rank and row that go with it. */
function floorOf(grant: JudgedGrant, team: Team, actions: readonly CountedAction[], input: RecommendInput, unknown: ReadonlySet<UsageAction>) {
  const { resource } = grant;
  const current = permissionsOf(resource, grant.access);
  const used = maximum(
    resource,
    actions.map((c) => needOf(resource, c.action)),
  );
  const reads = unknownReads(resource, current, unknown);
  const levels = (input.minAccess ?? []).filter((m) => m.team === team.name && m.resource === resource).map((m) => m.level);
  const minRank = Math.max(0, ...levels.map((l) => LEVEL_RANK[resource][l] ?? 0));
  const minRow = maximum(
    resource,
    levels.map((l) => IMPLIED[resource][l] ?? {}),
  );
  return { used, reads, minRank, minRow, floor: maximum(resource, [used, reads, minRow]) };
}

const isEmpty = (set: PermissionSet): boolean => Object.keys(set).length === 0;

/** Why the floor holds what it holds. */
function floorReasons(f: ReturnType<typeof floorOf>): KeepReason[] {
  const out: KeepReason[] = [];
  if (!isEmpty(f.used)) out.push('used');
  if (!isEmpty(f.reads)) out.push('reads-unknown');
  if (f.minRank > 0) out.push('min-access');
  return out;
}

function exemption(team: Team, grant: JudgedGrant, input: RecommendInput): KeepReason | undefined {
  if (team.name === OWNERS_TEAM) return 'owners';
  if (input.ignoreTeams?.has(team.name)) return 'ignore-teams';
  if (input.recent?.has(usageGrantKey(grant.resource, grant.teamId, grant.targetId))) return 'too-recent';
  return undefined;
}

/**
 * Whether a dismissal in force sets the proposal aside: one of its team and target whose `until` is
 * still ahead, and that named no access, or an access the proposal does not go below.
 */
function dismissed(proposed: Access | null, team: Team, target: { type: string; name: string }, resource: Resource, input: RecommendInput): boolean {
  const now = input.now ?? Date.now();
  return (input.dismissals ?? []).some((d) => {
    if (d.team !== team.name || d.type !== target.type || d.target !== target.name || !(Date.parse(d.until) > now)) return false;
    if (d.access === undefined) return true;
    return proposed !== null && LEVEL_RANK[resource][d.access] !== undefined && !strictlyBelow(resource, proposed, { access: d.access } as Access);
  });
}

function judge(
  grant: JudgedGrant,
  team: Team,
  target: { type: string; name: string },
  actions: readonly CountedAction[],
  input: RecommendInput,
  unknown: ReadonlySet<UsageAction>,
): Pick<Proposal, 'kind' | 'proposed' | 'reasons'> {
  const keep = (reasons: KeepReason[]) => ({ kind: 'keep' as const, proposed: grant.access as Access, reasons });
  const exempt = exemption(team, grant, input);
  if (exempt) return keep([exempt]);
  const f = floorOf(grant, team, actions, input, unknown);
  const reasons = floorReasons(f);
  const set = (proposed: Access | null): boolean => dismissed(proposed, team, target, grant.resource, input);
  if (isEmpty(f.floor) && f.minRank === 0) return set(null) ? keep(['dismissed', ...reasons]) : { kind: 'remove', proposed: null, reasons };
  const proposed = smallestAccess(grant.resource, f.floor, { custom: input.custom, minRank: f.minRank, minRow: f.minRow });
  if (!proposed || !strictlyBelow(grant.resource, proposed, grant.access)) return keep(reasons.length > 0 ? reasons : ['no-smaller-access']);
  if (set(proposed)) return keep(['dismissed', ...reasons]);
  return { kind: 'lower', proposed, reasons };
}

const UNSEEN: ReadonlySet<UsageAction> = new Set(Object.values(ACTION_NEEDS).flatMap((n) => (n.fromRuns ? [] : [n.action])));

/** By team id, the reads not known on its grants: all of them without the trail; with it, those of its readers that nothing maps. */
function unknownByTeam(input: RecommendInput, people: ReadonlyMap<string, Person>): (teamId: string) => ReadonlySet<UsageAction> {
  if (input.reads === undefined) return () => UNSEEN;
  const byTeam = new Map<string, Set<UsageAction>>();
  for (const read of input.reads) {
    if (read.workspaceId !== null) continue;
    for (const teamId of actorOf(read.userId, people)?.teamIds ?? []) byTeam.set(teamId, (byTeam.get(teamId) ?? new Set()).add(read.action));
  }
  return (teamId) => byTeam.get(teamId) ?? new Set();
}

/** Every judged grant's proposal, sorted by target type, target name, team name; and the runs whose actor nobody the read saw. */
export function recommend(input: RecommendInput): { proposals: Proposal[]; unattributed: number } {
  const index = new EffectiveIndex(input.organization);
  const people = new Map(input.people.flatMap((p) => (p.userId === undefined ? [] : [[p.userId, p] as const])));
  const { counted, unattributed } = countActions(index, input.runs, people, input.reads);
  const unknown = unknownByTeam(input, people);
  const byGrant = new Map<string, CountedAction[]>();
  for (const c of counted) {
    const list = byGrant.get(c.grant);
    if (list) list.push(c);
    else byGrant.set(c.grant, [c]);
  }
  const teams = new Map(input.organization.teams.map((t) => [t.id, t]));
  const targets = new Map([...input.organization.projects, ...input.organization.workspaces].map((t) => [t.id, t]));
  const proposals: Proposal[] = [];
  for (const grant of input.grants) {
    const team = teams.get(grant.teamId);
    const target = targets.get(grant.targetId);
    if (!team || !target) continue;
    const actions = byGrant.get(usageGrantKey(grant.resource, grant.teamId, grant.targetId)) ?? [];
    const type = grant.resource === RESOURCE_OF.project ? 'project' : 'workspace';
    const judged = judge(grant, team, { type, name: target.name }, actions, input, unknown(grant.teamId));
    proposals.push({
      team: { name: team.name, id: team.id },
      target: { type, name: target.name, id: target.id },
      current: grant.access,
      ...judged,
      usage: usageOf(actions),
    });
  }
  proposals.sort((a, b) => byTypeThenName(a.target, b.target) || compareText(a.team.name, b.team.name));
  return { proposals, unattributed };
}
