// `report diff`'s output: one entry for every format (docs/evidence.md, "Comparing snapshots";
// render/format.ts).
import type { SnapshotDiff } from '../evidence/compare.js';
import { byFormat, formatsOf, type NoOptions } from './format.js';
import { renderDiffCsv } from './report-diff/report-diff-csv.js';
import { reportDiffDocument } from './report-diff/report-diff-document.js';
import { renderDiffHtml } from './report-diff/report-diff-html.js';
import { renderDiffMarkdown, renderDiffText } from './report-diff/report-diff-text.js';

const REPORT_DIFF_RENDERERS = {
  text: renderDiffText,
  json: (diff: SnapshotDiff) => `${JSON.stringify(reportDiffDocument(diff), null, 2)}\n`,
  csv: renderDiffCsv,
  markdown: renderDiffMarkdown,
  html: renderDiffHtml,
};

export type ReportDiffFormat = keyof typeof REPORT_DIFF_RENDERERS;
export const REPORT_DIFF_FORMATS = formatsOf(REPORT_DIFF_RENDERERS);
export const renderReportDiff = byFormat<SnapshotDiff, NoOptions, ReportDiffFormat>(REPORT_DIFF_RENDERERS);
