// The document `plan --out` writes (docs/apply.md, "Saved plans"), before its seals
// (saved-plan/seal.ts, sealDocument): the basis, and the plan as `--format json` writes it, each
// violation with its finding beside its words (core/finding-document.ts), what the checksum hashes
// and the reader needs to sum it again. saved-plan/parse.ts reads it back. Pure.
import { findingOf } from '../../core/finding-document.js';
import type { JsonObject, JsonValue } from '../../core/json-value.js';
import { CHANGE_KINDS, type Plan, type PlanChangeKind } from '../../core/plan.js';
import { policyDocument } from '../../core/policy-document.js';
import { memberGuardsDocument } from '../../diff/checksum.js';
import { expiryDocument, type PlanBasis, SAVED_PLAN_KIND, type SavedPlan, savedPlanFormatOf } from '../../saved-plan/saved-plan.js';
import { withoutAttribution } from '../../triage/annotate.js';
import { planJsonDocument } from './json.js';

/** Each kind beside grants, its part of the basis, under its own key and only when the plan manages it (a new kind adds a row; no byte of the others moves). */
const NONE: JsonObject = {};
const KIND_BASES: { readonly [K in Exclude<PlanChangeKind, 'grant'>]: (basis: PlanBasis) => JsonObject } = {
  team: ({ teams }) => (teams ? { teams: { fingerprint: teams.fingerprint, max_team_deletions: teams.maxTeamDeletions } } : NONE),
  member: ({ members }) => (members ? { members: { fingerprint: members.fingerprint, ...memberGuardsDocument(members.guards) } } : NONE),
  'token-policy': ({ tokenPolicy }) =>
    tokenPolicy ? { token_policy: { fingerprint: tokenPolicy.fingerprint, max_token_revocations: tokenPolicy.maxTokenRevocations } } : NONE,
};

const kindBases = (basis: PlanBasis): JsonObject => Object.assign({}, ...CHANGE_KINDS.flatMap((kind) => (kind === 'grant' ? [] : [KIND_BASES[kind](basis)])));

function basisDocument(basis: PlanBasis): JsonObject {
  return {
    desired: basis.desired,
    max_removals: basis.maxRemovals,
    targets: basis.targets.map((t) => ({ type: t.type, name: t.name, id: t.id, grants: t.grants, complete: t.complete })),
    policies: basis.policies.map(policyDocument),
    ...(basis.expiries ? { expiries: basis.expiries.map(expiryDocument) } : {}),
    ...kindBases(basis),
  };
}

/** The plan's JSON document, each violation with its finding last. */
function planPart(plan: Plan): JsonObject {
  // docs/drift.md, "Who changed it": attribution is shown when the plan is made, never kept.
  const document = planJsonDocument(withoutAttribution(plan));
  const violations = plan.violations;
  if (violations === undefined) return document;
  const phrased = document.violations as JsonObject[];
  return { ...document, violations: phrased.map((v, i) => ({ ...v, finding: findingOf(violations[i] as (typeof violations)[number]) })) };
}

/** Every key of the saved plan but its seals. */
export function savedPlanContent(saved: SavedPlan): { [key: string]: JsonValue } {
  return {
    kind: SAVED_PLAN_KIND,
    format_version: savedPlanFormatOf(saved.basis, saved.plan.scope?.changedFrom !== undefined),
    address: saved.address ?? null,
    basis: basisDocument(saved.basis),
    plan: planPart(saved.plan),
  };
}
