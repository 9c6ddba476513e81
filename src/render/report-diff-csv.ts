// A comparison of two reports as CSV (RFC 4180; docs/evidence.md, "Comparing snapshots"): one row per
// difference, a team or person added or removed included, with the same defusing of formulas as
// the report's CSV.
import { printable } from '../core/printable.js';
import type { SnapshotDiff } from '../evidence/compare.js';
import { csvField } from './report-csv.js';
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

export function renderDiffCsv(diff: SnapshotDiff): string {
  const whole = (change: string, kind: string, subject: string): string[] => [change, kind, subject, '', '', '', '', '', '', '', ''];
  const rows: string[][] = [
    ...diff.teamsAdded.map((t) => whole('team-added', 'team', t)),
    ...diff.teamsRemoved.map((t) => whole('team-removed', 'team', t)),
    // A rename: the names before and after in the access columns (the team is the same id).
    ...diff.teamsRenamed.map((r) => ['team-renamed', 'team', r.after, '', '', r.id, r.before, r.after, '', '', '']),
    // A power is organization-wide: target type `organization`, the flag as the target, on/off as the access.
    ...diff.powers.map((p) => [
      `power-${p.change}`,
      'team',
      p.team.name,
      'organization',
      p.power,
      '',
      p.change === 'added' ? 'off' : 'on',
      p.change === 'added' ? 'on' : 'off',
      '',
      '',
      '',
    ]),
    ...diff.access.map((c) => {
      const sources = c.change === 'added' ? (c.after?.sources ?? []) : c.sourcesAdded;
      const lost = c.change === 'removed' ? (c.before?.sources ?? []) : c.sourcesRemoved;
      return [
        c.change,
        'team',
        c.team.name,
        c.target.type,
        c.target.name,
        c.target.id,
        c.before?.access ?? '',
        c.after?.access ?? '',
        permissionWords(c),
        sources.join('; '),
        lost.join('; '),
      ];
    }),
    ...(diff.people
      ? [
          ...diff.people.added.map((p) => whole('person-added', 'person', p)),
          ...diff.people.removed.map((p) => whole('person-removed', 'person', p)),
          ...diff.people.access.map((c) => [
            c.change,
            'person',
            c.email,
            c.target.type,
            c.target.name,
            c.target.id,
            c.before ?? '',
            c.after ?? '',
            '',
            // The membership cause: a team joined is a source added, a team left a source removed.
            joinedWords(c),
            leftWords(c),
          ]),
          ...diff.people.powers.map((c) => [
            `power-${c.change}`,
            'person',
            c.email,
            'organization',
            c.power,
            '',
            c.change === 'added' ? 'off' : 'on',
            c.change === 'added' ? 'on' : 'off',
            '',
            joinedWords(c),
            leftWords(c),
          ]),
        ]
      : []),
  ];
  return [DIFF_CSV_HEADER, ...rows].map((row) => row.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
