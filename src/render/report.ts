// One entry for every report format (README, "Effective access").
import type { Report } from '../core/effective.js';
import { renderReportCsv } from './report-csv.js';
import { reportDocument } from './report-document.js';
import { renderReportHtml } from './report-html.js';
import { renderReportText } from './report-text.js';

export const REPORT_FORMATS = ['text', 'json', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function renderReport(report: Report, format: ReportFormat, options: { byTeam: boolean }): string {
  switch (format) {
    case 'text':
      return renderReportText(report, options);
    case 'json':
      return `${JSON.stringify(reportDocument(report), null, 2)}\n`;
    case 'csv':
      return renderReportCsv(report);
    case 'html':
      return renderReportHtml(report);
  }
}
