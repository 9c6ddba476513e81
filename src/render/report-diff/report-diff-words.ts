// The words of a comparison of two reports (docs/evidence.md, "Comparing snapshots"), once, for
// every format but JSON: each access change as a headline and its details, each person's change,
// the summary. Unescaped: each format escapes them its way.
import {
  type AccessChange,
  differenceCount,
  type PersonChange,
  type PersonPowerChange,
  type PowerChange,
  type SnapshotDiff,
  type SnapshotRecreation,
  type SnapshotRename,
} from '../../evidence/compare.js';
import type { SnapshotTarget } from '../../evidence/snapshot.js';
import { sourcesInWords } from '../shared/source-text.js';

export const targetWords = (target: SnapshotTarget): string => `${target.type} "${target.name}"`;

const value = (v: string | boolean | null): string => (v === null ? 'unset' : String(v));

/** `sre gained admin on workspace "web"`, `dev lost write on project "data"`, `ops on workspace "net": write -> admin`. */
export function accessHeadline(c: AccessChange): string {
  const where = targetWords(c.target);
  if (c.change === 'added') return `${c.team.name} gained ${c.after?.access} on ${where}`;
  if (c.change === 'removed') return `${c.team.name} lost ${c.before?.access} on ${where}`;
  const level = c.before?.access === c.after?.access ? `${c.after?.access} (level unchanged)` : `${c.before?.access} -> ${c.after?.access}`;
  return `${c.team.name} on ${where}: ${level}`;
}

/** `runs: plan -> apply; variables: read -> write`; empty when none changed. */
export const permissionWords = (c: AccessChange): string => c.permissions.map((p) => `${p.permission}: ${value(p.before)} -> ${value(p.after)}`).join('; ');

/** The details of a change under its headline: the permissions and the sources that changed, or an added or removed cell's sources. */
export function accessDetails(c: AccessChange): string[] {
  const words = (sources: AccessChange['sourcesAdded']): string => sourcesInWords(sources, c.target.type);
  if (c.change !== 'changed') return [`sources: ${words((c.after ?? c.before)?.sources ?? [])}`];
  return [
    ...(c.permissions.length > 0 ? [`permissions: ${permissionWords(c)}`] : []),
    ...(c.sourcesAdded.length > 0 ? [`sources added: ${words(c.sourcesAdded)}`] : []),
    ...(c.sourcesRemoved.length > 0 ? [`sources removed: ${words(c.sourcesRemoved)}`] : []),
  ];
}

/** `ops gained manage-teams (organization-wide)`: a power is held on no one target. */
export const powerWords = (c: PowerChange): string => `${c.team.name} ${c.change === 'added' ? 'gained' : 'lost'} ${c.power} (organization-wide)`;

/** `sec -> security (team-1)`. */
export const renameWords = (r: SnapshotRename): string => `${r.before} -> ${r.after} (${r.id})`;

/** `Engineering: team-old -> team-new, re-created by its identity provider (linked to a group, none of the old id's grants)`. */
export const recreationWords = (r: SnapshotRecreation): string =>
  `${r.name}: ${r.before} -> ${r.after}, re-created by its identity provider (linked to a group, none of the old id's grants)`;

/** `to restore: write on workspace "api" (workspace grant: write)`: one access the old id held. */
export const restoreWords = (c: AccessChange): string =>
  `to restore: ${c.before?.access} on ${targetWords(c.target)} (${sourcesInWords(c.before?.sources ?? [], c.target.type)})`;

type Cause = Pick<PersonChange, 'joined' | 'left'>;
const teamsWords = (verb: string, names: readonly string[]): string =>
  names.length === 0 ? '' : `${verb} ${names.length === 1 ? 'team' : 'teams'} ${names.join(', ')}`;

/** `joined team sre`: the teams joined that caused a person's change, or empty. */
export const joinedWords = (c: Cause): string => teamsWords('joined', c.joined);

/** `left teams dev, qa`: the teams left that caused a person's change, or empty. */
export const leftWords = (c: Cause): string => teamsWords('left', c.left);

/** `joined team sre; left team dev`: the membership that caused a person's change, or empty. */
export function causeWords(c: Cause): string {
  return [joinedWords(c), leftWords(c)].filter((w) => w !== '').join('; ');
}

/** `bo@example.com gained manage-teams (organization-wide) (joined team admins)`. */
export function personPowerWords(c: PersonPowerChange): string {
  const cause = causeWords(c);
  return `${c.email} ${c.change === 'added' ? 'gained' : 'lost'} ${c.power} (organization-wide)${cause === '' ? '' : ` (${cause})`}`;
}

export function personWords(c: PersonChange): string {
  const where = targetWords(c.target);
  const cause = causeWords(c);
  const why = cause === '' ? '' : ` (${cause})`;
  if (c.change === 'added') return `${c.email} gained ${c.after} on ${where}${why}`;
  if (c.change === 'removed') return `${c.email} lost ${c.before} on ${where}${why}`;
  return `${c.email} on ${where}: ${c.before} -> ${c.after}${why}`;
}

export const CHANGE_SIGN: Readonly<Record<AccessChange['change'], string>> = { added: '+', removed: '-', changed: '~' };

/** `Compared acme (live, 2026-11-01T...) with acme (live, 2026-11-26T...)`. */
export function comparedWords(diff: SnapshotDiff): string {
  const side = (s: SnapshotDiff['old']): string => `${s.organization} (${s.state}, ${s.generatedAt})`;
  return `Compared ${side(diff.old)} with ${side(diff.new)}`;
}

/** `3 differences.` or `No difference.` */
export function summaryWords(diff: SnapshotDiff): string {
  const n = differenceCount(diff);
  return n === 0 ? 'No difference.' : `${n === 1 ? '1 difference' : `${n} differences`}.`;
}
