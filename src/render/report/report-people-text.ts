// A report by person as text (docs/effective-access.md, "People"): who was counted, then one block
// per person, their teams and one line per target with the level and every team that gives it
// with that team's sources; an invited person is pending, with the teams they will join.
import type { ReportPeople, ReportPerson } from '../../core/person-access.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { INACTIVE_WORDS, POWER_ACCESS, peopleSummary, personName, powerTeamsText, throughText } from '../report-words/report-people.js';
import { listName } from '../report-words/report-source.js';
import { accessShortForm } from '../shared/access-short.js';
import { table } from './report-table.js';

const teamList = (person: ReportPerson): string => person.teams.map((t) => listName(t.name)).join(', ');

function personLines(person: ReportPerson): string[] {
  if (person.status === 'invited') {
    const joins = person.teams.length > 0 ? `will join ${teamList(person)}` : 'in no team yet';
    return [`person ${printable(personName(person))}: invited, pending (no access until accepted); ${joins}`, ''];
  }
  if (person.status === 'inactive') {
    const still = person.teams.length > 0 ? `still in teams ${teamList(person)}` : 'in no team';
    return [`person ${printable(personName(person))}: ${INACTIVE_WORDS}; ${still}`, ''];
  }
  const head = `person ${printable(personName(person))}: ${person.teams.length > 0 ? `teams ${teamList(person)}` : 'in no team'}`;
  const rows = [
    ...person.cells.map((c) => [`${c.target.type} ${printable(c.target.name)}`, accessShortForm(c), printable(throughText(c))] as const),
    // A power is organization-wide: its own rows, after the targets, so a manage-policies member is never "no access".
    ...person.powers.map((p) => [`organization ${p.power}`, POWER_ACCESS, `${printable(powerTeamsText(p))} [organization-wide]`] as const),
  ];
  return [head, ...(rows.length > 0 ? table(rows) : ['  no access to the selected projects and workspaces']), ''];
}

export function byPerson(report: Report, people: ReportPeople): string[] {
  const lines = [printable(peopleSummary(people)), ''];
  if (people.people.length === 0) lines.push(report.scope.people?.length ? 'No person selected.' : 'No person in the organization the token can list.', '');
  for (const person of people.people) lines.push(...personLines(person));
  return lines;
}
