// A source of a report cell as JSON (docs/evidence.md, "Correct cells"), for the team and the person report.

import { type AccessSource, organizationWide } from '../../core/effective.js';
import { sourceDocument } from '../../core/effective-document.js';
import type { JsonValue } from '../../core/json-value.js';

type JsonObject = { [key: string]: JsonValue };

/**
 * A source as the report writes it (docs/evidence.md, "Correct cells"): the plan's form
 * (core/effective-document.ts) with `organization_wide` on the owners team and an organization
 * permission, and on a grant what the report adds: `shadowed_by` (a moot grant), `managed` and
 * `expires` (with the files).
 */
export function reportSourceDocument(source: AccessSource): JsonObject {
  const out = sourceDocument(source);
  if (organizationWide(source)) return { ...out, organization_wide: true };
  if (source.kind !== 'project' && source.kind !== 'workspace') return out;
  return {
    ...out,
    ...(source.managed === undefined ? {} : { managed: source.managed }),
    ...(source.expires === undefined ? {} : { expires: source.expires }),
    ...(source.shadowedBy ? { shadowed_by: source.shadowedBy.map(sourceDocument) } : {}),
  };
}
