// The people of a report by person in its JSON document (docs/effective-access.md, "People"):
// `people` (by email: each with their teams and, active, their access on every target shown with
// the teams that give it) and `people_left_out` (who was counted and not listed). Fixed key order.

import type { JsonValue } from '../../core/json-value.js';
import { RESOURCE_OF } from '../../core/model.js';
import { nestPermissions, orderedEntries } from '../../core/permissions.js';
import type { PersonCell, ReportPeople, ReportPerson } from '../../core/person-access.js';
import { reportSourceDocument } from './report-source-document.js';

type JsonObject = { [key: string]: JsonValue };

function cellDocument(cell: PersonCell): JsonObject {
  return {
    target: { type: cell.target.type, name: cell.target.name, id: cell.target.id },
    access: cell.access,
    permissions: nestPermissions(orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions)),
    through: cell.through.map((t) => ({ team: { name: t.team.name, id: t.team.id }, access: t.access, sources: t.sources.map(reportSourceDocument) })),
  };
}

function personDocument(person: ReportPerson): JsonObject {
  return {
    email: person.email,
    username: typeof person.username === 'string' ? person.username : null,
    status: person.status,
    teams: person.teams.map((t) => ({ name: t.name, id: t.id })),
    access: person.cells.map(cellDocument),
    organization_powers: person.powers.map((p) => ({
      power: p.power,
      scope: 'organization-wide',
      through: p.through.map((t) => ({ name: t.name, id: t.id })),
    })),
  };
}

export function peopleDocument(people: ReportPeople): JsonObject {
  return {
    people: people.people.map(personDocument),
    people_left_out: { service_accounts: people.leftOut.serviceAccounts, hidden: people.leftOut.hidden, inactive: people.leftOut.inactive },
  };
}
