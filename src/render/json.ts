// The JSON plan (docs/plan.md, "Formats", `json`: plan format 1), pretty-printed for humans and diff tools.
import { effectiveChangeDocument } from '../core/effective-document.js';
import type { JsonObject } from '../core/json-value.js';
import {
  changeDocument,
  PLAN_FORMAT_VERSION,
  readDocument,
  serverDocument,
  teamChangeDocument,
  teamSummaryDocument,
  warningDocument,
} from '../core/plan-document.js';
import type { Plan } from '../core/plan.js';
import { coverageDocument } from './coverage.js';
import { violationDocument } from './violation-message.js';
import { auditDocument, withAttribution } from './attribution-document.js';
import { memberChangeDocument, memberSummaryDocument, pendingInviteDocument } from '../core/member-document.js';
import type { Adoption } from '../core/adoption.js';
import { adoptionDocument } from './adoption-json.js';

/** The plan's own keys, in their fixed order (the violations phrased by violation-message.ts). */
function planDocument(plan: Plan): JsonObject {
  const document: JsonObject = {
    format_version: PLAN_FORMAT_VERSION,
    organization: plan.organization,
    // docs/drift.md, "Who changed it": each item's attribution, only when the run attributed them.
    changes: plan.changes.map((c) => withAttribution(changeDocument(c), c.attribution)),
    summary: { add: plan.summary.add, update: plan.summary.update, remove: plan.summary.remove },
    checksum: plan.checksum,
    warnings: plan.warnings.map(warningDocument),
    refusals: plan.refusals.map((r) => ({ guard: r.guard, message: r.message, how_to_proceed: r.howToProceed })),
    ...(plan.effectiveChanges ? { effective_changes: plan.effectiveChanges.map(effectiveChangeDocument) } : {}),
    ...(plan.violations ? { violations: plan.violations.map(violationDocument) } : {}),
    ...(plan.targeted ? { targeted: [...plan.targeted] } : {}),
    // docs/plan.md, "Team changes": only when the files manage teams, so other plans keep their bytes.
    ...(plan.teamChanges
      ? {
          team_changes: plan.teamChanges.map((c) => withAttribution(teamChangeDocument(c), c.attribution)),
          team_summary: teamSummaryDocument(plan.teamChanges),
        }
      : {}),
    // docs/plan.md, "Member changes": only when the plan has them, so other plans keep their bytes.
    ...(plan.memberChanges
      ? {
          member_changes: plan.memberChanges.map((c) => withAttribution(memberChangeDocument(c), c.attribution)),
          member_summary: memberSummaryDocument(plan.memberChanges),
          pending_invites: (plan.pendingInvites ?? []).map(pendingInviteDocument),
        }
      : {}),
  };
  if (plan.server) document.server = serverDocument(plan.server);
  if (plan.read) document.read = readDocument(plan.read);
  if (plan.audit) document.audit = auditDocument(plan.audit);
  return document;
}

/**
 * The plan's whole document: its own keys, with what the read could not see and what the
 * run was asked (render/coverage.ts phrases the reasons). What `--format json`, a saved plan and
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
