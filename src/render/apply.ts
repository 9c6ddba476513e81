// apply's output after the plan (render/format.ts): the outcomes and the summary, in the plan's
// formats. The text lines are also written one by one as each change ends (cli/commands/apply.ts,
// `outcomeLine`); this is what is written when they were not.
import type { ApplyResult } from '../core/apply-outcome.js';
import { renderApplyJson } from './apply/apply-json.js';
import { renderApplyMarkdown } from './apply/apply-markdown.js';
import { renderApplyText } from './apply/apply-text.js';
import { byFormat, formatsOf, type NoOptions } from './format.js';

const APPLY_RENDERERS = { text: renderApplyText, json: renderApplyJson, markdown: renderApplyMarkdown };

export type ApplyFormat = keyof typeof APPLY_RENDERERS;
export const APPLY_FORMATS = formatsOf(APPLY_RENDERERS);
export const renderApplyResult = byFormat<ApplyResult, NoOptions, ApplyFormat>(APPLY_RENDERERS);
