// One entry for every plan format.
import type { Plan } from '../core/plan.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './text.js';

export const PLAN_FORMATS = ['text', 'json', 'markdown'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** `now`: the clock "expires in N days" counts from (JSON gives the instant alone, so the same plan prints the same bytes). */
export function renderPlan(plan: Plan, format: PlanFormat, options: { color: boolean; now?: number }): string {
  switch (format) {
    case 'text':
      return renderText(plan, options);
    case 'json':
      return renderJson(plan);
    case 'markdown':
      return renderMarkdown(plan, options.now === undefined ? {} : { now: options.now });
  }
}
