// The JSON plan (docs/plan.md, "Formats", `json`: plan format 1), pretty-printed for humans and diff tools.
import type { JsonObject } from '../core/json-value.js';
import { planDocument } from '../core/plan-document.js';
import type { Plan } from '../core/plan.js';
import { coverageDocument } from './coverage.js';

/**
 * The plan's whole document: core/plan-document.ts's, with what the read could not see and what the
 * run was asked (render/coverage.ts phrases the reasons). What `--format json`, a saved plan and
 * `apply --format json` carry.
 */
export function planJsonDocument(plan: Plan): JsonObject {
  return { ...planDocument(plan), ...coverageDocument(plan.coverage, plan.scope) };
}

export function renderJson(plan: Plan): string {
  return `${JSON.stringify(planJsonDocument(plan), null, 2)}\n`;
}
