// What a new team's name says about the teams read (docs/files.md, "`teams`"; issue 36, finding 4):
// a name close to a live team's is a near miss (`team-near-miss`: a typo creates a second team), and
// a live team the files no longer name beside a new team of the very same members is most likely a
// rename done by hand (`team-looks-renamed`: without `previously:` the old team keeps its grants, and
// with prune-teams is deleted with them). Warnings, never errors: both may be meant. Pure.

import type { DesiredState } from '../core/desired-state.js';
import type { LiveState, Team } from '../core/model.js';
import type { PlanWarning } from '../core/plan.js';
import { quote } from '../core/printable.js';
import { nearMisses } from '../core/suggest.js';
import type { DesiredTeam } from '../core/teams.js';
import type { PlannedTeams } from '../resolve/planned-teams.js';

/** A new team whose name is near a live team's that the files do not manage under `teams:`. */
function nearMiss(team: DesiredTeam, unmanaged: readonly string[]): PlanWarning | undefined {
  // A case-only difference is a problem already (resolve/team-case.ts).
  const close = nearMisses(team.name, unmanaged).filter((name) => name.toLowerCase() !== team.name.toLowerCase());
  const first = close[0];
  if (first === undefined) return undefined;
  const listed = close.map((name) => quote(name)).join(' or ');
  return {
    code: 'team-near-miss',
    team: team.name,
    message: `team ${quote(team.name)} is new, and close to the organization's ${listed}: the plan creates it. If ${quote(first)} was meant, name it so (or add \`previously: [${first}]\` to rename it).`,
  };
}

const emailKey = (email: string): string => email.trim().toLowerCase();

/** Each live team's members by email (people the token sees), for the teams `candidates` names. */
function membersOf(live: LiveState, candidates: readonly Team[]): Map<string, Set<string>> {
  const out = new Map(candidates.map((t) => [t.id, new Set<string>()]));
  for (const person of live.people?.people ?? []) {
    if (person.serviceAccount) continue;
    for (const id of person.teamIds) out.get(id)?.add(emailKey(person.email));
  }
  return out;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

/** A created team with `members:` equal to a live team's that the files name nowhere. */
function looksRenamed(team: DesiredTeam, gone: readonly Team[], liveMembers: ReadonlyMap<string, ReadonlySet<string>>): PlanWarning | undefined {
  const wanted = new Set((team.members?.emails ?? []).map(emailKey));
  if (wanted.size === 0) return undefined;
  const from = gone.find((t) => sameSet(liveMembers.get(t.id) ?? new Set(), wanted));
  if (!from) return undefined;
  return {
    code: 'team-looks-renamed',
    team: team.name,
    message: `team ${quote(team.name)}, which the plan creates, has the members of ${quote(from.name)}, which the files no longer name: looks like a rename: add \`previously: [${from.name}]\` to ${quote(team.name)} to keep its id, members and grants.`,
  };
}

/** The near-miss and rename warnings of the teams the plan creates; `named`: every team name the files give. */
export function teamNameWarnings(desired: DesiredState, planned: PlannedTeams, live: LiveState, named: ReadonlySet<string>): PlanWarning[] {
  const created = (desired.teams ?? []).filter((t) => planned.fates.get(t.name)?.kind === 'created');
  if (created.length === 0) return [];
  const managed = new Set((desired.teams ?? []).flatMap((t) => [t.name, ...t.previously]));
  const liveTeams = [...live.teams.values()];
  const unmanaged = liveTeams.filter((t) => !managed.has(t.name)).map((t) => t.name);
  const gone = liveTeams.filter((t) => !named.has(t.name));
  const liveMembers = membersOf(live, gone);
  const warnings: PlanWarning[] = [];
  for (const team of created) {
    const near = nearMiss(team, unmanaged);
    if (near) warnings.push(near);
    const renamed = looksRenamed(team, gone, liveMembers);
    if (renamed) warnings.push(renamed);
  }
  return warnings;
}
