// `drift --adopt --format json`: `adoption` beside the drift plan's keys (docs/drift.md, "Adopt";
// its schema: render/schemas/adoption-schema.ts). Pure.
import type { Adoption } from '../../core/adoption.js';
import { driftItemKey } from '../../core/drift-item.js';
import type { JsonObject } from '../../core/json-value.js';
import { editDiff, itemWords } from './adoption-words.js';

export function adoptionDocument(adoption: Adoption): JsonObject {
  return {
    files: adoption.edits.map((e) => ({ path: e.path, diff: editDiff(e) })),
    adopted: adoption.adopted,
    not_adopted: adoption.notAdopted.map((n) => ({
      item: { kind: n.item.kind, key: driftItemKey(n.item), text: itemWords(n.item) },
      reason: n.reason,
      detail: n.detail,
    })),
  };
}
