// Assembles the plan: the diff, the effective-access and expiry warnings, the summary and the checksum.
import type { Scope } from '../core/coverage.js';
import { DEFAULT_MAX_TEAM_DELETIONS, DEFAULT_MAX_TOKEN_REVOCATIONS } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import type { MemberChange } from '../core/people.js';
import { type Change, type DiffPlan, grantChanges, managedChanges, type PlanWarning, planChanges, summarise } from '../core/plan.js';
import type { PolicyViolation } from '../core/policy.js';
import { scopeOf } from '../core/scope.js';
import type { ServerInfo } from '../core/server.js';
import type { TeamChange } from '../core/teams.js';
import type { TokenPolicyChange } from '../core/token-policy.js';
import { type PlannedTeams, plannedTeams } from '../resolve/planned-teams.js';
import { type ChecksumInput, checksumOf, policiesDigestOf, scopeSumOf } from './checksum.js';
import { coverageOf, incompleteTargetsOf } from './completeness.js';
import { diff, indexLive, liveTargetsOf } from './diff.js';
import { expiryWarnings } from './expiry.js';
import { memberGuardInputsOf } from './member-guard-inputs.js';
import { diffMembers, type MemberPlan, managesMembers } from './members.js';
import { recreatedTeamWarnings } from './recreated.js';
import { diffTeams } from './teams.js';
import { diffTokenPolicy, namedTokens } from './token-policy.js';
import { warnings } from './warnings.js';

/** What the run learnt beside the two states: the server (its ping), what it may not support (support.ts), what the sets met (expand/expand.ts). */
export interface PlanContext {
  readonly server?: ServerInfo;
  readonly supportWarnings?: readonly PlanWarning[];
  readonly setWarnings?: readonly PlanWarning[];
  /** The clock of the run (epoch milliseconds), for the expiry warnings (expiry.ts); absent: none. */
  readonly now?: number;
  /** What the run was asked to cover (the paths, --target); absent: nothing narrowed, no paths. */
  readonly scope?: Scope;
  /** `--target`: the plan covers part of the files, and deletes no team (diff/teams.ts). */
  readonly targeted?: boolean;
}

/** Whether the files manage teams themselves (`teams:`, or settings.prune-teams): only then has a plan team changes. */
export function managesTeams(desired: DesiredState): boolean {
  return desired.teams !== undefined || desired.settings.pruneTeams === true;
}

/**
 * docs/plan.md, "Member changes": with people read and the files managing members; a --target plan
 * makes none and says so (people belong to the organization, as teams do, and its other targets
 * were not read).
 */
function planMembers(desired: DesiredState, live: LiveState, planned: PlannedTeams | undefined, targeted: boolean): MemberPlan | PlanWarning | undefined {
  if (!managesMembers(desired)) return undefined;
  if (targeted)
    return {
      code: 'members-not-planned',
      message: 'this --target plan makes no member changes: people belong to the organization, not to a target; plan without --target to change members',
    };
  if (!live.people) return undefined;
  return diffMembers(desired, live, planned ?? plannedTeams(desired.teams, [...live.teams.values()]));
}

/** The plan without its refusals: the guards come after the diff (guard/plan-refusals.ts). */
export function buildPlan(
  desired: DesiredState,
  live: LiveState,
  { server, supportWarnings = [], setWarnings = [], now, scope = scopeOf({}), targeted = false }: PlanContext = {},
): DiffPlan {
  const teams = managesTeams(desired) ? diffTeams(desired, live, { targeted }) : undefined;
  const planned = planMembers(desired, live, teams?.planned, targeted);
  const members = planned && 'changes' in planned ? planned : undefined;
  const memberWarnings = planned === undefined ? [] : 'changes' in planned ? planned.warnings : [planned];
  const tokenPolicy = desired.tokenPolicy && live.tokens ? diffTokenPolicy(desired.tokenPolicy, namedTokens(live.tokens, live.teams), now) : undefined;
  const index = indexLive(live, teams?.planned.byName);
  const liveTargets = liveTargetsOf(desired, index);
  const changes = diff(desired, live, index, liveTargets);
  const incomplete = incompleteTargetsOf(live);
  const expiring = now === undefined ? [] : expiryWarnings(desired, index, changes, now);
  // The sets' warnings name no target: settings.ignore-warnings alone silences them.
  const ignored = new Set<string>(desired.settings.ignoreWarnings ?? []);
  return {
    organization: desired.organization,
    ...planChanges({
      grant: changes,
      ...(teams ? { team: teams.changes } : {}),
      ...(members ? { member: members.changes } : {}),
      ...(tokenPolicy ? { 'token-policy': tokenPolicy } : {}),
    }),
    summary: summarise(changes),
    warnings: [
      ...setWarnings.filter((w) => !ignored.has(w.code)),
      ...warnings(desired, index, liveTargets),
      ...expiring,
      ...supportWarnings,
      ...(teams?.warnings ?? []).filter((w) => !ignored.has(w.code)),
      ...memberWarnings.filter((w) => !ignored.has(w.code)),
      ...recreatedTeamWarnings(changes, live).filter((w) => !ignored.has(w.code)),
    ],
    checksum: planChecksum(desired, incomplete, changes, [], teams?.changes, members && memberChecksumOf(desired, live, members.changes), tokenPolicy, scope),
    ...(server ? { server } : {}),
    // Every target read is one the plan covers (a saved plan's basis lists the same).
    managedTargets: live.targets.size,
    coverage: coverageOf(live, [], incomplete),
    scope,
    ...(members ? { pendingInvites: members.pending } : {}),
  };
}

/** What the checksum covers of the member changes: them and the member guards' inputs. */
function memberChecksumOf(desired: DesiredState, live: LiveState, changes: readonly MemberChange[]): MemberChecksum {
  return { changes, guards: memberGuardInputsOf(desired, live) };
}

type MemberChecksum = NonNullable<ChecksumInput['members']>;

/** The checksum of `changes` planned from `desired` against a read with `incompleteTargets` (incompleteTargetsOf), with the policies' verdict and the team changes. */
function planChecksum(
  desired: DesiredState,
  incompleteTargets: ReadonlySet<string>,
  changes: readonly Change[],
  violations: readonly PolicyViolation[],
  teamChanges: readonly TeamChange[] | undefined,
  members: MemberChecksum | undefined,
  tokenPolicy: readonly TokenPolicyChange[] | undefined,
  scope: Scope | undefined,
): string {
  const guards = { maxRemovals: desired.settings.maxRemovals, incompleteTargets };
  const teams = teamChanges ? { teams: { changes: teamChanges, maxTeamDeletions: desired.settings.maxTeamDeletions ?? DEFAULT_MAX_TEAM_DELETIONS } } : {};
  return checksumOf({
    organization: desired.organization,
    changes,
    ...guards,
    policies: policiesDigestOf(desired.policies ?? []),
    violations,
    ...teams,
    ...(members ? { members } : {}),
    ...(tokenPolicy
      ? { tokenPolicy: { changes: tokenPolicy, maxTokenRevocations: desired.settings.maxTokenRevocations ?? DEFAULT_MAX_TOKEN_REVOCATIONS } }
      : {}),
    // docs/plan.md, "Scoped plans": a scoped plan's checksum covers its scope.
    ...scopeSumOf(scope),
  });
}

/**
 * The plan with the violations of the files' policies (found once its changes are known), and the
 * checksum that covers them: buildPlan's covers none found (docs/apply.md, "`--checksum`: the reviewed plan without moving a file").
 */
export function withViolations<P extends DiffPlan>(plan: P, desired: DesiredState, live: LiveState, violations: readonly PolicyViolation[]): P {
  const memberChanges = managedChanges(plan, 'member');
  const members = memberChanges && memberChecksumOf(desired, live, memberChanges);
  const checksum = planChecksum(
    desired,
    incompleteTargetsOf(live),
    grantChanges(plan),
    violations,
    managedChanges(plan, 'team'),
    members,
    managedChanges(plan, 'token-policy'),
    plan.scope,
  );
  return { ...plan, violations, checksum };
}
