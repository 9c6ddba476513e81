// The teams as a plan leaves them (docs/files.md, "`teams`"): each team of `teams:` found by its name,
// or by a name it had (`previously:`, a rename: the same id under the new name), or to be created
// (a stand-in id, core/teams.ts, until apply creates it). Grants name teams by these; the resolver
// checks the files' names against them and the diff pairs grants with them. Pure.
import type { Team } from '../core/model.js';
import { type DesiredTeam, pendingTeamId } from '../core/teams.js';

export type TeamFate =
  | { readonly kind: 'found'; readonly team: Team }
  | { readonly kind: 'renamed'; readonly team: Team; readonly from: Team }
  | { readonly kind: 'created'; readonly team: Team };

export interface PlannedTeams {
  /** Each team of `teams:` by its name, with what becomes of it. */
  readonly fates: ReadonlyMap<string, TeamFate>;
  /** Every team the plan knows by the name it will have: the teams read (renamed ones under their new name) and those created. */
  readonly byName: ReadonlyMap<string, Team>;
}

function fateOf(desired: DesiredTeam, live: ReadonlyMap<string, Team>): TeamFate {
  const found = live.get(desired.name);
  if (found) return { kind: 'found', team: found };
  // peribolos' rule: a rename when the new name is not there and an old one is.
  const from = desired.previously.map((name) => live.get(name)).find((t): t is Team => t !== undefined);
  if (from) return { kind: 'renamed', team: { ...from, name: desired.name }, from };
  return { kind: 'created', team: { id: pendingTeamId(desired.name), name: desired.name, visibility: desired.visibility ?? '', organizationAccess: {} } };
}

export function plannedTeams(desired: readonly DesiredTeam[] | undefined, teams: readonly Team[]): PlannedTeams {
  const live = new Map(teams.map((t) => [t.name, t]));
  const fates = new Map((desired ?? []).map((d) => [d.name, fateOf(d, live)] as const));
  const byName = new Map(live);
  for (const fate of fates.values()) {
    if (fate.kind === 'renamed') byName.delete(fate.from.name);
    byName.set(fate.team.name, fate.team);
  }
  return { fates, byName };
}
