// The plan's effective changes in words, for the text and Markdown plans: one line per team, move
// and cause ("developers: write -> admin on 12 workspaces, through project platform: maintain"),
// the targets under it, and one line per grant change that changes nothing effective.
import type { ChangeCause, EffectiveChange } from '../../core/effective.js';
import { printable } from '../../core/printable.js';
import { sourceText } from '../shared/source-text.js';

/** Names shown under a line; the rest are counted. */
const MAX_NAMES = 10;

export interface EffectiveLine {
  readonly text: string;
  /** The targets of the line, when it covers more than one. */
  readonly targets?: string;
  /** A grant change with no effect on effective access. */
  readonly shadowed: boolean;
}

const level = (value: string | null): string => value ?? 'none';

function causeText(cause: ChangeCause): string {
  return `${cause.type} ${printable(cause.name)}: ${cause.action === 'remove' ? 'removed' : level(cause.access)}`;
}

/** `write -> admin`; the direction is spelled out where the levels alone do not tell it (custom, or the same level). */
function move(change: EffectiveChange): string {
  const unclear = change.before === change.after || change.before === 'custom' || change.after === 'custom';
  return `${level(change.before)} -> ${level(change.after)}${unclear ? ` (${change.direction})` : ''}`;
}

function names(changes: readonly EffectiveChange[]): string {
  const shown = changes.slice(0, MAX_NAMES).map((c) => printable(c.target.name));
  const more = changes.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

function shadowedLine(change: EffectiveChange): EffectiveLine {
  const [cause] = change.via;
  const what =
    cause?.action === 'remove'
      ? 'removing its grant'
      : cause?.action === 'add'
        ? `adding ${level(cause?.access ?? null)}`
        : `the change to ${level(cause?.access ?? null)}`;
  const held = (change.heldBy ?? []).map((s) => sourceText(s, change.target.type)).join(', ');
  const target = `${change.target.type} ${printable(change.target.name)}`;
  return {
    text: `${printable(change.team.name)}: no effect on ${target}: ${what} leaves it ${level(change.after)}${held ? `, held by ${held}` : ''}`,
    shadowed: true,
  };
}

/** docs/effective-access.md, "People": `; people: ana@example.com, bo@example.com` (a plan that read people only). */
function peopleText(change: EffectiveChange): string {
  if (!change.people) return '';
  const shown = change.people.slice(0, MAX_NAMES).map(printable);
  const more = change.people.length - shown.length;
  return `; people: ${shown.length > 0 ? shown.join(', ') : 'none'}${more > 0 ? `, and ${more} more` : ''}`;
}

/** A line's subject and cause: `developers: ... through project platform: maintain`, or `ana@example.com joins sre: ...`. */
function lineOf(first: EffectiveChange, where: string): string {
  if (first.member) {
    const verb = first.member.action === 'add' ? 'joins' : 'leaves';
    return `${printable(first.member.email)} ${verb} ${printable(first.team.name)}: ${move(first)} on ${where}`;
  }
  return `${printable(first.team.name)}: ${move(first)} on ${where}, through ${first.via.map(causeText).join(' and ')}${peopleText(first)}`;
}

export function effectiveLines(changes: readonly EffectiveChange[]): EffectiveLine[] {
  const groups = new Map<string, EffectiveChange[]>();
  const out: EffectiveLine[] = [];
  for (const change of changes) {
    if (change.direction === 'none') continue;
    const cause = change.member ? `${change.member.action}\u0000${change.member.email}` : change.via.map(causeText).join(' and ');
    const key = [change.team.id, change.target.type, move(change), cause].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  for (const group of groups.values()) {
    const first = group[0] as EffectiveChange;
    const type = first.target.type;
    const where = group.length === 1 ? `${type} ${printable(first.target.name)}` : `${group.length} ${type}s`;
    const line = lineOf(first, where);
    out.push(group.length === 1 ? { text: line, shadowed: false } : { text: line, targets: names(group), shadowed: false });
  }
  for (const change of changes) if (change.direction === 'none') out.push(shadowedLine(change));
  return out;
}

/** More lines of effective changes than this get a summary per team before them (one set can move a team on many targets). */
export const SUMMARY_FROM_LINES = 10;

/** Whether an effective change raises access (an escalation, never collapsed): it rises, or rises in part. */
export const escalates = (change: EffectiveChange): boolean => change.direction === 'rises' || change.direction === 'mixed';

const VERB: { readonly [D in EffectiveChange['direction']]: string } = { rises: 'rise', falls: 'fall', mixed: 'change', none: '' };

/**
 * One line per team, before the detail when it is long: `dev: 12 workspaces rise to admin, 3
 * projects fall to none`, by direction (rises first), target type and level after, biggest first
 * within a direction. Changes with no effect are not counted.
 */
export function effectiveSummary(changes: readonly EffectiveChange[]): string[] {
  const byTeam = new Map<string, { name: string; counts: Map<string, number> }>();
  for (const change of changes) {
    if (change.direction === 'none') continue;
    // A member's joining or leaving moves that person's access, not the team's: its own line, named by the person.
    const { member } = change;
    const who = member ? `${change.team.id}\u0000${member.action}\u0000${member.email}` : change.team.id;
    const name = member
      ? `${printable(member.email)} ${member.action === 'add' ? 'joins' : 'leaves'} ${printable(change.team.name)}`
      : printable(change.team.name);
    const team = byTeam.get(who) ?? { name, counts: new Map<string, number>() };
    const key = [change.direction, change.target.type, level(change.after)].join('\u0000');
    team.counts.set(key, (team.counts.get(key) ?? 0) + 1);
    byTeam.set(who, team);
  }
  const order = (direction: string): number => ['rises', 'mixed', 'falls'].indexOf(direction);
  return [...byTeam.values()].map(({ name, counts }) => {
    const parts = [...counts]
      .map(([key, n]) => ({ n, parts: key.split('\u0000') as [EffectiveChange['direction'], string, string] }))
      .sort((a, b) => order(a.parts[0]) - order(b.parts[0]) || b.n - a.n)
      .map(({ n, parts: [direction, type, after] }) => `${n} ${type}${n === 1 ? '' : 's'} ${VERB[direction]}${n === 1 ? 's' : ''} to ${after}`);
    return `${name}: ${parts.join(', ')}`;
  });
}
