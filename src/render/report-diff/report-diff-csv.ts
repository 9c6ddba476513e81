// A comparison of two reports as CSV (RFC 4180; docs/evidence.md, "Comparing snapshots"): one row per
// difference, a team or person added or removed included, with the same defusing of formulas as
// the report's CSV.
import { printable } from '../../core/printable.js';
import type { SnapshotDiff } from '../../evidence/compare.js';
import { csvField } from '../report/report-csv.js';
import { sourceText } from '../shared/source-text.js';
import { joinedWords, leftWords, permissionWords } from './report-diff-words.js';

export const DIFF_CSV_HEADER = [
  'change',
  'subject_kind',
  'subject',
  'target_type',
  'target',
  'target_id',
  'access_before',
  'access_after',
  'permissions_changed',
  'sources_added',
  'sources_removed',
] as const;

type Row = string[];

/** A team or person added or removed as a whole: only the subject said. */
const whole = (change: string, kind: string, subject: string): Row => [change, kind, subject, '', '', '', '', '', '', '', ''];

function teamRows(diff: SnapshotDiff): Row[] {
  return [
    ...diff.teamsAdded.map((t) => whole('team-added', 'team', t)),
    ...diff.teamsRemoved.map((t) => whole('team-removed', 'team', t)),
    // A rename: the names before and after in the access columns (the team is the same id).
    ...diff.teamsRenamed.map((r) => ['team-renamed', 'team', r.after, '', '', r.id, r.before, r.after, '', '', '']),
    // A re-creation: the old and new ids in the access columns, then a row per access to restore.
    ...diff.teamsRecreated.flatMap((r) => [
      ['team-recreated', 'team', r.name, '', '', r.after, r.before, r.after, '', '', ''],
      ...r.restore.map((c) => ['to-restore', ...accessRow(c).slice(1)]),
    ]),
  ];
}

/** A power is organization-wide: target type `organization`, the flag as the target, on/off as the access. */
function powerRow(p: SnapshotDiff['powers'][number]): Row {
  const [before, after] = p.change === 'added' ? ['off', 'on'] : ['on', 'off'];
  return [`power-${p.change}`, 'team', p.team.name, 'organization', p.power, '', before, after, '', '', ''];
}

function accessRow(c: SnapshotDiff['access'][number]): Row {
  const sources = c.change === 'added' ? (c.after?.sources ?? []) : c.sourcesAdded;
  const lost = c.change === 'removed' ? (c.before?.sources ?? []) : c.sourcesRemoved;
  const target = [c.target.type, c.target.name, c.target.id];
  const words = (list: typeof sources): string => list.map((s) => sourceText(s, c.target.type)).join('; ');
  return [c.change, 'team', c.team.name, ...target, c.before?.access ?? '', c.after?.access ?? '', permissionWords(c), words(sources), words(lost)];
}

function personPowerRow(c: NonNullable<SnapshotDiff['people']>['powers'][number]): Row {
  const [before, after] = c.change === 'added' ? ['off', 'on'] : ['on', 'off'];
  return [`power-${c.change}`, 'person', c.email, 'organization', c.power, '', before, after, '', joinedWords(c), leftWords(c)];
}

function peopleRows(people: NonNullable<SnapshotDiff['people']>): Row[] {
  return [
    ...people.added.map((p) => whole('person-added', 'person', p)),
    ...people.removed.map((p) => whole('person-removed', 'person', p)),
    // The membership cause: a team joined is a source added, a team left a source removed.
    ...people.access.map((c) => [
      c.change,
      'person',
      c.email,
      c.target.type,
      c.target.name,
      c.target.id,
      c.before ?? '',
      c.after ?? '',
      '',
      joinedWords(c),
      leftWords(c),
    ]),
    ...people.powers.map(personPowerRow),
  ];
}

export function renderDiffCsv(diff: SnapshotDiff): string {
  const rows = [...teamRows(diff), ...diff.powers.map(powerRow), ...diff.access.map(accessRow), ...(diff.people ? peopleRows(diff.people) : [])];
  return [DIFF_CSV_HEADER, ...rows].map((row) => row.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
