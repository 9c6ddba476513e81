// `export --teams` (docs/adopting.md, "What export writes"): every team the token sees -> the
// `teams:` section (docs/files.md, "`teams`"), the fewest words that plan clean. Pure.
// - `visibility` and `allow-member-token-management` as reported; `sso-team-id` only when set (a
//   team without one says nothing, and the plan leaves it unset).
// - `organization-access` as the minimal map: the flags on, less those another flag on brings (the
//   service switches them on itself, core/team-flags.ts) and less the flags off (a map is
//   authoritative: a flag it does not name is false). A team with none gets `{}`: it has none.
// - The owners team's organization access is fixed by the service (docs/api.md, "Teams"): never written.
import { OWNERS_TEAM, type Team } from '../core/model.js';
import { impliedBy, TEAM_FLAG_KEYS } from '../core/team-flags.js';
import { sortedRecord } from './grant.js';

/** The flags on that no other flag on brings, in table order. */
export function minimalFlags(access: Readonly<Record<string, boolean>>): string[] {
  const on = TEAM_FLAG_KEYS.filter((key) => access[key] === true);
  const brought = new Set(on.flatMap(impliedBy));
  return on.filter((key) => !brought.has(key));
}

function teamValue(team: Team): Record<string, unknown> {
  const entries: [string, unknown][] = [['visibility', team.visibility]];
  if (typeof team.ssoTeamId === 'string' && team.ssoTeamId !== '') entries.push(['sso-team-id', team.ssoTeamId]);
  if (team.allowMemberTokenManagement !== undefined) entries.push(['allow-member-token-management', team.allowMemberTokenManagement]);
  if (team.name !== OWNERS_TEAM) entries.push(['organization-access', sortedRecord(minimalFlags(team.organizationAccess).map((key) => [key, true] as const))]);
  return sortedRecord(entries);
}

/** The `teams:` section: team name -> its settings, sorted by name. */
export function exportTeams(teams: Iterable<Team>): Record<string, Record<string, unknown>> {
  return sortedRecord([...teams].map((team) => [team.name, teamValue(team)] as const));
}
