// The people of a report by person in the HTML page (docs/effective-access.md, "People"): each
// team column names its active members (`data-people`, what the person filter and a cell's details
// read), a person filter among the controls, and a table of people under the matrix: status,
// teams, and each target with its level (the teams that give it on hover). Every text escaped.
import type { ReportPeople, ReportPerson } from '../../core/person-access.js';
import { INACTIVE_WORDS, POWER_ACCESS, peopleSummary, personName, powerTeamsText, throughText } from '../report-words/report-people.js';
import { escapeHtml } from '../shared/markdown-text.js';

/** The emails of the active people shown of each team, by team name, space-separated (an email has no space). */
export function membersByTeam(people: ReportPeople): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const person of people.people) {
    if (person.status !== 'active') continue;
    for (const team of person.teams) out.set(team.name, [...(out.get(team.name) ?? []), person.email]);
  }
  return new Map([...out].map(([team, emails]) => [team, emails.join(' ')]));
}

/** By team name: its service accounts and hidden members in words, apart from its people (who-can names them: docs/evidence.md, "Who can"). */
export function unlistedByTeam(people: ReportPeople): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const member of people.unlisted ?? []) {
    const words = `${member.kind === 'service-account' ? 'service account' : 'hidden member'} ${member.name}`;
    for (const team of member.teams) out.set(team.name, [...(out.get(team.name) ?? []), words]);
  }
  return new Map([...out].map(([team, words]) => [team, words.join(', ')]));
}

export const PERSON_FILTER = '<label>People <input id="person-filter" type="search" placeholder="filter people" autocomplete="off"></label>\n';

function accessCell(person: ReportPerson): string {
  if (person.status === 'invited') {
    const joins = person.teams.length > 0 ? `will join ${person.teams.map((t) => t.name).join(', ')}` : 'in no team yet';
    return `<td class="access pending">pending invitation: no access until accepted; ${escapeHtml(joins)}</td>`;
  }
  if (person.status === 'inactive') {
    const still = person.teams.length > 0 ? `still in ${person.teams.map((t) => t.name).join(', ')}` : 'in no team';
    return `<td class="access pending">${escapeHtml(`${INACTIVE_WORDS}; ${still}`)}</td>`;
  }
  if (person.cells.length === 0 && person.powers.length === 0) return '<td class="access">none</td>';
  const items = [
    ...person.cells.map(
      (c) => `<span class="lvl-${c.access}" title="${escapeHtml(throughText(c))}">${escapeHtml(`${c.target.type} ${c.target.name}`)}: ${c.access}</span>`,
    ),
    ...person.powers.map(
      (p) =>
        `<span class="lvl-admin" title="${escapeHtml(powerTeamsText(p))}">${escapeHtml(`organization ${p.power}`)}: ${POWER_ACCESS} (organization-wide)</span>`,
    ),
  ];
  return `<td class="access">${items.join('')}</td>`;
}

function personRow(person: ReportPerson): string {
  const teams = person.teams.map((t) => t.name).join(', ');
  return `<tr data-person="${escapeHtml(person.email)}"><th scope="row">${escapeHtml(personName(person))}</th><td>${person.status}</td><td>${escapeHtml(teams)}</td>${accessCell(person)}</tr>`;
}

/** The table of people under the matrix. */
export function peopleHtml(people: ReportPeople): string {
  return `<h2 id="people-title">People</h2>
<p class="meta">${escapeHtml(peopleSummary(people))} Each person has the highest of what their teams have; hover a target for the teams that give it.</p>
<table id="people" aria-labelledby="people-title">
<thead><tr><th scope="col">person</th><th scope="col">status</th><th scope="col">teams</th><th scope="col">access</th></tr></thead>
<tbody>${people.people.map(personRow).join('')}</tbody>
</table>
`;
}
