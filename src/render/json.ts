// The JSON plan (README, "Formats", `json`: plan format 1), pretty-printed for humans and diff tools.
import { planDocument } from '../core/plan-document.js';
import type { Plan } from '../core/plan.js';

export function renderJson(plan: Plan): string {
  return `${JSON.stringify(planDocument(plan), null, 2)}\n`;
}
