// The plan's output: one entry for every plan format (render/format.ts).
import type { Adoption } from '../core/adoption.js';
import type { Plan } from '../core/plan.js';
import type { WarningScope } from './changes/lines.js';
import { byFormat, formatsOf } from './format.js';
import { renderJson } from './plan/json.js';
import { type PlanKind, renderMarkdown } from './plan/markdown.js';
import { renderText } from './plan/text.js';

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
  /** `drift --adopt`: the edits and the items not adopted, shown after the drift (docs/drift.md, "Adopt"). */
  readonly adoption?: Adoption;
}

const PLAN_RENDERERS = { text: renderText, json: renderJson, markdown: renderMarkdown };

export type PlanFormat = keyof typeof PLAN_RENDERERS;
export const PLAN_FORMATS = formatsOf(PLAN_RENDERERS);
export const renderPlan = byFormat<Plan, RenderOptions, PlanFormat>(PLAN_RENDERERS);
