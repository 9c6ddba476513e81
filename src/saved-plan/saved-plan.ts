// A saved plan (`plan --out FILE`): the plan's changes and what they were based on, so that
// `apply --plan FILE` can refuse to apply them to a reality that moved (docs/apply.md, "Saved plans").
// It holds no token: the address, the organization, ids, names and fingerprints only.

import { DEFAULT_MAX_TEAM_DELETIONS, DEFAULT_MAX_TOKEN_REVOCATIONS } from '../core/defaults.js';
import type { FilesState } from '../core/desired-state.js';
import type { JsonObject } from '../core/json-value.js';
import type { LiveState, TargetType } from '../core/model.js';
import type { Plan } from '../core/plan.js';
import type { DesiredPolicy, GrantEnd } from '../core/policy.js';
import { policyMeaning } from '../core/policy-document.js';
import { rulesRead } from '../core/policy-rules.js';
import { incompleteTargetsOf } from '../diff/completeness.js';
import { type MemberGuardInputs, memberGuardInputsOf } from '../diff/member-guard-inputs.js';
import { InternalError } from '../errors.js';
import { fingerprintDesired, fingerprintGrants, fingerprintPeople, fingerprintTeams, fingerprintTokenPolicy } from './fingerprint.js';
import type { HmacState } from './seal.js';

/**
 * The saved-plan file format; a reader refuses any other (docs/apply.md, "Saved plans"; after changesets).
 * 2: the seal (`integrity`) and a checksum that covers the guards' inputs.
 * 3: the policies in the basis, a checksum that covers them and their violations, the optional
 *    keyed seal (`hmac`, seal.ts); the grants' ends in the basis when a policy reads them
 *    (`max-expiry`: a plan without such a policy is written as before).
 * 4: team changes (docs/plan.md, "Team changes") and the teams they were planned from in the basis.
 *    Written only for a plan whose files manage teams, so that a reader of version 3 refuses it
 *    rather than apply its grants without the teams they need; every other plan is version 3.
 * 5: member changes and pending invitations (docs/plan.md, "Member changes"), and in the basis the
 *    people they were planned from with the member guards' inputs; team changes as in 4 when the
 *    files manage teams. Written only for a plan with member changes, so that a reader of version
 *    3 or 4 refuses it rather than apply it without its members.
 * 6: token-policy changes (docs/plan.md, "Token policy") with the tokens each ends, and in the basis
 *    the policy they were planned from and settings.max-token-revocations; team and member changes
 *    as in 5 when the plan has them. Written only for a plan with token-policy changes, so that a
 *    reader of an earlier version refuses it rather than apply it without them.
 * 7: a plan given --changed-from (docs/plan.md, "Scoped plans"): `plan.scope.changed_from` with the
 *    base and the targets, teams and token policy the change touches, a checksum that covers them
 *    when scoped, and a basis of the targets the plan read; team, member and token-policy changes
 *    as in 6 when the plan has them. Written only for such a plan, so that a reader of an earlier
 *    version refuses it rather than apply it as a plan of the whole files.
 */
export const SAVED_PLAN_FORMAT_VERSION = 3;
export const SAVED_PLAN_TEAMS_FORMAT_VERSION = 4;
export const SAVED_PLAN_MEMBERS_FORMAT_VERSION = 5;
export const SAVED_PLAN_TOKENS_FORMAT_VERSION = 6;
export const SAVED_PLAN_SCOPED_FORMAT_VERSION = 7;
export const SAVED_PLAN_KIND = 'tfe-access saved plan';

export interface BasisTarget {
  readonly type: TargetType;
  readonly name: string;
  readonly id: string;
  /** fingerprintGrants of the target's grants when planned. */
  readonly grants: string;
  /** False when the read may have been partial (the guards refuse removals there). */
  readonly complete: boolean;
}

export interface PlanBasis {
  /** fingerprintDesired of the desired state planned from. */
  readonly desired: string;
  /** settings.max-removals of that desired state, for the guards at apply time. */
  readonly maxRemovals: number;
  /** Every managed target, whether or not the plan changes it. */
  readonly targets: readonly BasisTarget[];
  /** The files' policies (docs/effective-access.md, "Policies"), in file order: `apply --plan` checks them again. */
  readonly policies: readonly DesiredPolicy[];
  /** When each grant of the files ends, by ids (policy/ends.ts): only when a policy reads it (`max-expiry`). */
  readonly expiries?: readonly GrantEnd[];
  /** When the plan has team changes: the teams as read (fingerprintTeams) and settings.max-team-deletions. */
  readonly teams?: BasisTeams;
  /** When the plan has member changes: the people as read (fingerprintPeople) and the member guards' inputs. */
  readonly members?: BasisMembers;
  /** When the plan has token-policy changes: the policy as read (fingerprintTokenPolicy) and settings.max-token-revocations. */
  readonly tokenPolicy?: BasisTokenPolicy;
}

export interface BasisTokenPolicy {
  readonly fingerprint: string;
  readonly maxTokenRevocations: number;
}

export interface BasisMembers {
  readonly fingerprint: string;
  readonly guards: MemberGuardInputs;
}

export interface BasisTeams {
  readonly fingerprint: string;
  readonly maxTeamDeletions: number;
}

export interface SavedPlan {
  /** The API address planned against (`https://app.terraform.io`), when known. */
  readonly address?: string;
  readonly plan: Plan;
  readonly basis: PlanBasis;
  /** The keyed seal, when the file has one (seal.ts); never set by savedPlanOf: it is the reader's finding. */
  readonly hmac?: HmacState;
}

/** `ends`: the plan's (PlanResult.ends), needed when a policy reads them. */
export function savedPlanOf(plan: Plan, desired: FilesState, live: LiveState, address?: string, ends?: readonly GrantEnd[]): SavedPlan {
  const incomplete = incompleteTargetsOf(live);
  const targets = [...live.targets.values()].map((t) => ({
    type: t.type,
    name: t.name,
    id: t.id,
    grants: fingerprintGrants(t.grants),
    complete: !incomplete.has(t.id),
  }));
  const policies = desired.policies ?? [];
  const teams = plan.manages?.includes('team')
    ? { teams: { fingerprint: fingerprintTeams(live.teams.values()), maxTeamDeletions: desired.settings.maxTeamDeletions ?? DEFAULT_MAX_TEAM_DELETIONS } }
    : {};
  const members = plan.manages?.includes('member')
    ? { members: { fingerprint: fingerprintPeople(live.people?.people ?? []), guards: memberGuardInputsOf(desired, live) } }
    : {};
  const tokenPolicy = tokenPolicyBasis(plan, desired, live);
  const basis: PlanBasis = {
    desired: fingerprintDesired(desired),
    maxRemovals: desired.settings.maxRemovals,
    targets,
    policies: policies.map(policyMeaning),
    ...expiriesOf(policies, ends),
    ...teams,
    ...members,
    ...tokenPolicy,
  };
  return address === undefined ? { plan, basis } : { address, plan, basis };
}

/** docs/apply.md, "Saved plans": the token policy as read, when the plan changes it. */
function tokenPolicyBasis(plan: Plan, desired: FilesState, live: LiveState): { tokenPolicy?: BasisTokenPolicy } {
  if (!plan.manages?.includes('token-policy')) return {};
  if (!live.tokens) throw new InternalError('a plan with token-policy changes, and the saved plan was not given the policy as read');
  const maxTokenRevocations = desired.settings.maxTokenRevocations ?? DEFAULT_MAX_TOKEN_REVOCATIONS;
  return { tokenPolicy: { fingerprint: fingerprintTokenPolicy(live.tokens.policy), maxTokenRevocations } };
}

/** The grants' ends when a policy reads them: a plan saved without them would check it against none. */
function expiriesOf(policies: readonly DesiredPolicy[], ends: readonly GrantEnd[] | undefined): { expiries?: readonly GrantEnd[] } {
  if (
    !rulesRead(
      policies.map((p) => p.rule),
      'grant-expiries',
    )
  )
    return {};
  if (ends === undefined) throw new InternalError("a policy reads the grants' ends, and the saved plan was not given them");
  return { expiries: ends };
}

/** docs/effective-access.md, "Policies": `{team, target, at}`, by ids. */
export function expiryDocument(end: GrantEnd): JsonObject {
  return { team: end.teamId, target: end.targetId, at: end.at };
}

/** The lowest version that holds what the plan has: --changed-from 7, token policy 6, members 5, teams 4, else 3. */
export function savedPlanFormatOf(basis: PlanBasis, changedFrom = false): number {
  if (changedFrom) return SAVED_PLAN_SCOPED_FORMAT_VERSION;
  if (basis.tokenPolicy) return SAVED_PLAN_TOKENS_FORMAT_VERSION;
  if (basis.members) return SAVED_PLAN_MEMBERS_FORMAT_VERSION;
  return basis.teams ? SAVED_PLAN_TEAMS_FORMAT_VERSION : SAVED_PLAN_FORMAT_VERSION;
}

/** The guards' inputs as the checksum takes them (diff/checksum.ts). */
export function basisGuardInputs(basis: PlanBasis): {
  maxRemovals: number;
  incompleteTargets: string[];
  maxTeamDeletions?: number;
  memberGuards?: MemberGuardInputs;
  maxTokenRevocations?: number;
} {
  const teams = basis.teams ? { maxTeamDeletions: basis.teams.maxTeamDeletions } : {};
  const members = basis.members ? { memberGuards: basis.members.guards } : {};
  const tokens = basis.tokenPolicy ? { maxTokenRevocations: basis.tokenPolicy.maxTokenRevocations } : {};
  return {
    maxRemovals: basis.maxRemovals,
    incompleteTargets: basis.targets.filter((t) => !t.complete).map((t) => t.id),
    ...teams,
    ...members,
    ...tokens,
  };
}
