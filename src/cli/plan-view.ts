// How plan, drift and apply show a plan (docs/plan.md, "Formats"): --verbose and --warnings, one place.

import { WARNING_SCOPES, type WarningScope } from '../render/changes/lines.js';
import type { PlanKind } from '../render/plan/markdown.js';
import type { RenderOptions } from '../render/render.js';
import { boolFlag, type Options, type Parsed } from './args.js';
import { choiceFlag } from './choice-flag.js';

export const PLAN_VIEW_OPTIONS: Options = {
  verbose: { type: 'boolean' },
  warnings: { type: 'string' },
};

export const PLAN_VIEW_HELP = `  --verbose            also the permissions a change between fixed levels implies
                       (read -> write is one line without it)
  --warnings W         changed (default: warnings about the targets the plan changes), all or
                       none, in text and markdown; the JSON plan carries every warning`;

const warningScope = (parsed: Parsed): WarningScope => choiceFlag(parsed, 'warnings', WARNING_SCOPES, 'changed');

/** The render options of a command's flags. */
export function planViewOf(parsed: Parsed, color: boolean, kind: PlanKind = 'plan'): RenderOptions {
  return { color, verbose: boolFlag(parsed, 'verbose'), warnings: warningScope(parsed), kind };
}
