// The plan's checksum: sha256 of everything apply decides from, in a fixed JSON form, so the same
// state always gives the same checksum (docs/apply.md, "`--checksum`: the reviewed plan without moving a
// file"). Not only the changes: a reviewer who approves a checksum approves the guards' inputs too
// (the removal limit and which targets were read partially), and so the refusals, which are a
// function of those and the changes (guard/plan-refusals.ts); the policies' verdict (every
// violation) and the policies themselves (their digest); the organization and the plan format. So
// a plan whose guards were loosened, whose violations were dropped or whose policies were changed
// after the review no longer matches it. A violation counts by its findings (core/finding-document.ts),
// not its message. The hash is core/sha256.ts's.

import type { Scope } from '../core/coverage.js';
import { violationFacts } from '../core/finding-document.js';
import { memberChangeDocument } from '../core/member-document.js';
import { byEntryKey } from '../core/order.js';
import type { MemberChange } from '../core/people.js';
import { CHANGE_KINDS, type Change, type PlanChangeKind } from '../core/plan.js';
import { changeDocument, PLAN_FORMAT_VERSION, teamChangeDocument } from '../core/plan-document.js';
import type { DesiredPolicy, PolicyViolation } from '../core/policy.js';
import { policyDocument } from '../core/policy-document.js';
import { sha256Hex as sha256 } from '../core/sha256.js';
import type { TeamChange } from '../core/teams.js';
import { tokenPolicyChangeDocument } from '../core/token-document.js';
import type { TokenPolicyChange } from '../core/token-policy.js';
import { limitText, type MemberGuardInputs } from './member-guard-inputs.js';

export interface ChecksumInput {
  readonly organization: string;
  readonly changes: readonly Change[];
  /** `settings.max-removals`: the limit of the removal-count guard. */
  readonly maxRemovals: number;
  /** Ids of the managed targets whose read may be partial (the incomplete-read guard's input). */
  readonly incompleteTargets: Iterable<string>;
  /** policiesDigestOf the files' policies (no policies have a digest too). */
  readonly policies: string;
  /** The policies' violations the plan found (docs/effective-access.md, "Policies"); none checked, none found. */
  readonly violations: readonly PolicyViolation[];
  /** docs/plan.md, "Team changes": when the files manage teams, the team changes and the deletion guard's limit. */
  readonly teams?: { readonly changes: readonly TeamChange[]; readonly maxTeamDeletions: number };
  /** docs/plan.md, "Member changes": when the plan has member changes, them and the member guards' inputs. */
  readonly members?: { readonly changes: readonly MemberChange[]; readonly guards: MemberGuardInputs };
  /** docs/plan.md, "Token policy": when the files have one, its changes (with the tokens each ends) and the guard's limit. */
  readonly tokenPolicy?: { readonly changes: readonly TokenPolicyChange[]; readonly maxTokenRevocations: number };
  /** docs/plan.md, "Scoped plans": a scoped plan's scope (what it read and may write); absent for every other plan. */
  readonly scope?: ScopeSum;
}

/** What a scoped plan's checksum covers of its scope: what the change touches, not how the base was named. */
export interface ScopeSum {
  readonly targets: readonly string[];
  readonly teams: readonly string[];
  readonly tokenPolicy: boolean;
}

/** The scope's part of the checksum: only a scoped plan has one, so no other plan's checksum moves. */
export function scopeSumOf(scope: Scope | undefined): { scope?: ScopeSum } {
  const c = scope?.changedFrom;
  return c?.scoped ? { scope: { targets: c.targets, teams: c.teams, tokenPolicy: c.tokenPolicy } } : {};
}

/** The member guards' inputs in a fixed JSON form (the team sizes by id, sorted). */
export function memberGuardsDocument(guards: MemberGuardInputs): { [key: string]: string | number | [string, number][] } {
  const limit = guards.maxMemberRemovals;
  return {
    // A count as a number, a percentage as the files write it (`25%`).
    max_member_removals: typeof limit === 'number' ? limit : limitText(limit),
    min_owners: guards.minOwners,
    max_people_removals: guards.maxPeopleRemovals,
    team_sizes: [...guards.teamSizes].sort(byEntryKey),
    owners: guards.owners,
  };
}

/** sha256 of the policies in their canonical form, in file order (the order violations are listed in). */
export function policiesDigestOf(policies: readonly DesiredPolicy[]): string {
  return sha256(JSON.stringify(policies.map(policyDocument)));
}

type Sum = { readonly [key: string]: unknown };

/**
 * Each kind beside grants, its part of the document: under its own key, and only when the input
 * has it, so a plan without the kind keeps its checksum (a new kind adds a row and an optional key
 * of ChecksumInput; no byte of the others moves).
 */
const KIND_SUMS: { readonly [K in Exclude<PlanChangeKind, 'grant'>]: (input: ChecksumInput) => Sum } = {
  team: ({ teams }) => (teams ? { teams: { changes: teams.changes.map(teamChangeDocument), max_team_deletions: teams.maxTeamDeletions } } : {}),
  member: ({ members }) => (members ? { members: { changes: members.changes.map(memberChangeDocument), guards: memberGuardsDocument(members.guards) } } : {}),
  'token-policy': ({ tokenPolicy }) =>
    tokenPolicy
      ? { token_policy: { changes: tokenPolicy.changes.map(tokenPolicyChangeDocument), max_token_revocations: tokenPolicy.maxTokenRevocations } }
      : {},
};

/** The kinds' parts in the plan's order of kinds (teams, then members). */
const kindSums = (input: ChecksumInput): Sum => Object.assign({}, ...CHANGE_KINDS.flatMap((kind) => (kind === 'grant' ? [] : [KIND_SUMS[kind](input)])));

export function checksumOf(input: ChecksumInput): string {
  const document = {
    format_version: PLAN_FORMAT_VERSION,
    organization: input.organization,
    guards: { max_removals: input.maxRemovals, incomplete_targets: [...input.incompleteTargets].sort() },
    changes: input.changes.map(changeDocument),
    policies: input.policies,
    // What each violation found, never its words: a rewording of a renderer changes no checksum.
    violations: input.violations.map(violationFacts),
    ...kindSums(input),
    ...(input.scope ? { scope: { targets: [...input.scope.targets], teams: [...input.scope.teams], token_policy: input.scope.tokenPolicy } } : {}),
  };
  return sha256(JSON.stringify(document));
}
