// People's effective access (docs/effective-access.md, "People"): a person has what their teams
// have, so each target's access is the union of their teams' cells (src/effective/compute.ts): the
// per-permission maximum, admin when one team has admin; every team that gives some is named with
// its own sources. Service accounts and hidden members are counted, never listed; an invited person
// is pending, with the teams they will join and no access yet; an inactive one (deactivated in the
// identity provider) is listed with the teams they are still in and no access. Pure.
import type { EffectiveCell } from '../core/effective.js';
import { OWNERS_TEAM, RESOURCE_OF, type Team, type TeamRef } from '../core/model.js';
import { byName, byTypeThenName, compareText } from '../core/order.js';
import { personKey } from '../core/people.js';
import type { LivePeople, Person } from '../core/person.js';
import type { PersonCell, PersonPower, ReportPeople, ReportPerson, UnlistedMember } from '../core/person-access.js';
import { isServiceAccount } from '../core/person-kind.js';
import { TEAM_FLAG_KEYS } from '../core/team-flags.js';
import { certainMaximum, levelOf, type RankedVector } from './vector.js';

/** A person whose access the report and the policies count, and whom effective changes name: not a service account (the one test of it here). */
export function isHuman(person: Person): boolean {
  return !isServiceAccount(person);
}

/** What each source of a team's cell gives on its own (compute.ts, `EffectiveIndex.sourcesOf`): a person's value is certain as a merged team's is. */
export type SourcesOfCell = (cell: EffectiveCell) => readonly RankedVector[];

/** Without the sources, each team's cell is one vector: a permission one of them does not know is certain only at its highest value. */
const cellAsOneSource: SourcesOfCell = (cell) => [{ permissions: cell.permissions }];

/** The cells of one person's teams on each target, merged: the union of what their teams have. */
export function personCells(
  teamIds: readonly string[],
  cellsOfTeam: ReadonlyMap<string, readonly EffectiveCell[]>,
  sourcesOf: SourcesOfCell = cellAsOneSource,
): PersonCell[] {
  const byTarget = new Map<string, EffectiveCell[]>();
  for (const teamId of new Set(teamIds)) {
    for (const cell of cellsOfTeam.get(teamId) ?? []) {
      const key = `${cell.target.type}\u0000${cell.target.id}`;
      byTarget.set(key, [...(byTarget.get(key) ?? []), cell]);
    }
  }
  const out: PersonCell[] = [];
  for (const cells of byTarget.values()) {
    const first = cells[0] as EffectiveCell;
    const resource = RESOURCE_OF[first.target.type];
    // A source that does not know a permission may hide a higher value: certain only as vector.ts says.
    const permissions = certainMaximum(resource, cells.flatMap(sourcesOf));
    const through = [...cells].sort((a, b) => compareText(a.team.name, b.team.name));
    out.push({
      target: first.target,
      access: levelOf(
        resource,
        permissions,
        cells.some((c) => c.access === 'admin'),
      ),
      permissions,
      through: through.map((c) => ({ team: c.team, access: c.access, sources: c.sources })),
    });
  }
  return out.sort((a, b) => byTypeThenName(a.target, b.target));
}

/**
 * The organization powers a person's teams hold: a manage-policies member holds it though it gives
 * them no target, so a by-person view that listed targets only would call them "no access". The
 * owners team holds every power whatever its flags say (docs/api.md, "Teams").
 */
export function personPowers(teamIds: readonly string[], teams: ReadonlyMap<string, Team>): PersonPower[] {
  const mine = teamRefs(teamIds, teams).map((ref) => teams.get(ref.id) as Team);
  return TEAM_FLAG_KEYS.flatMap((power) => {
    const through = mine.filter((t) => t.name === OWNERS_TEAM || t.organizationAccess[power] === true).map((t) => ({ name: t.name, id: t.id }));
    return through.length > 0 ? [{ power, through }] : [];
  });
}

/** Every cell by team id. */
export function cellsByTeam(cells: readonly EffectiveCell[]): Map<string, EffectiveCell[]> {
  const out = new Map<string, EffectiveCell[]>();
  for (const cell of cells) out.set(cell.team.id, [...(out.get(cell.team.id) ?? []), cell]);
  return out;
}

const teamRefs = (ids: readonly string[], teams: ReadonlyMap<string, Team>): TeamRef[] =>
  [...new Set(ids)]
    .flatMap((id) => {
      const team = teams.get(id);
      return team ? [{ name: team.name, id: team.id }] : [];
    })
    .sort(byName);

/** Distinct hidden members over every team (one person hidden in two teams is one). */
export function hiddenCount(people: LivePeople): number {
  return new Set([...people.hidden.values()].flat()).size;
}

/**
 * The people of the organization with their access, from every team's cells (`cells`, over the
 * teams `teams`: a team the token does not see gives nothing here, as in the team report).
 */
export function reportPeople(live: LivePeople, teams: readonly Team[], cells: readonly EffectiveCell[], sourcesOf?: SourcesOfCell): ReportPeople {
  const known = new Map(teams.map((t) => [t.id, t]));
  const ofTeam = cellsByTeam(cells);
  const people: ReportPerson[] = [];
  let serviceAccounts = 0;
  for (const person of live.people) {
    if (!isHuman(person)) serviceAccounts++;
    else {
      const base = { email: person.email, ...(person.username === undefined ? {} : { username: person.username }), teams: teamRefs(person.teamIds, known) };
      people.push(
        person.status === 'active'
          ? {
              ...base,
              status: 'active',
              cells: personCells(
                person.teamIds.filter((id) => known.has(id)),
                ofTeam,
                sourcesOf,
              ),
              powers: personPowers(person.teamIds, known),
            }
          : { ...base, status: person.status, cells: [], powers: [] },
      );
    }
  }
  people.sort((a, b) => compareText(personKey(a.email), personKey(b.email)) || compareText(a.email, b.email));
  return { people, leftOut: { serviceAccounts, hidden: hiddenCount(live), inactive: 0 }, unlisted: unlistedMembers(live, known) };
}

/** The active service accounts and the hidden members, each with the teams the token sees it in: who-can names them apart. */
function unlistedMembers(live: LivePeople, known: ReadonlyMap<string, Team>): UnlistedMember[] {
  const accounts = live.people
    .filter((p) => !isHuman(p) && p.status === 'active')
    .map((p): UnlistedMember => ({ kind: 'service-account', name: p.username ?? p.email, teams: teamRefs(p.teamIds, known) }));
  const hiddenTeams = new Map<string, string[]>();
  for (const [teamId, ids] of live.hidden) for (const id of ids) hiddenTeams.set(id, [...(hiddenTeams.get(id) ?? []), teamId]);
  const hidden = [...hiddenTeams].map(([id, teamIds]): UnlistedMember => ({ kind: 'hidden', name: id, teams: teamRefs(teamIds, known) }));
  const byMemberName = (a: UnlistedMember, b: UnlistedMember): number => compareText(a.name, b.name);
  return [...accounts.sort(byMemberName), ...hidden.sort(byMemberName)];
}
