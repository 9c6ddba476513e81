// One entry for every report format (docs/effective-access.md, "Effective access").
import type { Report } from '../core/report.js';
import { renderReportCsv } from './report-csv.js';
import { reportDocument } from './report-document.js';
import { renderReportHtml } from './report-html.js';
import { renderReportText } from './report-text.js';

export const REPORT_FORMATS = ['text', 'json', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportOptions {
  /** Text only: group by team (`--team`) instead of by target. */
  readonly byTeam: boolean;
}

const RENDERERS: { readonly [F in ReportFormat]: (report: Report, options: ReportOptions) => string } = {
  text: renderReportText,
  json: (report) => `${JSON.stringify(reportDocument(report), null, 2)}\n`,
  csv: renderReportCsv,
  html: renderReportHtml,
};

export function renderReport(report: Report, format: ReportFormat, options: ReportOptions): string {
  return RENDERERS[format](report, options);
}
