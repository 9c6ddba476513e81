// A report by person as CSV (docs/effective-access.md, "People"): one row per person, target and
// access, the population an access review starts from. An active person with no access is one row
// of access `none`; an invited person one row of access `pending`, with the teams they will join;
// service accounts and hidden members are no rows. Quoted and defused as the team CSV is
// (report-csv.ts), with its `complete` and `scope` columns.
import type { ReportPeople, ReportPerson } from '../../core/person-access.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { POWER_ACCESS, personViolations, powerTeamsText, throughText } from '../report-words/report-people.js';
import { listName } from '../report-words/report-source.js';
import { violationText } from '../violations/violation-lines.js';
import { cellColumns, coverageColumns, csvField, PERMISSION_COLUMNS } from './report-csv.js';

export const PEOPLE_CSV_HEADER = [
  'person',
  'username',
  'status',
  'teams',
  'target_type',
  'target',
  'target_id',
  'project',
  'access',
  'access_short',
  ...PERMISSION_COLUMNS,
  'through',
  'violations',
  'complete',
  'scope',
] as const;

function personRows(report: Report, person: ReportPerson, projectOf: ReadonlyMap<string, string>): string[][] {
  const who = [person.email, typeof person.username === 'string' ? person.username : '', person.status, person.teams.map((t) => listName(t.name)).join('; ')];
  const tail = coverageColumns(report);
  const access = person.status === 'invited' ? 'pending' : person.status === 'inactive' ? 'inactive' : 'none';
  // A power is a row of target type `organization`, named by the flag: it is held on no one target.
  const powers = person.powers.map((p) => [
    ...who,
    'organization',
    p.power,
    '',
    '',
    POWER_ACCESS,
    POWER_ACCESS,
    ...PERMISSION_COLUMNS.map(() => ''),
    `${powerTeamsText(p)} (organization-wide)`,
    '',
    ...tail,
  ]);
  if (person.cells.length === 0 && powers.length === 0) return [[...who, '', '', '', '', access, access, ...PERMISSION_COLUMNS.map(() => ''), '', '', ...tail]];
  return [
    ...person.cells.map((cell) => [
      ...who,
      ...cellColumns(cell, projectOf),
      throughText(cell),
      personViolations(cell, report.violations).map(violationText).join('; '),
      ...tail,
    ]),
    ...powers,
  ];
}

export function renderPeopleCsv(report: Report, people: ReportPeople): string {
  const projectOf = new Map(report.workspaces.map((w) => [w.id, w.project?.name ?? '']));
  const rows = people.people.flatMap((person) => personRows(report, person, projectOf));
  return [PEOPLE_CSV_HEADER, ...rows].map((row) => row.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
