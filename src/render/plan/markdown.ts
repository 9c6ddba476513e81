// The Markdown plan, for pull-request comments and job summaries (docs/plan.md, "Formats"): a summary
// table, each target's changes, the effective changes and the warnings, and a hidden marker so a
// CI step can find and update its own comment. Removals are always in view; when the comment is
// long, additions and changes (and the effective changes) are collapsed, and the warnings always
// are. `drift --format markdown` is titled and marked as drift, not as a plan.

import { LEVEL_RANK } from '../../core/access.js';
import type { Adoption } from '../../core/adoption.js';
import type { EffectiveChange } from '../../core/effective.js';
import { type ByKind, CHANGE_KINDS, type Change, changesOf, grantChanges, managedChanges, type Plan } from '../../core/plan.js';
import type { PolicyViolation } from '../../core/policy.js';
import { effectiveLines, effectiveSummary, escalates, SUMMARY_FROM_LINES } from '../changes/effective-lines.js';
import {
  detailLines,
  groupByTarget,
  headline,
  hiddenWarningsLine,
  refusalHeadline,
  SIGN,
  shownWarnings,
  showsSources,
  sourceLabel,
  summaryLine,
  type TargetGroup,
  type WarningScope,
} from '../changes/lines.js';
import { TEAM_SIGN, teamCounts, teamDetailLines, teamHeadline, teamSummaryLine } from '../changes/team-lines.js';
import { adoptionMarkdown } from '../drift/adoption-markdown.js';
import { editedPaths, waysOutScope } from '../drift/adoption-words.js';
import { attributionSection, waysOutSection } from '../drift/attribution-markdown.js';
import { countWords, type DriftCount, driftCounts, driftKindLines, driftLine, teamDriftWords } from '../drift/drift-words.js';
import { coverageWords } from '../shared/coverage.js';
import { collapsed, escapeHtml, escapeText, fenced, fenceSafe } from '../shared/markdown-text.js';
import { acceptedHeadline, liveHeadline, MAX_VIOLATIONS_SHOWN, violationGroups, violationHeadline, violationText } from '../violations/violation-lines.js';
import { memberSection, membersLine } from './member-markdown.js';
import { tokenPolicyLine, tokenPolicySection } from './token-policy-markdown.js';

/** GitHub refuses comments longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;
/** Room kept for the closing lines and the note on what was cut. */
const TAIL_RESERVE = 2_000;
/** Room for the names of the targets the note on what was cut names. */
const NOTE_NAMES = 4_000;
/** More lines of changes than this make a long comment: additions and changes are collapsed. */
export const LONG_COMMENT_LINES = 40;

export const MARKER_PREFIX = '<!-- tfe-access-plan';
export const DRIFT_MARKER_PREFIX = '<!-- tfe-access-drift';

/** A plan, or the same changes read as drift (`drift --format markdown`). */
export type PlanKind = 'plan' | 'drift';

export interface MarkdownOptions {
  /** Maximum length of the whole comment. */
  readonly limit?: number;
  /** The implied attributes of changes between fixed levels (`--verbose`). */
  readonly verbose?: boolean;
  /** Which warnings to show (`--warnings`; default: about the targets the plan changes). */
  readonly warnings?: WarningScope;
  readonly kind?: PlanKind;
  /** The clock (epoch milliseconds) that "expires in N days" counts from; absent: the date alone. */
  readonly now?: number;
  /** `drift --adopt`: shown after the drift (render/drift/adoption-markdown.ts). */
  readonly adoption?: Adoption;
}

const KIND = {
  plan: { marker: MARKER_PREFIX, title: 'plan for', columns: ['add', 'change', 'remove'] },
  drift: { marker: DRIFT_MARKER_PREFIX, title: 'drift in', columns: ['missing', 'different', 'not in the files'] },
} as const;

/** Names in running text: no tag opens, no emphasis or link starts. */
const escapeInline = (text: string): string => escapeText(text).replace(/[\\`*_[\]]/g, '\\$&');

function counts(changes: readonly Change[]): { add: number; update: number; remove: number } {
  const n = { add: 0, update: 0, remove: 0 };
  for (const change of changes) n[change.action] += 1;
  return n;
}

/** `sources`: docs/sets.md, "Sets": each change says where it comes from once a set takes part in the plan. */
function changeLines(change: Change, verbose: boolean, now: number | undefined, sources: boolean): string[] {
  const sign = SIGN[change.action] === '~' ? '!' : SIGN[change.action];
  const from = sources ? ` ${sourceLabel(change)}` : '';
  return [`${sign} ${change.team.name}: ${headline(change, now)}${from}`, ...detailLines(change, verbose).map((line) => `${line.sign}     ${line.text}`)];
}

/**
 * An escalation among the grant changes: an update to a higher level (maintain -> admin). One that
 * cannot be ranked (custom on either side, not a label alone) may rise: it stays in view too.
 */
function raisesGrant(change: Change): boolean {
  if (change.action !== 'update' || change.labelOnly) return false;
  const rank = LEVEL_RANK[change.resource];
  const [before, after] = [rank[change.before.access], rank[change.after.access]];
  return before === undefined || after === undefined || after > before;
}

function section(group: TargetGroup, long: boolean, verbose: boolean, now: number | undefined, sources: boolean): string {
  const n = counts(group.changes);
  const title = `**${group.target.type} <code>${escapeHtml(group.target.name)}</code>** (+${n.add} ~${n.update} -${n.remove})\n`;
  const lines = (changes: readonly Change[]): string =>
    fenced(
      'diff',
      changes.flatMap((c) => changeLines(c, verbose, now, sources)),
    );
  if (!long) return `${title}\n${lines(group.changes)}\n`;
  // What goes, and a grant that rises, are never behind a click.
  const inView = group.changes.filter((c) => c.action === 'remove' || raisesGrant(c));
  const others = group.changes.filter((c) => !inView.includes(c));
  const folded = counts(others);
  const parts = [title];
  if (inView.length > 0) parts.push(lines(inView));
  if (others.length > 0) parts.push(collapsed(`additions and changes (+${folded.add} ~${folded.update})`, lines(others)));
  return `${parts.join('\n')}\n`;
}

/**
 * Under the summary: a warning when the read may miss grants, a note when --target narrowed the plan
 * (render/shared/coverage.ts): a reviewer must not read either as the whole.
 */
function coverageBlock(plan: Plan): string[] {
  const { partial, filtered, changed } = coverageWords(plan.coverage, plan.scope, 'plan');
  const notes = [filtered, changed].flatMap((line) => (line ? ['> [!NOTE]', `> ${escapeText(line)}`, ''] : []));
  return [...(partial ? ['> [!WARNING]', `> ${escapeText(partial)}`, ''] : []), ...notes];
}

/** A GitHub alert (a blockquote elsewhere) right under the summary: the guards that refuse the plan. */
function refusalBlock(plan: Plan): string[] {
  const headline = refusalHeadline(plan);
  if (headline === undefined) return [];
  const lines = ['> [!CAUTION]', `> **${headline.title}** ${headline.detail}`];
  for (const refusal of plan.refusals) lines.push(`> - \`${refusal.guard}\`: ${escapeText(refusal.message)} To proceed: ${escapeText(refusal.howToProceed)}`);
  return [...lines, ''];
}

/** At most MAX_VIOLATIONS_SHOWN lines of violations, each after `prefix`, then how many more. */
function listed(violations: readonly PolicyViolation[], prefix: string): string[] {
  const lines = violations.slice(0, MAX_VIOLATIONS_SHOWN).map((v) => `${prefix}- ${escapeText(violationText(v))}`);
  if (violations.length > MAX_VIOLATIONS_SHOWN)
    lines.push(`${prefix}- ... and ${violations.length - MAX_VIOLATIONS_SHOWN} more: run \`tfe-access plan\` to see them all.`);
  return lines;
}

/**
 * Under the refusals, an alert too: the policies the plan's change breaks (docs/effective-access.md,
 * "Policies"), the only ones that block; then, collapsed, those already live (not caused by this
 * change) and those an exception accepts (docs/evidence.md).
 */
function violationBlock(plan: Plan): string[] {
  const { blocking, live, accepted } = violationGroups(plan.violations);
  const headline = violationHeadline(blocking);
  const alert = headline === undefined ? [] : ['> [!CAUTION]', `> **${escapeText(headline)}**`, ...listed(blocking, '> '), ''];
  const folded = (title: string, list: readonly PolicyViolation[]): string[] =>
    list.length === 0 ? [] : [collapsed(escapeText(title), `${listed(list, '').join('\n')}\n`)];
  return [...alert, ...folded(liveHeadline(live.length), live), ...folded(acceptedHeadline(accepted.length), accepted)];
}

/** docs/plan.md, "Team changes": how many, under the summary. */
function teamsLine(plan: Plan): string[] {
  const line = teamSummaryLine(managedChanges(plan, 'team'));
  return line === undefined ? [] : [escapeText(line), ''];
}

/**
 * The team changes, before the grants (apply makes the creates and renames first); a deletion is
 * never collapsed. At most half the comment: the team changes that do not fit are counted in a note.
 */
function teamSection(plan: Plan, room: number, kind: PlanKind): string {
  const changes = changesOf(plan.changes, 'team');
  if (changes.length === 0) return '';
  // docs/drift.md, "Read the drift": drift counts and words what differs, not what apply would do.
  const counted = kind === 'drift' ? countWords(driftCounts(plan).teams ?? driftCounts(plan).grants) : teamCounts(changes);
  const words = kind === 'drift' ? teamDriftWords : teamHeadline;
  const title = `**teams** (${escapeText(counted)})\n\n`;
  const blocks = changes.map((c) => {
    const sign = TEAM_SIGN[c.action] === '~' ? '!' : TEAM_SIGN[c.action];
    return [`${sign} ${c.name}: ${words(c)}`, ...teamDetailLines(c).map((line) => `${line.sign}     ${line.text}`)];
  });
  const kept: string[][] = [];
  let used = title.length;
  for (const block of blocks) {
    const size = block.reduce((n, line) => n + line.length + 1, 0);
    if (used + size > room) break;
    kept.push(block);
    used += size;
  }
  const left = changes.length - kept.length;
  const note =
    left > 0
      ? `> **${left} of ${changes.length} team changes not shown**: the plan is longer than a comment may be. Run \`tfe-access plan\` or see the job log for the full plan.\n\n`
      : '';
  return `${title}${kept.length > 0 ? `${fenced('diff', kept.flat())}\n` : ''}${note}`;
}

/** The counts table of a plan: one row of grants. */
function planTable(plan: Plan): string[] {
  return [`| ${KIND.plan.columns.join(' | ')} |`, '|---:|---:|---:|', `| ${plan.summary.add} | ${plan.summary.update} | ${plan.summary.remove} |`];
}

/** docs/drift.md, "Read the drift": the counts table of drift, a row per kind of item the files manage (grants, teams, members). */
function driftTable(plan: Plan): string[] {
  const counts = driftCounts(plan);
  const row = (name: string, c: DriftCount): string => `| ${name} | ${c.missing} | ${c.different} | ${c.notInFiles} |`;
  return [
    `| | ${KIND.drift.columns.join(' | ')} |`,
    '|---|---:|---:|---:|',
    row('grants', counts.grants),
    ...(counts.teams ? [row('teams', counts.teams)] : []),
    ...(counts.members ? [row('members', counts.members)] : []),
    ...(counts.tokenPolicy ? [row('token policy', counts.tokenPolicy)] : []),
  ];
}

/**
 * What the comment says of each kind of change: its lines under a plan's summary (drift counts its
 * own, drift-words.ts) and, beside grants, its section in the head within a share of the comment
 * (1/share of the limit); the grants take what room the rest leaves (renderMarkdown). A new kind
 * does not compile until it has its row.
 */
interface MarkdownKind {
  readonly summary: (plan: Plan) => string[];
  readonly head?: { readonly share: number; readonly section: (plan: Plan, room: number, kind: PlanKind) => string };
}
const MARKDOWN_KINDS: ByKind<MarkdownKind> = {
  grant: { summary: (plan) => [escapeText(summaryLine(plan)), ''] },
  team: { summary: teamsLine, head: { share: 2, section: teamSection } },
  member: { summary: membersLine, head: { share: 4, section: memberSection } },
  'token-policy': { summary: tokenPolicyLine, head: { share: 8, section: tokenPolicySection } },
};

/** The head's sections of the kinds beside grants, in the plan's order (apply makes the teams first). */
function kindSections(plan: Plan, limit: number, kind: PlanKind): string {
  return CHANGE_KINDS.map((k) => {
    const head = MARKDOWN_KINDS[k].head;
    return head ? head.section(plan, Math.floor(limit / head.share), kind) : '';
  }).join('');
}

function headOf(plan: Plan, kind: PlanKind): string {
  const words = KIND[kind];
  const summary =
    kind === 'drift'
      ? [escapeText(driftLine(plan)), '', ...driftKindLines(plan).flatMap((l) => [escapeText(l), ''])]
      : CHANGE_KINDS.flatMap((k) => MARKDOWN_KINDS[k].summary(plan));
  return [
    `${words.marker} organization=${escapeHtml(plan.organization)} -->`,
    `### tfe-access ${words.title} \`${fenceSafe(plan.organization)}\``,
    '',
    ...summary,
    ...coverageBlock(plan),
    ...refusalBlock(plan),
    ...violationBlock(plan),
    ...(kind === 'drift' ? driftTable(plan) : planTable(plan)),
    '',
    '',
  ].join('\n');
}

const bullets = (changes: readonly EffectiveChange[]): string[] =>
  effectiveLines(changes).map((l) => `- ${escapeHtml(l.text)}${l.targets ? `<br>${escapeHtml(l.targets)}` : ''}`);

/**
 * The effective changes: one line per team first when the detail is long (effective-lines.ts,
 * effectiveSummary); in a long comment the escalations stay in view and only the rest is collapsed.
 */
function effectiveSection(changes: readonly EffectiveChange[], long: boolean): string {
  const all = bullets(changes);
  const summary =
    all.length > SUMMARY_FROM_LINES
      ? `**Effective access by team**\n\n${effectiveSummary(changes)
          .map((l) => `- ${escapeHtml(l)}`)
          .join('\n')}\n\n`
      : '';
  if (!long) return `${summary}**Effective access**\n\n${all.join('\n')}\n`;
  const rising = bullets(changes.filter(escalates));
  const rest = bullets(changes.filter((c) => !escalates(c)));
  const inView = rising.length > 0 ? `**Effective access that rises** (${rising.length})\n\n${rising.join('\n')}\n\n` : '';
  const folded = rest.length > 0 ? collapsed(`Effective access${rising.length > 0 ? ', the rest' : ''} (${rest.length})`, `${rest.join('\n')}\n`) : '';
  return `${summary}${inView}${folded}`;
}

/** The effective changes (collapsed in a long comment), the warnings (always collapsed), the checksum. */
function tailOf(plan: Plan, options: MarkdownOptions, long: boolean): string {
  const tail: string[] = [];
  if (plan.effectiveChanges && plan.effectiveChanges.length > 0) tail.push(effectiveSection(plan.effectiveChanges, long));
  const { shown, hidden } = shownWarnings(plan, options.warnings);
  if (shown.length > 0) tail.push(collapsed(`Warnings (${shown.length})`, `${shown.map((w) => `- ${escapeHtml(w.message)} (\`${w.code}\`)`).join('\n')}\n`));
  const more = hiddenWarningsLine(hidden, options.warnings);
  if (more !== undefined) tail.push(`${escapeText(more)}\n`);
  tail.push(`Checksum: \`${plan.checksum}\`\n`);
  return tail.join('\n');
}

/** As many names as fit in `room` characters, then how many more. */
function namesWithin(names: readonly string[], room: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const name of names) {
    if (used + name.length + 2 > room) break;
    kept.push(name);
    used += name.length + 2;
  }
  const more = names.length - kept.length;
  return `${kept.join(', ')}${more > 0 ? `${kept.length > 0 ? ', ' : ''}and ${more} more` : ''}`;
}

function cutNote(left: readonly TargetGroup[], total: number): string {
  if (left.length === 0) return '';
  const changes = left.reduce((n, g) => n + g.changes.length, 0);
  const names = namesWithin(
    left.map((g) => `${g.target.type} ${escapeInline(g.target.name)}`),
    NOTE_NAMES,
  );
  return `> **${left.length} of ${total} targets not shown** (${changes} changes): the plan is longer than a comment may be. Not shown: ${names}. Run \`tfe-access plan\` or see the job log for the full plan.\n\n`;
}

export function renderMarkdown(plan: Plan, options: MarkdownOptions = {}): string {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const verbose = options.verbose ?? false;
  const grants = grantChanges(plan);
  const lineCount = grants.reduce((n, c) => n + 1 + detailLines(c, verbose).length, 0);
  const long = lineCount > LONG_COMMENT_LINES;
  // docs/plan.md, "Team changes" and "Member changes": part of the head, so the grants' budget counts them.
  const kind = options.kind ?? 'plan';
  const head = `${headOf(plan, kind)}${kindSections(plan, limit, kind)}`;
  let tail = tailOf(plan, options, long);
  if (head.length + tail.length > limit - TAIL_RESERVE) {
    tail = `${plan.warnings.length} warnings${plan.effectiveChanges?.length ? ` and ${plan.effectiveChanges.length} effective changes` : ''} not shown (too long for a comment); run \`tfe-access plan\` to see them.\n\nChecksum: \`${plan.checksum}\`\n`;
  }
  const groups = groupByTarget(grants);
  const sources = showsSources(grants);
  const sections = groups.map((g) => section(g, long, verbose, options.now, sources));
  // docs/drift.md, "Who changed it" and "Revert": '' for a plan that attributed nothing, and for a plan.
  const triage = attributionSection(plan);
  const out = kind === 'drift' ? waysOutSection({ ...plan, scope: waysOutScope(plan.scope, options.adoption) }, editedPaths(options.adoption)) : '';
  // docs/drift.md, "Adopt": the edits drift --adopt wrote, before the ways out.
  const adopted = options.adoption ? `\n${adoptionMarkdown(options.adoption)}` : '';
  let budget = limit - TAIL_RESERVE - head.length - tail.length - triage.length - adopted.length - out.length;
  if (sections.reduce((n, s) => n + s.length, 0) > budget) budget -= NOTE_NAMES;
  const shown: string[] = [];
  let used = 0;
  for (const text of sections) {
    if (used + text.length > budget) break;
    shown.push(text);
    used += text.length;
  }
  return `${head}${shown.join('')}${cutNote(groups.slice(shown.length), groups.length)}${triage}${tail}${adopted}${out}`;
}
