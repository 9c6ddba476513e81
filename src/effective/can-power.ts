// docs/evidence.md, "Who holds an organization power": each team shown that holds an organization
// power, with what gives it: the owners team (every power), the flag as the service reported it,
// and every flag the team has that brings it (core/team-flags.ts, implyingFlags); a team whose flag
// was not reported and that nothing brings it to is not known. Pure.
import type { PowerAnswer, PowerHolder, PowerSource } from '../core/can-power.js';
import { OWNERS_TEAM, type Team } from '../core/model.js';
import { byName } from '../core/order.js';
import { implyingFlags } from '../core/team-flags.js';
import type { TeamPeople } from './can.js';

export interface PowerInput {
  /** The teams shown, with their flags. */
  readonly teams: readonly Team[];
  /** A report by person: who is in each team (absent: a report by team). */
  readonly peopleOf?: (teamId: string) => TeamPeople;
  /** `--person`: only the teams of the people asked. */
  readonly onlyTheirs?: boolean;
}

/** What gives `team` the power (empty: it does not hold it), or `unknown` when the service did not report it. */
function sourcesOf(team: Team, power: string): PowerSource[] | 'unknown' {
  if (team.name === OWNERS_TEAM) return [{ kind: 'owners' }];
  const own: PowerSource[] = team.organizationAccess[power] === true ? [{ kind: 'flag' }] : [];
  const sources = [...own, ...implyingFlags(team.organizationAccess, power).map((by): PowerSource => ({ kind: 'implied', by }))];
  return sources.length === 0 && team.organizationAccess[power] === undefined ? 'unknown' : sources;
}

/** The holder of `team`, by person with its people. */
function holderOf(team: Team, sources: readonly PowerSource[], people: TeamPeople | undefined): PowerHolder {
  const named = people
    ? {
        people: people.people,
        ...(people.serviceAccounts.length > 0 ? { serviceAccounts: people.serviceAccounts } : {}),
        ...(people.hidden.length > 0 ? { hidden: people.hidden } : {}),
      }
    : {};
  return { team: { name: team.name, id: team.id }, sources, ...named };
}

/** Who holds `power` among the teams shown, in name order; the teams it is not known for apart. */
export function whoHolds(power: string, input: PowerInput): PowerAnswer {
  const holders: PowerHolder[] = [];
  const unknown: PowerHolder[] = [];
  for (const team of [...input.teams].sort(byName)) {
    const people = input.peopleOf?.(team.id);
    if (input.onlyTheirs === true && people?.people.length === 0) continue;
    const sources = sourcesOf(team, power);
    if (sources === 'unknown') unknown.push(holderOf(team, [], people));
    else if (sources.length > 0) holders.push(holderOf(team, sources, people));
  }
  return { power, holders, unknown };
}
