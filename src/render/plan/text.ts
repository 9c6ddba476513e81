// The text plan, for terminals and CI logs: `+`/`~`/`-` per grant, attribute-level differences.

import type { Adoption } from '../../core/adoption.js';
import { driftItemsOf } from '../../core/drift-item.js';
import { type ByKind, CHANGE_KINDS, changesOf, grantChanges, managedChanges, type Plan } from '../../core/plan.js';
import type { PolicyViolation } from '../../core/policy.js';
import { printable } from '../../core/printable.js';
import type { TeamChange } from '../../core/teams.js';
import { effectiveLines, effectiveSummary, SUMMARY_FROM_LINES } from '../changes/effective-lines.js';
import {
  type AttributeLine,
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
  type WarningScope,
} from '../changes/lines.js';
import { MEMBER_SIGN, memberHeadline, memberSummaryLine, PENDING_TITLE, pendingLine } from '../changes/member-lines.js';
import { TEAM_SIGN, teamDetailLines, teamHeadline, teamSummaryLine } from '../changes/team-lines.js';
import { tokenPolicyLines, tokenPolicySummaryLine } from '../changes/token-policy-lines.js';
import { adoptionText } from '../drift/adoption-text.js';
import { editedPaths, waysOutScope } from '../drift/adoption-words.js';
import { attributionSuffix, auditLine, waysOutLines } from '../drift/attribution-lines.js';
import { driftKindLines, driftLine, memberDriftWords, teamDriftWords } from '../drift/drift-words.js';
import { coverageWords } from '../shared/coverage.js';
import { acceptedHeadline, liveHeadline, violationGroups, violationHeadline, violationText } from '../violations/violation-lines.js';
import type { PlanKind } from './markdown.js';

export interface TextOptions {
  readonly color: boolean;
  /** The implied attributes of changes between fixed levels (`--verbose`). */
  readonly verbose?: boolean;
  /** Which warnings to show (`--warnings`; default: about the targets the plan changes). */
  readonly warnings?: WarningScope;
  /** The clock (epoch milliseconds) that "expires in N days" counts from; absent: the date alone. */
  readonly now?: number;
  /** `drift`: the text ends with the commands that revert or adopt the drift (docs/drift.md, "Revert"). */
  readonly kind?: PlanKind;
  /** `drift --adopt`: shown after the drift (render/drift/adoption-text.ts). */
  readonly adoption?: Adoption;
}

const COLORS = { '+': '\u001b[32m', '~': '\u001b[33m', '-': '\u001b[31m', ' ': '', '!': '\u001b[33m', dim: '\u001b[2m' } as const;
const RESET = '\u001b[0m';

function paint(color: boolean, key: keyof typeof COLORS, text: string): string {
  return color && COLORS[key] ? `${COLORS[key]}${text}${RESET}` : text;
}

function attribute(line: AttributeLine, color: boolean): string {
  return `      ${paint(color, line.sign, `${line.sign} ${printable(line.text)}`)}`;
}

/** Right under the summary: every guard that refuses the plan, and how to proceed. */
function refusalLines(plan: Plan, color: boolean): string[] {
  const headline = refusalHeadline(plan);
  if (headline === undefined) return [];
  const lines = [paint(color, '-', `${headline.title} ${headline.detail}`)];
  for (const refusal of plan.refusals) lines.push(`  [${refusal.guard}] ${printable(refusal.message)}`, `    To proceed: ${printable(refusal.howToProceed)}`);
  return lines;
}

/**
 * Under the refusals: every policy the plan leaves broken (docs/effective-access.md, "Policies"):
 * those its change makes first (they block), then those already live, then those an exception
 * accepts (docs/evidence.md).
 */
function violationLines(plan: Plan, color: boolean): string[] {
  const { blocking, live, accepted } = violationGroups(plan.violations);
  const headline = violationHeadline(blocking);
  const group = (title: string, list: readonly PolicyViolation[]): string[] => (list.length === 0 ? [] : [title, ...list.map((v) => `  ${violationText(v)}`)]);
  return [
    ...(headline === undefined ? [] : [paint(color, '-', headline), ...blocking.map((v) => `  ${violationText(v)}`)]),
    ...group(liveHeadline(live.length), live),
    ...group(acceptedHeadline(accepted.length), accepted),
  ];
}

/** docs/plan.md, "Team changes": before the grants, as apply makes the creates and renames first; drift says what differs (drift-words.ts). */
function teamLines(changes: readonly TeamChange[] | undefined, color: boolean, audit: Plan['audit'], kind: PlanKind): string[] {
  if (!changes || changes.length === 0) return [];
  const words = kind === 'drift' ? teamDriftWords : teamHeadline;
  const out = ['teams'];
  const width = Math.max(...changes.map((c) => printable(c.name).length));
  for (const change of changes) {
    const sign = TEAM_SIGN[change.action];
    out.push(
      `  ${paint(color, sign, `${sign} ${printable(change.name).padEnd(width)}`)}  ${printable(words(change))}${printable(attributionSuffix(change.attribution, audit))}`,
    );
    for (const line of teamDetailLines(change)) out.push(attribute(line, color));
  }
  return [...out, ''];
}

/** docs/plan.md, "Member changes": after the teams, before the grants, as apply makes them; then the invitations pending. */
function memberLines(plan: Plan, color: boolean, kind: PlanKind): string[] {
  const changes = changesOf(plan.changes, 'member');
  const words = kind === 'drift' ? memberDriftWords : memberHeadline;
  const pending = plan.pendingInvites ?? [];
  const out: string[] = [];
  if (changes.length > 0) {
    const width = Math.max(...changes.map((c) => printable(c.person.email).length));
    out.push('members');
    for (const change of changes) {
      const sign = MEMBER_SIGN[change.action];
      out.push(
        `  ${paint(color, sign, `${sign} ${printable(change.person.email).padEnd(width)}`)}  ${printable(words(change))}${printable(attributionSuffix(change.attribution, plan.audit))}`,
      );
    }
    out.push('');
  }
  if (pending.length > 0) {
    const width = Math.max(...pending.map((p) => printable(p.person.email).length));
    out.push(PENDING_TITLE, ...pending.map((p) => `  ${printable(pendingLine(p, width))}`), '');
  }
  return out;
}

/** The grants, by target: one line per team, the attributes that differ under it. */
function grantLines(plan: Plan, options: TextOptions): string[] {
  const { color } = options;
  const grants = grantChanges(plan);
  const sources = showsSources(grants);
  const out: string[] = [];
  for (const group of groupByTarget(grants)) {
    // Names and ids may come from the service (a removed team's name): one line each, no escapes.
    out.push(`${group.target.type} ${printable(group.target.name)} ${paint(color, 'dim', `(${printable(group.target.id)})`)}`);
    const width = Math.max(...group.changes.map((c) => printable(c.team.name).length));
    for (const change of group.changes) {
      const sign = SIGN[change.action] as '+' | '~' | '-';
      const from = sources ? `  ${paint(color, 'dim', printable(sourceLabel(change)))}` : '';
      const who = printable(attributionSuffix(change.attribution, plan.audit));
      out.push(`  ${paint(color, sign, `${sign} ${printable(change.team.name).padEnd(width)}`)}  ${printable(headline(change, options.now))}${from}${who}`);
      for (const line of detailLines(change, options.verbose)) out.push(attribute(line, color));
    }
    out.push('');
  }
  return out;
}

/**
 * What the text says of each kind of change: its line under a plan's summary (drift counts its
 * own, drift-words.ts) and its section. A new kind does not compile until it has its row.
 */
interface TextKind {
  readonly summary: (plan: Plan) => string | undefined;
  readonly section: (plan: Plan, options: TextOptions) => string[];
}
const TEXT_KINDS: ByKind<TextKind> = {
  grant: { summary: summaryLine, section: grantLines },
  team: {
    summary: (plan) => teamSummaryLine(managedChanges(plan, 'team')),
    section: (plan, options) => teamLines(managedChanges(plan, 'team'), options.color, plan.audit, options.kind ?? 'plan'),
  },
  member: { summary: memberSummaryLine, section: (plan, options) => memberLines(plan, options.color, options.kind ?? 'plan') },
  'token-policy': { summary: tokenPolicySummaryLine, section: tokenPolicyLines },
};
/** The sections in the order apply makes the changes: the teams first, then the members, then the grants, then the token policy. */
const SECTION_ORDER: ByKind<number> = { team: 0, member: 1, grant: 2, 'token-policy': 3 };
const SECTIONS = [...CHANGE_KINDS].sort((a, b) => SECTION_ORDER[a] - SECTION_ORDER[b]);

/** The summary, what the read could not see or the plan leaves out, the audit's line, the refusals and the violations. */
function headLines(plan: Plan, options: TextOptions): string[] {
  const { color } = options;
  // Right under the summary: what the read could not see, and what a --target plan leaves out (docs/plan.md, "Plan and drift").
  const { partial, filtered, changed } = coverageWords(plan.coverage, plan.scope, 'plan');
  const coverage = [...(partial ? [paint(color, '!', printable(partial))] : []), ...[filtered, changed].flatMap((line) => (line ? [printable(line)] : []))];
  // docs/drift.md, "Read the drift": drift counts every item it found, and says none is a change to make.
  const head = options.kind === 'drift' ? [driftLine(plan), ...driftKindLines(plan)] : CHANGE_KINDS.flatMap((kind) => TEXT_KINDS[kind].summary(plan) ?? []);
  // docs/drift.md, "Who changed it": once for the run, when it attributed its items.
  const audit = auditLine(plan.audit);
  return [...head.map(printable), ...coverage, ...(audit ? [printable(audit)] : []), ...refusalLines(plan, color), ...violationLines(plan, color), ''];
}

function effectiveSection(plan: Plan, color: boolean): string[] {
  if (!plan.effectiveChanges || plan.effectiveChanges.length === 0) return [];
  const out: string[] = [];
  const lines = effectiveLines(plan.effectiveChanges);
  // One line per team first when the detail is long (one set can move a team on many targets).
  if (lines.length > SUMMARY_FROM_LINES) out.push('Effective access by team:', ...effectiveSummary(plan.effectiveChanges).map((l) => `  ${l}`), '');
  out.push('Effective access:');
  for (const line of lines) {
    out.push(`  ${line.shadowed ? paint(color, 'dim', `= ${line.text}`) : line.text}`);
    if (line.targets) out.push(`      ${line.targets}`);
  }
  out.push('');
  return out;
}

function warningSection(plan: Plan, options: TextOptions): string[] {
  const out: string[] = [];
  const { shown, hidden } = shownWarnings(plan, options.warnings);
  if (shown.length > 0) {
    out.push('Warnings:');
    for (const warning of shown) out.push(`  ${paint(options.color, '!', '!')} ${printable(warning.message)} [${warning.code}]`);
  }
  const more = hiddenWarningsLine(hidden, options.warnings);
  if (more !== undefined) out.push(shown.length > 0 ? `  ${more}` : more);
  if (shown.length > 0 || more !== undefined) out.push('');
  return out;
}

export function renderText(plan: Plan, options: TextOptions): string {
  const out: string[] = [
    ...headLines(plan, options),
    ...SECTIONS.flatMap((kind) => TEXT_KINDS[kind].section(plan, options)),
    ...effectiveSection(plan, options.color),
    ...warningSection(plan, options),
    `Checksum: ${plan.checksum}`,
    '',
  ];
  // docs/drift.md, "Adopt": the edits drift --adopt wrote, before the ways out.
  if (options.adoption) out.push(adoptionText(options.adoption, options.color));
  // docs/drift.md, "Revert": drift ends with both ways out, as this run was given its files.
  if (options.kind === 'drift' && driftItemsOf(plan).length > 0)
    out.push(...waysOutLines(waysOutScope(plan.scope, options.adoption), editedPaths(options.adoption)).map(printable));
  return out.join('\n');
}
