// One entry for every plan format.
import type { Plan } from '../core/plan.js';
import { renderJson } from './json.js';
import type { WarningScope } from './lines.js';
import { renderMarkdown, type PlanKind } from './markdown.js';
import { renderText } from './text.js';

export const PLAN_FORMATS = ['text', 'json', 'markdown'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** How a plan is shown. The JSON plan is the plan whole: it ignores all but the format. */
export interface RenderOptions {
  readonly color: boolean;
  /** The implied attributes of changes between fixed levels (`--verbose`). */
  readonly verbose?: boolean;
  /** Which warnings text and Markdown show (`--warnings`; default: about the targets the plan changes). */
  readonly warnings?: WarningScope;
  /** `drift`: the Markdown is titled and marked as drift. */
  readonly kind?: PlanKind;
  /** The clock "expires in N days" counts from (JSON gives the instant alone, so the same plan prints the same bytes). */
  readonly now?: number;
}

export function renderPlan(plan: Plan, format: PlanFormat, options: RenderOptions): string {
  switch (format) {
    case 'text':
      return renderText(plan, options);
    case 'json':
      return renderJson(plan);
    case 'markdown':
      return renderMarkdown(plan, options);
  }
}
