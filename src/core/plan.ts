// The plan: what the diff produces and every renderer, guard and executor reads. Plain data.
import type { Resource } from './access.js';
import type { Attribution, AuditCoverage } from './audit.js';
import type { Coverage, Scope } from './coverage.js';
import type { EffectiveChange } from './effective.js';
import type { Access, GrantOrigin, GrantRead, ReportedAccess, TargetRef, TeamRef } from './model.js';
import type { MemberChange, PendingInvite } from './people.js';
import type { PolicyViolation } from './policy.js';
import type { ServerInfo } from './server.js';
import type { TeamChange } from './teams.js';
import type { TokenPolicyChange } from './token-policy.js';
import type { WarningCode } from './warning-codes.js';

interface ChangeBase {
  readonly resource: Resource;
  readonly team: TeamRef;
  readonly target: TargetRef;
  /**
   * Where the change's desired grant comes from (docs/sets.md, "Sets"): the target's entry or a set; for
   * a removal, what prunes the target. Every plan's changes carry it; older saved plans may not.
   */
  readonly source?: GrantOrigin;
  /** docs/drift.md, "Who changed it": who left live access as it is, or why nobody is named. Not part of the checksum. */
  readonly attribution?: Attribution;
}

export interface AddChange extends ChangeBase {
  readonly action: 'add';
  readonly after: Access;
  /** The role the file named for this grant (`after` is then its custom vector). */
  readonly afterRole?: string;
  /** When the file's grant ends (GrantExpiry.at): the plan after that removes it. */
  readonly expires?: string;
}

export interface UpdateChange extends ChangeBase {
  readonly action: 'update';
  /** The grant's id (`tprj-...` / `tws-...`). */
  readonly id: string;
  readonly before: ReportedAccess;
  readonly after: Access;
  /** The effective permissions stay the same; only the label changes (custom <-> a fixed level). */
  readonly labelOnly: boolean;
  /** The role of the files whose permissions the live grant has (diff/roles.ts, roleOfLive). */
  readonly beforeRole?: string;
  /** The role the file named for this grant. */
  readonly afterRole?: string;
  /** When the file's grant ends (GrantExpiry.at): the plan after that removes it. */
  readonly expires?: string;
}

export interface RemoveChange extends ChangeBase {
  readonly action: 'remove';
  readonly id: string;
  readonly before: ReportedAccess;
  /** The role of the files whose permissions the live grant has (diff/roles.ts, roleOfLive). */
  readonly beforeRole?: string;
  /**
   * `expired`: the files grant the team here with an expiry that has passed (docs/files.md, "Grants that
   * expire"), so it goes whatever prune says; `expires` is then when it ended. Absent: pruned.
   */
  readonly reason?: RemoveReason;
  readonly expires?: string;
}

export const REMOVE_REASONS = ['expired'] as const;
export type RemoveReason = (typeof REMOVE_REASONS)[number];

/** A grant's change (the kind `grant` of PlanChange). */
export type Change = AddChange | UpdateChange | RemoveChange;
export type Action = Change['action'];

/**
 * One change of a plan, whatever it changes: its kind of managed object and the change, with that
 * kind's typed action and before and after (Terraform's `plans.ResourceInstanceChange`). Every
 * consumer that differs by kind (the executor, the guards, saved plans, renderers, attribution,
 * adopt) keeps a table keyed by PlanChangeKind, so a kind added here does not compile until each has
 * its row (docs/architecture.md, "Where a change goes").
 */
export type PlanChange =
  | { readonly kind: 'grant'; readonly change: Change }
  | { readonly kind: 'team'; readonly change: TeamChange }
  | { readonly kind: 'member'; readonly change: MemberChange }
  | { readonly kind: 'token-policy'; readonly change: TokenPolicyChange };
export type PlanChangeKind = PlanChange['kind'];
/** The change of a kind (`ChangeOf<'team'>` is a TeamChange). */
export type ChangeOf<K extends PlanChangeKind> = Extract<PlanChange, { readonly kind: K }>['change'];
/** A table the compiler checks against the kinds: one row per kind, each given that kind's changes. */
export type ByKind<R> = { readonly [K in PlanChangeKind]: R };

/** The kinds in the plan's order: its list holds the grants first, then the teams, then the members (each kind sorted its own way). */
const KIND_ORDER: ByKind<number> = { grant: 0, team: 1, member: 2, 'token-policy': 3 };
export const CHANGE_KINDS: readonly PlanChangeKind[] = (Object.keys(KIND_ORDER) as PlanChangeKind[]).sort((a, b) => KIND_ORDER[a] - KIND_ORDER[b]);

/** The changes of one kind, in the plan's order. */
export function changesOf<K extends PlanChangeKind>(changes: readonly PlanChange[], kind: K): ChangeOf<K>[] {
  const out: ChangeOf<K>[] = [];
  for (const item of changes) if (item.kind === kind) out.push(item.change as ChangeOf<K>);
  return out;
}

/** A plan's grant changes. */
export const grantChanges = (plan: Pick<Plan, 'changes'>): Change[] => changesOf(plan.changes, 'grant');

/** A plan's changes of `kind`; undefined when it does not manage that kind (its documents then leave the kind's keys out). */
export function managedChanges<K extends PlanChangeKind>(plan: Pick<Plan, 'changes' | 'manages'>, kind: K): ChangeOf<K>[] | undefined {
  return kind === 'grant' || plan.manages?.includes(kind) ? changesOf(plan.changes, kind) : undefined;
}

/** Each kind's changes, sorted: grants always, another kind when the plan manages it. */
export type ChangesByKind = { readonly grant: readonly Change[] } & { readonly [K in Exclude<PlanChangeKind, 'grant'>]?: readonly ChangeOf<K>[] };

/** The one list of a plan from each kind's changes; the kinds given beside grants are the ones it manages. */
export function planChanges(byKind: ChangesByKind): Pick<Plan, 'changes' | 'manages'> {
  const changes: PlanChange[] = [];
  const manages: Exclude<PlanChangeKind, 'grant'>[] = [];
  for (const kind of CHANGE_KINDS) {
    const given = byKind[kind];
    if (given === undefined) continue;
    if (kind !== 'grant') manages.push(kind);
    for (const change of given) changes.push({ kind, change } as PlanChange);
  }
  return manages.length > 0 ? { changes, manages } : { changes };
}

export interface PlanWarning {
  readonly code: WarningCode;
  readonly message: string;
  readonly target?: TargetRef;
  readonly team?: string;
}

/** The safety guards of apply (docs/apply.md, "Safety guards"). */
export const GUARD_NAMES = [
  'max-removals',
  'incomplete-read',
  'owners-team',
  'max-team-deletions',
  'max-member-removals',
  'min-owners',
  'max-people-removals',
  'own-team',
  'untouchable-member',
  'max-token-revocations',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

/** A guard that refuses the plan: what `plan` reports and `apply` enforces (src/guard). */
export interface PlanRefusal {
  readonly guard: GuardName;
  /** What the plan would do that the guard refuses. */
  readonly message: string;
  /** What the user can do about it. */
  readonly howToProceed: string;
}

export interface Summary {
  readonly add: number;
  readonly update: number;
  readonly remove: number;
}

export interface Plan {
  readonly organization: string;
  /**
   * Every change, one list: the grants sorted by target (type, name) then team name, then the teams'
   * by TEAM_ACTION_ORDER then name, then the members' by MEMBER_ACTION_ORDER: the same state always
   * gives the same plan. `grantChanges` and `managedChanges` are views of it.
   */
  readonly changes: readonly PlanChange[];
  /**
   * docs/plan.md, "Team changes" and "Member changes": the kinds beside grants the plan manages
   * (`team` when the files manage teams, `member` when they manage members and the people were read),
   * even with no change of the kind. Absent: grants only; such a plan reads, serialises and sums as before.
   */
  readonly manages?: readonly Exclude<PlanChangeKind, 'grant'>[];
  readonly summary: Summary;
  readonly warnings: readonly PlanWarning[];
  /** diff/checksum.ts: sha256 of the changes, the guards' inputs, the policies and their violations, the organization and the format. */
  readonly checksum: string;
  /**
   * Every guard that refuses the plan as apply would run it without --force (empty: apply may go
   * ahead). Derived from the changes and the guards' inputs, so the checksum covers it through
   * them; a saved plan's are derived again when it is read (saved-plan/parse.ts).
   */
  readonly refusals: readonly PlanRefusal[];
  /** What the changes do to effective access (docs/effective-access.md, "Effective access"), when the plan was read for it. */
  readonly effectiveChanges?: readonly EffectiveChange[];
  /** The server the plan was read from (its ping), when known; not part of the checksum. */
  readonly server?: ServerInfo;
  /** How the live grants were read (docs/connecting.md, "Reading by team"); not part of the checksum. */
  readonly read?: GrantRead;
  /** How many projects and workspaces the plan covers, when known: 0 is said as such, never as "no changes". */
  readonly managedTargets?: number;
  /** `--target` (`project:NAME`, `workspace:NAME`): the plan covers these only, and says so. Absent: every target of the files. */
  readonly targeted?: readonly string[];
  /**
   * docs/effective-access.md, "Policies": every policy the access would break once the plan is applied (`plan`,
   * `apply`) or breaks now (`drift`), when the files have policies. Any refuses the plan (exit 3).
   * Part of the checksum (diff/plan.ts, withViolations), though it also depends on targets the
   * files do not manage; `apply --plan` finds them again and never trusts a saved plan's.
   */
  readonly violations?: readonly PolicyViolation[];
  /**
   * docs/plan.md, "Plan and drift": whether the read is known to be whole (diff/completeness.ts,
   * coverageOf). Not part of the checksum, as `read` is not: the incomplete targets already are.
   */
  readonly coverage: Coverage;
  /** What the run was asked to cover: the paths and every --target, as given. Not part of the checksum. */
  readonly scope: Scope;
  /** Invitations the files ask for that are not accepted yet: no change, no drift; shown as pending. */
  readonly pendingInvites?: readonly PendingInvite[];
  /**
   * docs/drift.md, "Who changed it": what the audit trail read covered (or why none was read), when the
   * run attributes its items (`drift` always; `plan` with an audit token). Not part of the checksum.
   */
  readonly audit?: AuditCoverage;
}

/** The plan as the diff makes it, before the guards are evaluated (guard/plan-refusals.ts adds them). */
export type DiffPlan = Omit<Plan, 'refusals'>;

export function summarise(changes: readonly Change[]): Summary {
  const summary = { add: 0, update: 0, remove: 0 };
  for (const change of changes) summary[change.action] += 1;
  return summary;
}
