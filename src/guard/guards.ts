// The safety guards, checked on the whole plan before the first call (docs/apply.md, "Safety guards";
// docs/architecture.md, "The pipeline"; after octoDNS's Plan.raise_if_unsafe). Pure: the plan and a few facts in, refusals out.

import { DEFAULT_MAX_TEAM_DELETIONS } from '../core/defaults.js';
import { OWNERS_TEAM, type Viewer } from '../core/model.js';
import { byEntryKey } from '../core/order.js';
import { CHANGE_KINDS, type Change, type ChangeOf, changesOf, type PlanChange, type PlanChangeKind, type RemoveChange } from '../core/plan.js';
import type { TeamChange, TeamDelete } from '../core/teams.js';
import type { MemberGuardInputs } from '../diff/member-guard-inputs.js';
import { type ApplyRead, changesAsRead, untouchableMembers } from './apply-members.js';
import { memberRefusals } from './member-guards.js';
import type { Refusal } from './refusal.js';
import { maxTokenRevocations } from './token-guards.js';

/** What the guards decide from, besides the changes: the same for `plan` and `apply`. */
export interface GuardInputs {
  /** `settings.max-removals` of the desired state (default 10). */
  readonly maxRemovals: number;
  /** Ids of the targets whose grants may have been read partially. */
  readonly incompleteTargets: ReadonlySet<string>;
  /** `settings.max-team-deletions` (absent: DEFAULT_MAX_TEAM_DELETIONS, 0). */
  readonly maxTeamDeletions?: number;
  /** The member guards' inputs (diff/member-guard-inputs.ts), when the plan was made with the people read. */
  readonly members?: MemberGuardInputs;
  /** The teams the token acts through (core/viewer.ts), when known: never deleted by its own run. */
  readonly ownTeams?: ReadonlySet<string>;
  /** `settings.max-token-revocations` (absent: DEFAULT_MAX_TOKEN_REVOCATIONS, 0). */
  readonly maxTokenRevocations?: number;
}

/**
 * The teams whose deletion cuts the token off (own-team): a team token's team, a user token's teams;
 * none for a user in owners, whom owners keeps every power (and owners is never deleted).
 */
export function ownTeamsOf(viewer: Viewer | undefined): ReadonlySet<string> {
  if (!viewer || (viewer.seesEveryTeam && viewer.identity?.kind === 'user')) return new Set();
  return new Set(viewer.teams.map((t) => t.id));
}

/** The guards decided from a read rather than from a saved plan's basis: `apply --plan` makes them again from its own read. */
export const READ_GUARDS: ReadonlySet<string> = new Set(['own-team', 'untouchable-member']);

export interface GuardContext extends GuardInputs {
  /** `--force`: lifts the count guards (removals, team deletions, member removals, min-owners above one), and only those. */
  readonly force: boolean;
  /** `apply --plan`: what apply read itself; the member changes are judged on its facts, never the file's (apply-members.ts). */
  readonly applyRead?: ApplyRead;
}

const isRemoval = (change: Change): change is RemoveChange => change.action === 'remove';
const where = (change: Change): string => `${change.target.type} "${change.target.name}"`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function distinctTargets(changes: readonly Change[]): string {
  return [...new Set(changes.map(where))].join(', ');
}

/** docs/sets.md, "Sets": the sets whose prune makes removals, each with how many (a set that newly matches many targets). */
function prunedBySets(removals: readonly RemoveChange[]): string {
  const counts = new Map<string, number>();
  for (const change of removals) if (change.source?.kind === 'set') counts.set(change.source.name, (counts.get(change.source.name) ?? 0) + 1);
  if (counts.size === 0) return '';
  const sets = [...counts].sort(byEntryKey).map(([name, n]) => `set "${name}" (${plural(n, 'removal')})`);
  return ` Pruned by ${sets.join(', ')}: every target a set matches loses the grants no set or entry gives.`;
}

function maxRemovals(removals: readonly RemoveChange[], context: GuardContext): Refusal | undefined {
  if (context.force || removals.length <= context.maxRemovals) return undefined;
  const sets = prunedBySets(removals);
  return {
    guard: 'max-removals',
    message: `the plan removes ${plural(removals.length, 'grant')}, more than settings.max-removals (${context.maxRemovals}).${sets}`,
    howToProceed: `review the removals in the plan; if they are intended, run again with --force, or raise settings.max-removals in the desired-state file${sets ? "; else narrow the set's match, or give it prune: false" : ''}.`,
    changes: removals,
  };
}

function incompleteRead(removals: readonly RemoveChange[], context: GuardContext): Refusal | undefined {
  const unsafe = removals.filter((change) => context.incompleteTargets.has(change.target.id));
  if (unsafe.length === 0) return undefined;
  return {
    guard: 'incomplete-read',
    message: `the plan removes ${plural(unsafe.length, 'grant')} from ${distinctTargets(unsafe)}, whose team access could not be read completely (the token may not see every team, e.g. secret teams).`,
    howToProceed:
      'run with a token that sees every team (an organization token or an owners-team token), or set `prune: false` on those targets; --force does not lift this guard.',
    changes: unsafe,
  };
}

function ownersTeam(removals: readonly RemoveChange[]): Refusal | undefined {
  const unsafe = removals.filter((change) => change.team.name === OWNERS_TEAM);
  if (unsafe.length === 0) return undefined;
  return {
    guard: 'owners-team',
    message: `the plan removes the access of the "${OWNERS_TEAM}" team to ${distinctTargets(unsafe)}; that team is never removed.`,
    howToProceed:
      'plan again from the desired-state files (they never remove it); a saved plan that removes it was edited by hand. --force does not lift this guard.',
    changes: unsafe,
  };
}

/** docs/apply.md, "Safety guards": deleting a team drops its grants and members with it, so none goes unasked. */
function maxTeamDeletions(teamChanges: readonly TeamChange[], context: GuardContext): Refusal | undefined {
  const deletions = teamChanges.filter((c): c is TeamDelete => c.action === 'delete');
  const limit = context.maxTeamDeletions ?? DEFAULT_MAX_TEAM_DELETIONS;
  if (context.force || deletions.length <= limit) return undefined;
  const grants = deletions.reduce((n, d) => n + d.grants.length, 0);
  // Issue 36: a team with no grant may still hold organization powers, and they go with it too.
  const powers = deletions.filter((d) => d.powers?.length).map((d) => `"${d.name}": ${d.powers?.join(', ')}`);
  const powersText = powers.length > 0 ? `; the organization powers of ${powers.join('; ')}` : '';
  return {
    guard: 'max-team-deletions',
    message: `the plan deletes ${plural(deletions.length, 'team')} (${deletions.map((d) => `"${d.name}"`).join(', ')}), more than settings.max-team-deletions (${limit}); a deleted team's members and grants go with it (${plural(grants, 'grant')} listed in the plan${powersText}).`,
    howToProceed:
      'review the deletions in the plan; if they are intended, run again with --force, or raise settings.max-team-deletions; else list the teams under teams: (or rename them with previously:), or turn settings.prune-teams off.',
    changes: [],
    teamChanges: deletions,
  };
}

/**
 * docs/apply.md, "Safety guards": deleting the team whose token runs the apply cuts the token off
 * half way (its later writes fail, the run never converges). --force does not lift it.
 */
function ownTeam(teamChanges: readonly TeamChange[], context: GuardContext): Refusal | undefined {
  const own = context.ownTeams;
  const deletions = teamChanges.filter((c): c is TeamDelete => c.action === 'delete' && own?.has(c.id) === true);
  if (deletions.length === 0) return undefined;
  return {
    guard: 'own-team',
    message: `the plan deletes ${deletions.map((d) => `team "${d.name}"`).join(', ')}, whose token runs it: the token would lose its own access half way through.`,
    howToProceed:
      'list the team under teams: (or keep settings.prune-teams off), or delete it with a token of another team (an organization token, say); --force does not lift this guard.',
    changes: [],
    teamChanges: deletions,
  };
}

type Found = Refusal | undefined;

/** The guards of each kind of change, on the plan's changes of that kind (the compiler asks for a row per kind). */
const GUARDS: { readonly [K in PlanChangeKind]: (changes: readonly ChangeOf<K>[], context: GuardContext) => readonly Found[] } = {
  grant: (changes, context) => {
    const removals = changes.filter(isRemoval);
    return [ownersTeam(removals), incompleteRead(removals, context), maxRemovals(removals, context)];
  },
  team: (changes, context) => [maxTeamDeletions(changes, context), ownTeam(changes, context)],
  member: (changes, context) => {
    // apply --plan: the member changes judged on what apply read itself (apply-members.ts).
    const read = context.applyRead;
    const members = read ? changesAsRead(changes, read) : changes;
    return [read ? untouchableMembers(members, read) : undefined, ...memberRefusals(members, context.members, context.force)];
  },
  'token-policy': (changes, context) => [maxTokenRevocations(changes, context.maxTokenRevocations, context.force)],
};

const guardsOf = <K extends PlanChangeKind>(kind: K, changes: readonly PlanChange[], context: GuardContext): readonly Found[] =>
  GUARDS[kind](changesOf(changes, kind), context);

/** Every refusal of the plan's changes, kind by kind in the plan's order; empty when it may be applied. */
export function checkGuards(changes: readonly PlanChange[], context: GuardContext): Refusal[] {
  return CHANGE_KINDS.flatMap((kind) => guardsOf(kind, changes, context)).filter((refusal): refusal is Refusal => refusal !== undefined);
}
