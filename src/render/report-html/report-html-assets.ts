// The style inlined in the HTML report (its script is report-html-controls.ts's): the page loads
// nothing (its Content-Security-Policy forbids every fetch), works from a file:// URL, and prints
// every column (in sheets of teams, report-html-print-script.ts) and every cell's sources.

/** One colour per level; the level's name is also written in the cell, for grey print-outs. */
export const LEVEL_COLOURS: Readonly<Record<string, string>> = {
  read: '#d9f2d9',
  plan: '#d4e6fa',
  write: '#fde8b0',
  maintain: '#fbcf9c',
  admin: '#f3aaaa',
  custom: '#e2d3f6',
};

const levelRules = Object.entries(LEVEL_COLOURS)
  .map(([level, colour]) => `td.lvl-${level}, .legend .lvl-${level} { background: ${colour}; }`)
  .join('\n');

export const STYLE = `
body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 16px; color: #1b1b1b; }
h1 { font-size: 18px; margin: 0 0 4px; overflow-wrap: anywhere; }
h1, .meta, .coverage, .legend, #violations, #accepted { overflow-wrap: anywhere; }
.scroll { overflow: auto; max-width: 100%; }
#matrix-scroll { max-height: 85vh; }
.meta { color: #555; margin: 0 0 12px; }
.controls { display: flex; gap: 16px; align-items: center; margin-bottom: 8px; flex-wrap: wrap; }
.controls input { font: inherit; padding: 3px 6px; width: 16em; }
.legend { margin: 0 0 10px; }
.legend .hint { font-weight: normal; }
.legend span { display: inline-block; padding: 1px 8px; margin-right: 4px; border: 1px solid #ccc; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d0d0; padding: 2px 6px; }
thead th { position: sticky; top: 0; background: #fafafa; vertical-align: bottom; }
th.team span, th.pteam span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
tr.project th { font-weight: 600; background: #f2f2f2; }
tr.workspace th { padding-left: 18px; }
td.cell { text-align: center; min-width: 3.5em; cursor: pointer; }
#matrix td:focus { outline: 3px solid #1b1b1b; outline-offset: -3px; }
#matrix caption { text-align: left; font-weight: 600; margin-bottom: 4px; }
#matrix tbody th, #matrix th.corner { position: sticky; left: 0; z-index: 1; background: #fff; }
#matrix thead th.corner { z-index: 2; background: #fafafa; }
tr.project th, #matrix tr.project th { background: #f2f2f2; }
td.lvl-none { background: #fff; color: #555; font-style: italic; }
td.changed { box-shadow: inset 0 0 0 2px #1b1b1b; }
.mark { font-size: 9px; margin-right: 2px; }
td .ans { display: block; font-size: 11px; }
td.ans-yes .ans { font-weight: 700; }
td.ans-yes .ans::before { content: "\\2713 "; }
td.ans-no .ans { color: #555; }
td.ans-unknown .ans { font-style: italic; }
td.ans-unknown .ans::after { content: " ?"; }
.print-only { display: none; }
td.violated, .legend .violated { outline: 2px solid #b00000; outline-offset: -3px; font-weight: 600; }
td.excepted, .legend .excepted { outline: 2px dashed #5a3d8a; outline-offset: -3px; }
.legend .violated, .legend .excepted { display: inline-block; padding: 1px 6px; margin-left: 4px; }
#violations h2 { font-size: 14px; margin: 16px 0 4px; color: #b00000; }
#accepted h2 { font-size: 14px; margin: 16px 0 4px; color: #5a3d8a; }
li.lapsed { font-weight: 600; }
#powers-title { font-size: 14px; margin: 16px 0 4px; }
th.flag span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
td.flag { text-align: center; min-width: 2em; }
td.flag.on { background: #f3aaaa; }
td.flag.unknown { color: #555; }
td.secret { font-weight: 600; }
.coverage { margin: 0 0 8px; padding: 4px 8px; border-left: 4px solid #888; background: #f4f4f4; }
.coverage.partial { border-color: #b00000; background: #fdecec; font-weight: 600; }
${levelRules}
[hidden] { display: none !important; }
#details { position: absolute; z-index: 3; width: min(28em, calc(100vw - 32px)); box-sizing: border-box; background: #fff; border: 1px solid #555; box-shadow: 0 2px 8px rgba(0,0,0,.2); padding: 8px 12px; }
#details:focus { outline: 3px solid #1b1b1b; }
.details-head { display: flex; gap: 8px; align-items: flex-start; justify-content: space-between; }
#details h2 { font-size: 14px; margin: 0 0 4px; overflow-wrap: anywhere; }
#details .change { font-weight: 600; }
#details ul { margin: 4px 0; padding-left: 18px; }
#details ul.permissions { list-style: none; padding-left: 8px; font-family: ui-monospace, monospace; font-size: 12px; }
@media print {
  .controls, #details, .hint, #matrix { display: none !important; }
  .scroll, #matrix-scroll { overflow: visible; max-height: none; }
  .print-only { display: block; }
  body { margin: 0; font-size: 9pt; }
  thead { display: table-header-group; }
  thead th { position: static; }
  tr { break-inside: avoid; }
  .print-sheet { break-before: page; break-inside: avoid; }
  /* The first sheet goes under the title, on the first page: no page of a title alone. */
  .print-sheet:first-child { break-before: auto; }
  #print-matrix { break-after: page; }
  .sheet-title { margin: 0 0 4px; font-weight: 600; }
  table.sheet tbody th { white-space: normal; max-width: 16em; overflow-wrap: anywhere; }
  table.sheet td { text-align: center; min-width: 3em; }
  table.sheet th, table.sheet td { padding: 0 4px; line-height: 1.25; }
  /* A sheet's cell keeps one line with its who-can answer, so a sheet stays one page. */
  table.sheet td .ans { display: inline; margin-left: 3px; font-size: 8pt; }
  #print-appendix { break-before: page; }
  #print-appendix h2 { font-size: 11pt; margin: 0 0 4px; }
  table.appendix { width: 100%; table-layout: fixed; font-size: 7pt; line-height: 1.2; }
  table.appendix th, table.appendix td { padding: 0 3px; }
  table.appendix th:nth-child(1) { width: 11%; }
  table.appendix th:nth-child(2) { width: 17%; }
  table.appendix th:nth-child(3) { width: 14%; }
  table.appendix th:nth-child(5) { width: 10%; }
  table.appendix td { overflow-wrap: anywhere; vertical-align: top; }
  table.appendix tr { break-inside: auto; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

/** A CSS string: its quote, backslash and line breaks escaped, and `<` too, so no name can close the style. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"<>\n\r\u2028\u2029]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/**
 * Every printed page's margins (docs/effective-access.md, "The HTML report"): whose access and
 * from when at the top, the page's number of how many at the bottom, so a loose sheet still says
 * what it is. Chromium prints page margin boxes and their counters (since version 131).
 */
export function printPageStyle(title: string, when: string): string {
  return `
@page {
  margin: 14mm 10mm 12mm;
  @top-left { content: ${cssString(title)}; font: 8pt system-ui, sans-serif; }
  @top-right { content: ${cssString(when)}; font: 8pt system-ui, sans-serif; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt system-ui, sans-serif; }
}
`;
}
