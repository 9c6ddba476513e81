// The JSON plan (docs/plan.md, "Formats", `json`: plan format 1), pretty-printed for humans and diff tools.

import type { Adoption } from '../../core/adoption.js';
import { effectiveChangeDocument } from '../../core/effective-document.js';
import type { JsonObject } from '../../core/json-value.js';
import { memberChangeDocument, memberSummaryDocument, pendingInviteDocument } from '../../core/member-document.js';
import { CHANGE_KINDS, type ChangeOf, managedChanges, type Plan, type PlanChangeKind } from '../../core/plan.js';
import {
  changeDocument,
  PLAN_FORMAT_VERSION,
  readDocument,
  serverDocument,
  teamChangeDocument,
  teamSummaryDocument,
  warningDocument,
} from '../../core/plan-document.js';
import { tokenPolicyChangeDocument } from '../../core/token-document.js';
import { adoptionDocument } from '../drift/adoption-json.js';
import { auditDocument, withAttribution } from '../drift/attribution-document.js';
import { coverageDocument } from '../shared/coverage.js';
import { violationDocument } from '../violations/violation-message.js';

/**
 * Each kind's keys of the plan's document, given its changes (docs/drift.md, "Who changed it": each
 * with its attribution, only when the run attributed them). A kind beside grants has its keys only
 * when the plan manages it (docs/plan.md, "Team changes", "Member changes"), so other plans keep their bytes.
 */
const KIND_DOCUMENTS: { readonly [K in PlanChangeKind]: (changes: readonly ChangeOf<K>[], plan: Plan) => JsonObject } = {
  grant: (changes) => ({ changes: changes.map((c) => withAttribution(changeDocument(c), c.attribution)) }),
  team: (changes) => ({
    team_changes: changes.map((c) => withAttribution(teamChangeDocument(c), c.attribution)),
    team_summary: teamSummaryDocument(changes),
  }),
  member: (changes, plan) => ({
    member_changes: changes.map((c) => withAttribution(memberChangeDocument(c), c.attribution)),
    member_summary: memberSummaryDocument(changes),
    pending_invites: (plan.pendingInvites ?? []).map(pendingInviteDocument),
  }),
  'token-policy': (changes) => ({ token_policy_changes: changes.map((c) => withAttribution(tokenPolicyChangeDocument(c), c.attribution)) }),
};

function kindDocument<K extends PlanChangeKind>(plan: Plan, kind: K): JsonObject {
  const changes = managedChanges(plan, kind);
  return changes ? KIND_DOCUMENTS[kind](changes, plan) : {};
}

/** The plan's own keys, in their fixed order (the violations phrased by violation-message.ts): the grants' early, the other kinds' after `targeted`. */
function planDocument(plan: Plan): JsonObject {
  const document: JsonObject = {
    format_version: PLAN_FORMAT_VERSION,
    organization: plan.organization,
    ...kindDocument(plan, 'grant'),
    summary: { add: plan.summary.add, update: plan.summary.update, remove: plan.summary.remove },
    checksum: plan.checksum,
    warnings: plan.warnings.map(warningDocument),
    refusals: plan.refusals.map((r) => ({ guard: r.guard, message: r.message, how_to_proceed: r.howToProceed })),
    ...(plan.effectiveChanges ? { effective_changes: plan.effectiveChanges.map(effectiveChangeDocument) } : {}),
    ...(plan.violations ? { violations: plan.violations.map(violationDocument) } : {}),
    ...(plan.targeted ? { targeted: [...plan.targeted] } : {}),
    ...CHANGE_KINDS.filter((kind) => kind !== 'grant').reduce<JsonObject>((keys, kind) => ({ ...keys, ...kindDocument(plan, kind) }), {}),
  };
  if (plan.server) document.server = serverDocument(plan.server);
  if (plan.read) document.read = readDocument(plan.read);
  if (plan.audit) document.audit = auditDocument(plan.audit);
  return document;
}

/**
 * The plan's whole document: its own keys, with what the read could not see and what the
 * run was asked (render/shared/coverage.ts phrases the reasons). What `--format json`, a saved plan and
 * `apply --format json` carry.
 */
export function planJsonDocument(plan: Plan): JsonObject {
  return { ...planDocument(plan), ...coverageDocument(plan.coverage, plan.scope) };
}

export function renderJson(plan: Plan, options: { readonly adoption?: Adoption } = {}): string {
  // `drift --adopt`: its edits beside the drift's keys, one document (docs/drift.md, "Adopt").
  const document = options.adoption ? { ...planJsonDocument(plan), adoption: adoptionDocument(options.adoption) } : planJsonDocument(plan);
  return `${JSON.stringify(document, null, 2)}\n`;
}
