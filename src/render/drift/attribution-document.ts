// Who changed each drift item, in the JSON plan (docs/plan.md, "Formats"; docs/drift.md, "Who
// changed it"): `attribution` on each change, team change and member change, and the plan's `audit`.
// Present only when the run attributed its items, so every other plan keeps its bytes. Pure.
import { type Attribution, type AuditCoverage, isAttributed } from '../../core/audit.js';
import type { JsonObject } from '../../core/json-value.js';

export function attributionDocument(attribution: Attribution): JsonObject {
  if (!isAttributed(attribution)) return { unattributed: attribution.unattributed };
  const { actor, type, impersonator, at, event, self } = attribution;
  return { actor, type, impersonator, at, event, self };
}

/** `document` with `attribution` last, when the item has one. */
export function withAttribution(document: JsonObject, attribution: Attribution | undefined): JsonObject {
  return attribution === undefined ? document : { ...document, attribution: attributionDocument(attribution) };
}

export function auditDocument(audit: AuditCoverage): JsonObject {
  return {
    since: audit.since ?? null,
    until: audit.until ?? null,
    events: audit.events,
    pages: audit.pages,
    logged: audit.logged ?? null,
    unavailable: audit.unavailable ?? null,
    detail: audit.detail ?? null,
  };
}
