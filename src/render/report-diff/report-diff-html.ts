// A comparison of two reports as one self-contained HTML page (docs/evidence.md, "Comparing
// snapshots"): the same sections as the text, as tables. Nothing is loaded: no script at all, the
// style inline, and a Content-Security-Policy that forbids every request, as the report's page.
import type { SnapshotDiff } from '../../evidence/compare.js';
import { htmlPageStart } from '../shared/html-page.js';
import { escapeHtml } from '../shared/markdown-text.js';
import {
  accessDetails,
  accessHeadline,
  comparedWords,
  personPowerWords,
  personWords,
  powerWords,
  recreationWords,
  renameWords,
  restoreWords,
  summaryWords,
} from './report-diff-words.js';

const STYLE =
  'body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1b1b}table{border-collapse:collapse;margin:.5rem 0 1.5rem}' +
  'th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}.added{background:#e7f6e7}.removed{background:#fbe9e9}' +
  '.changed{background:#fff7dc}ul{margin:0;padding-left:1.2rem}';

function list(title: string, items: readonly string[], kind: string): string {
  if (items.length === 0) return '';
  return `<h2>${escapeHtml(title)}</h2>\n<ul class="${kind}">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>\n`;
}

function accessTable(diff: SnapshotDiff): string {
  if (diff.access.length === 0) return '';
  const rows = diff.access.map((c) => {
    const details = accessDetails(c);
    return `<tr class="${c.change}"><td>${c.change}</td><td>${escapeHtml(accessHeadline(c))}</td><td>${details.length > 0 ? `<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : ''}</td></tr>`;
  });
  return `<h2>Access</h2>\n<table><thead><tr><th scope="col">change</th><th scope="col">who and where</th><th scope="col">details</th></tr></thead>\n<tbody>${rows.join('\n')}</tbody></table>\n`;
}

function powersTable(diff: SnapshotDiff): string {
  if (diff.powers.length === 0) return '';
  const rows = diff.powers.map((p) => `<tr class="${p.change}"><td>${p.change}</td><td>${escapeHtml(powerWords(p))}</td></tr>`);
  return `<h2>Organization powers</h2>\n<table><tbody>${rows.join('\n')}</tbody></table>\n`;
}

function peopleHtml(diff: SnapshotDiff): string {
  if (!diff.people) return '';
  const rows = diff.people.access.map((c) => `<tr class="${c.change}"><td>${c.change}</td><td>${escapeHtml(personWords(c))}</td></tr>`);
  const table = rows.length > 0 ? `<h2>People access</h2>\n<table><tbody>${rows.join('\n')}</tbody></table>\n` : '';
  const powerRows = diff.people.powers.map((c) => `<tr class="${c.change}"><td>${c.change}</td><td>${escapeHtml(personPowerWords(c))}</td></tr>`);
  const powers = powerRows.length > 0 ? `<h2>People powers</h2>\n<table><tbody>${powerRows.join('\n')}</tbody></table>\n` : '';
  return `${list('People added', diff.people.added, 'added')}${list('People removed', diff.people.removed, 'removed')}${table}${powers}`;
}

export function renderDiffHtml(diff: SnapshotDiff): string {
  const title = comparedWords(diff);
  return `${htmlPageStart(escapeHtml(title), STYLE, { script: false })}<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(summaryWords(diff))}</p>
${list('Teams added', diff.teamsAdded, 'added')}${list('Teams removed', diff.teamsRemoved, 'removed')}${list('Teams renamed', diff.teamsRenamed.map(renameWords), 'changed')}${list(
  'Teams re-created',
  diff.teamsRecreated.flatMap((r) => [recreationWords(r), ...r.restore.map(restoreWords)]),
  'changed',
)}${powersTable(diff)}${accessTable(diff)}${peopleHtml(diff)}</body>
</html>
`;
}
