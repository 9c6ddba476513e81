// The people of a report by person in words (docs/effective-access.md, "People"), shared by the
// text, CSV and HTML formats: a person's access through each of their teams, who was left out, and
// the violations of a person's row. Pure.
import type { PeopleLeftOut, PersonCell, PersonPower, ReportPeople, ReportPerson } from '../../core/person-access.js';
import type { PolicyViolation } from '../../core/policy.js';
import { plural } from '../shared/plural.js';
import { listName, reportSourcesText } from './report-source.js';

/** `developers write (project platform: write, workspace grant: plan); sre admin (organization manage-workspaces)`. */
export function throughText(cell: PersonCell): string {
  // A team's name holding `; ` (or another separator) is quoted, so it never reads as two teams.
  return cell.through.map((t) => `${listName(t.team.name)} ${t.access} (${reportSourcesText({ target: cell.target, sources: t.sources })})`).join('; ');
}

/** What a power row says its level is: a power is held or not, it has no level. */
export const POWER_ACCESS = 'power';

/** `sre, admins`: the teams that hold a power (each name quoted when it holds a separator). */
export const powerTeamsText = (power: PersonPower): string => power.through.map((t) => listName(t.name)).join(', ');

/** `2 service accounts, 1 hidden member`: who is left out, or undefined when nobody is. */
export function leftOutText(left: PeopleLeftOut): string | undefined {
  const parts = [
    ...(left.serviceAccounts > 0 ? [plural(left.serviceAccounts, 'service account', 'service accounts')] : []),
    ...(left.hidden > 0 ? [plural(left.hidden, 'hidden member', 'hidden members')] : []),
    ...(left.inactive > 0 ? [plural(left.inactive, 'inactive membership', 'inactive memberships')] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The people line under a title: `People: 3 active, 1 invited (pending); left out: 2 service accounts.` */
export function peopleSummary(people: ReportPeople): string {
  const active = people.people.filter((p) => p.status === 'active').length;
  const inactive = people.people.filter((p) => p.status === 'inactive').length;
  const invited = people.people.length - active - inactive;
  const left = leftOutText(people.leftOut);
  const gone = inactive > 0 ? `, ${inactive} inactive (no access)` : '';
  return `People: ${active} active, ${invited} invited (pending)${gone}${left ? `; left out: ${left} (never listed)` : ''}.`;
}

/** An inactive person's words, the same in every format. */
export const INACTIVE_WORDS = 'inactive: deactivated in the identity provider, no access';

/** A person as a heading names them: the email, and the username when there is one. */
export function personName(person: ReportPerson): string {
  return typeof person.username === 'string' && person.username !== '' ? `${person.email} (${person.username})` : person.email;
}

/** The violations of a person's row: those of one of the teams that give them the access, on that target. */
export function personViolations(cell: PersonCell, violations: readonly PolicyViolation[]): PolicyViolation[] {
  const teams = new Set(cell.through.map((t) => t.team.id));
  return violations.filter((v) => v.target?.id === cell.target.id && v.team !== null && teams.has(v.team.id));
}
