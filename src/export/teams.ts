// `export --teams` (docs/adopting.md, "What export writes"): every team the token sees -> the
// `teams:` section (docs/files.md, "`teams`"), the fewest words that plan clean. Pure.
// - `visibility` and `allow-member-token-management` as reported; `sso-team-id` only when set (a
//   team without one says nothing, and the plan leaves it unset).
// - `organization-access` as the minimal map: the flags on, less those another flag on brings (the
//   service switches them on itself, core/team-flags.ts) and less the flags off (a map is
//   authoritative: a flag it does not name is false). A team with none gets `{}`: it has none.
// - The owners team's organization access is fixed by the service (docs/api.md, "Teams"): never written.

import { OWNERS_TEAM, type Team } from '../core/model.js';
import { byKey } from '../core/order.js';
import { personKey } from '../core/people.js';
import type { LivePeople } from '../core/person.js';
import { isServiceAccount } from '../core/person-kind.js';
import { impliedBy, TEAM_FLAG_KEYS } from '../core/team-flags.js';
import { sortedRecord } from './grant.js';

/** The flags on that no other flag on brings, in table order. */
export function minimalFlags(access: Readonly<Record<string, boolean>>): string[] {
  const on = TEAM_FLAG_KEYS.filter((key) => access[key] === true);
  const brought = new Set(on.flatMap(impliedBy));
  return on.filter((key) => !brought.has(key));
}

/**
 * `export --teams --members` (docs/adopting.md, "Members: `export --teams --members`"): each team's
 * people by email, sorted (by the email without case): every membership the list shows in the team,
 * active, invited (the invitation names the team: a plan of it shows the invitation pending) and
 * inactive (left out, a plan would remove them), so the round trip plans clean. Never a service
 * account, never a hidden member (no membership names them). A team whose membership the identity
 * provider owns (an SSO id, SCIM-linked) gets none: the files may not list its members.
 */
export function exportedMembers(people: LivePeople, teams: Iterable<Team>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const team of teams) if (!ownedByIdentityProvider(team)) out.set(team.id, []);
  for (const person of people.people) {
    if (isServiceAccount(person)) continue;
    for (const id of new Set(person.teamIds)) out.get(id)?.push(person.email);
  }
  for (const emails of out.values()) emails.sort(byKey(personKey));
  return out;
}

/** SAML team mapping (`sso-team-id`) or SCIM owns the team's membership (docs/files.md, "Members"). */
function ownedByIdentityProvider(team: Team): boolean {
  return team.scimLinked === true || (typeof team.ssoTeamId === 'string' && team.ssoTeamId !== '');
}

function teamValue(team: Team, members?: ReadonlyMap<string, string[]>): Record<string, unknown> {
  const entries: [string, unknown][] = [['visibility', team.visibility]];
  const emails = members?.get(team.id);
  if (emails) entries.push(['members', emails]);
  if (typeof team.ssoTeamId === 'string' && team.ssoTeamId !== '') entries.push(['sso-team-id', team.ssoTeamId]);
  if (team.allowMemberTokenManagement !== undefined) entries.push(['allow-member-token-management', team.allowMemberTokenManagement]);
  if (team.name !== OWNERS_TEAM) entries.push(['organization-access', sortedRecord(minimalFlags(team.organizationAccess).map((key) => [key, true] as const))]);
  return sortedRecord(entries);
}

/** The `teams:` section: team name -> its settings (with `members`, its people by email), sorted by name. */
export function exportTeams(teams: Iterable<Team>, members?: ReadonlyMap<string, string[]>): Record<string, Record<string, unknown>> {
  return sortedRecord([...teams].map((team) => [team.name, teamValue(team, members)] as const));
}
