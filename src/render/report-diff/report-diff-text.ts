// A comparison of two reports as text and as Markdown (docs/evidence.md, "Comparing snapshots"):
// the teams added and removed, each access change with its details, the people's, a summary.

import { printable } from '../../core/printable.js';
import type { SnapshotDiff } from '../../evidence/compare.js';
import { escapeText } from '../shared/markdown-text.js';
import {
  accessDetails,
  accessHeadline,
  CHANGE_SIGN,
  comparedWords,
  personPowerWords,
  personWords,
  powerWords,
  recreationWords,
  renameWords,
  restoreWords,
  summaryWords,
} from './report-diff-words.js';

/** A detail line's indent under its headline (a headline starts with its sign, never a space). */
const DETAIL = '  ';

/** A Markdown list item: a leading `+` or `-` escaped, else it would open a list of its own. */
const item = (line: string): string => escapeText(line).replace(/^([+-])/, '\\$1');

/** The sections as (title, lines): what text and Markdown each lay out their way. */
function sections(diff: SnapshotDiff): { title: string; lines: string[] }[] {
  const out = [
    { title: 'Teams added', lines: diff.teamsAdded.map((t) => `+ ${t}`) },
    { title: 'Teams removed', lines: diff.teamsRemoved.map((t) => `- ${t}`) },
    { title: 'Teams renamed', lines: diff.teamsRenamed.map((r) => `~ ${renameWords(r)}`) },
    {
      title: 'Teams re-created',
      lines: diff.teamsRecreated.flatMap((r) => [`~ ${recreationWords(r)}`, ...r.restore.map((c) => `${DETAIL}${restoreWords(c)}`)]),
    },
    { title: 'Organization powers', lines: diff.powers.map((p) => `${CHANGE_SIGN[p.change]} ${powerWords(p)}`) },
    { title: 'Access', lines: diff.access.flatMap((c) => [`${CHANGE_SIGN[c.change]} ${accessHeadline(c)}`, ...accessDetails(c).map((d) => `${DETAIL}${d}`)]) },
  ];
  if (diff.people) {
    out.push(
      { title: 'People added', lines: diff.people.added.map((p) => `+ ${p}`) },
      { title: 'People removed', lines: diff.people.removed.map((p) => `- ${p}`) },
      { title: 'People access', lines: diff.people.access.map((c) => `${CHANGE_SIGN[c.change]} ${personWords(c)}`) },
      { title: 'People powers', lines: diff.people.powers.map((c) => `${CHANGE_SIGN[c.change]} ${personPowerWords(c)}`) },
    );
  }
  return out.filter((s) => s.lines.length > 0);
}

export function renderDiffText(diff: SnapshotDiff): string {
  const body = sections(diff).flatMap((s) => ['', `${s.title}:`, ...s.lines.map((l) => `  ${printable(l)}`)]);
  return `${[`${printable(comparedWords(diff))}.`, ...body, '', summaryWords(diff)].join('\n')}\n`;
}

export function renderDiffMarkdown(diff: SnapshotDiff): string {
  const body = sections(diff).flatMap((s) => [
    '',
    `### ${s.title}`,
    '',
    ...s.lines.map((l) => (l.startsWith(DETAIL) ? `  - ${escapeText(l.trim())}` : `- ${item(l)}`)),
  ]);
  return `${[`## ${escapeText(comparedWords(diff))}`, ...body, '', `**${summaryWords(diff)}**`].join('\n')}\n`;
}
