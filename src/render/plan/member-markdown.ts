// The member changes in the Markdown plan (docs/plan.md, "Member changes"): after the team changes,
// in the head, each in view (a removal is never behind a click), at most the room given; those that
// do not fit are counted. The invitations pending follow, one line each. Pure.
import { changesOf, type Plan } from '../../core/plan.js';
import { MEMBER_SIGN, memberCounts, memberLine, memberSummaryLine, PENDING_TITLE, pendingLine } from '../changes/member-lines.js';
import { countWords, driftCounts, memberDriftWords } from '../drift/drift-words.js';
import { escapeText, fenced } from '../shared/markdown-text.js';

/** The line under the summary: how many, and the invitations pending. */
export function membersLine(plan: Plan): string[] {
  const line = memberSummaryLine(plan);
  return line === undefined ? [] : [escapeText(line), ''];
}

/** As many lines as fit in `room` after `used` characters. */
function fit(lines: readonly string[], used: number, room: number): { kept: string[]; used: number } {
  const kept: string[] = [];
  for (const line of lines) {
    if (used + line.length + 1 > room) break;
    kept.push(line);
    used += line.length + 1;
  }
  return { kept, used };
}

const notShown = (left: number, total: number): string =>
  left > 0
    ? `> **${left} of ${total} member changes not shown**: the plan is longer than a comment may be. Run \`tfe-access plan\` or see the job log for the full plan.\n\n`
    : '';

/** docs/drift.md, "Read the drift": drift's title counts what differs and each line says it, not what apply would do. */
function titleAndLines(plan: Plan, kind: 'plan' | 'drift'): { title: string; lines: string[] } {
  const changes = changesOf(plan.changes, 'member');
  if (kind === 'plan') return { title: memberCounts(changes), lines: changes.map((c) => memberLine(c)) };
  const counted = driftCounts(plan).members;
  return {
    title: counted ? countWords(counted) : '',
    lines: changes.map((c) => `${MEMBER_SIGN[c.action]} ${c.person.email}  ${memberDriftWords(c)}`),
  };
}

export function memberSection(plan: Plan, room: number, kind: 'plan' | 'drift' = 'plan'): string {
  const changes = changesOf(plan.changes, 'member');
  const pending = plan.pendingInvites ?? [];
  let out = '';
  let used = 0;
  if (changes.length > 0) {
    const words = titleAndLines(plan, kind);
    const title = `**members** (${escapeText(words.title)})\n\n`;
    const shown = fit(words.lines, title.length, room);
    used = shown.used;
    out += `${title}${shown.kept.length > 0 ? `${fenced('diff', shown.kept)}\n` : ''}${notShown(changes.length - shown.kept.length, changes.length)}`;
  }
  if (pending.length > 0) {
    const shown = fit(
      pending.map((p) => `- ${escapeText(pendingLine(p))}`),
      used,
      room,
    );
    const more = pending.length - shown.kept.length;
    out += `**${escapeText(PENDING_TITLE)}**\n\n${[...shown.kept, ...(more > 0 ? [`- ... and ${more} more`] : [])].join('\n')}\n\n`;
  }
  return out;
}
