// Policies (docs/effective-access.md, "Policies"): what the files ask, and a broken one: which policy, on which
// target, by which team, and what breaks it. Plain data, shared by validation, the checker
// (src/policy/), the plan, the report and their renderers; the kinds of rule are the rows of
// core/policy-rules.ts.

import type { JsonObject } from './json-value.js';
import type { Selecting, SetMatch, SourceRef, TargetRef, TargetType, TeamRef } from './model.js';
import type { Finding, OrganizationWideRule, TargetRule } from './policy-rules.js';

interface ViolationOf {
  /** The policy's name. */
  readonly policy: string;
  /** null: the organization itself, for a rule on the teams' organization access (`organization-access`). */
  readonly target: TargetRef | null;
  /** The team that breaks it; null when no one team does (`max-teams`: the finding names them all). */
  readonly team: TeamRef | null;
  /**
   * docs/evidence.md, "New and live violations": `new` when the plan's change introduces or
   * worsens it (only these block), `live` when the access already breaks it as it is. Absent where
   * no comparison is made (drift and report see only one state).
   */
  readonly status?: 'new' | 'live';
  /** docs/evidence.md, "Accepted exceptions": the exception that accepts it, until it ends. */
  readonly accepted?: AcceptedBy;
  /** docs/evidence.md, "Accepted exceptions": an exception that accepted it has ended (`expires` is when); a violation again, said so. */
  readonly lapsed?: AcceptedBy;
}

/** An exception of the policy that accepts a violation: why, and until when. */
export interface AcceptedBy {
  readonly reason: string;
  /** RFC 3339, UTC. */
  readonly expires: string;
}

/**
 * `exceptions:` of a policy: a violation by this team or person on this target is accepted (shown
 * with its reason) until `expires`, then it is a violation again.
 */
export interface PolicyException {
  readonly team?: string;
  readonly person?: string;
  readonly workspace?: string;
  readonly project?: string;
  readonly reason: string;
  /** RFC 3339, UTC. */
  readonly expires: string;
  readonly source?: SourceRef;
}

/** A violation as the check finds it: what breaks the policy, as data (render/violations/violation-message.ts phrases it). */
export interface FoundViolation extends ViolationOf {
  readonly found: Finding;
}

/**
 * A violation read back from a saved plan: its words, as the plan wrote them, and its finding as the
 * JSON the plan kept (core/finding-document.ts), which the checksum hashes; the words it does not.
 */
export interface SavedViolation extends ViolationOf {
  readonly message: string;
  readonly finding: JsonObject;
}

export type PolicyViolation = FoundViolation | SavedViolation;

/**
 * When a grant the files give ends (docs/files.md, "Grants that expire"), by the ids of its team and
 * target: what the rules that read grant expiries compare (core/policy-rules.ts). A grant with no
 * end listed never ends.
 */
export interface GrantEnd {
  readonly teamId: string;
  readonly targetId: string;
  /** RFC 3339, UTC (GrantExpiry.at). */
  readonly at: string;
}

interface PolicyOf {
  readonly name: string;
  readonly exceptions?: readonly PolicyException[];
  readonly source?: SourceRef;
  /** Where each team name of the rule was written, for the resolver's messages. */
  readonly teamSources?: ReadonlyMap<string, SourceRef>;
}

/** `policies:`, validated: a rule checked on the effective access of every target the match selects. */
export interface TargetPolicy extends Selecting, PolicyOf {
  readonly type: TargetType;
  readonly match: SetMatch;
  readonly rule: TargetRule;
}

/** A policy of the whole organization (`organization-access`): checked once, on the teams' organization access, with no match. */
export interface OrganizationPolicy extends PolicyOf {
  readonly type: 'organization';
  readonly rule: OrganizationWideRule;
}

export type DesiredPolicy = TargetPolicy | OrganizationPolicy;

/**
 * docs/evidence.md: whether the violation blocks (plan exit 3, apply's refusal, drift exit 2): not
 * accepted by an exception, and not already live before the plan's change.
 */
export function blocks(violation: PolicyViolation): boolean {
  return violation.accepted === undefined && violation.status !== 'live';
}

/** The policies checked on targets (those with a match). */
export function targetPolicies(policies: readonly DesiredPolicy[]): TargetPolicy[] {
  return policies.filter((p): p is TargetPolicy => p.type !== 'organization');
}

/** The policies checked once on the teams' organization access. */
export function organizationPolicies(policies: readonly DesiredPolicy[]): OrganizationPolicy[] {
  return policies.filter((p): p is OrganizationPolicy => p.type === 'organization');
}
