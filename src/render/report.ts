// The effective access report's output: one entry for every report format (docs/effective-access.md,
// "Effective access"; render/format.ts).
import type { Report } from '../core/report.js';
import { byFormat, formatsOf } from './format.js';
import { renderCanCsv } from './report/report-can.js';
import { renderPowerCsv } from './report/report-can-power.js';
import { renderReportCsv } from './report/report-csv.js';
import { reportDocument } from './report/report-document.js';
import { renderPeopleCsv } from './report/report-people-csv.js';
import { renderReportText } from './report/report-text.js';
import { renderReportHtml } from './report-html/report-html.js';

export interface ReportOptions {
  /** Text only: group by team (`--team`) instead of by target. */
  readonly byTeam: boolean;
}

const REPORT_RENDERERS = {
  text: renderReportText,
  json: (report: Report) => `${JSON.stringify(reportDocument(report), null, 2)}\n`,
  // docs/effective-access.md, "People": a report by person has rows of people instead.
  // docs/evidence.md, "Who can": with --can, a row per holder.
  csv: (report: Report) => {
    if (report.can) return renderCanCsv(report, report.can);
    // docs/evidence.md, "Who holds an organization power": a row per team.
    if (report.canPower) return renderPowerCsv(report, report.canPower);
    return report.people ? renderPeopleCsv(report, report.people) : renderReportCsv(report);
  },
  html: renderReportHtml,
};

export type ReportFormat = keyof typeof REPORT_RENDERERS;
export const REPORT_FORMATS = formatsOf(REPORT_RENDERERS);
export const renderAccessReport = byFormat<Report, ReportOptions, ReportFormat>(REPORT_RENDERERS);
