// The report's organization powers (docs/effective-access.md, "Organization powers"): every team
// the report shows, with its visibility and every flag of team-flags.ts as the service reported
// it. The one reading of a team's flags every report format and the review's rows share (facts;
// their words are render/report-words/report-powers.ts's). Pure.
import { OWNERS_TEAM, type Team } from './model.js';
import { byName } from './order.js';
import type { Report } from './report.js';
import { TEAM_FLAG_KEYS } from './team-flags.js';

/** A flag as reported: on, off, or not reported (a server without it, docs/api.md, "Teams"). */
export type FlagValue = boolean | null;

export interface TeamPowers {
  readonly team: Team;
  readonly secret: boolean;
  /** The owners team: every power, whatever its flags say (docs/api.md, "Teams": its organization access is fixed). */
  readonly owners: boolean;
  /** Every flag of the table, in table order. */
  readonly flags: readonly (readonly [string, FlagValue])[];
}

function flagValue(team: Team, key: string): FlagValue {
  const value = team.organizationAccess[key];
  return typeof value === 'boolean' ? value : null;
}

/**
 * Every team of the report, by name, with every flag; the owners team's all held, whatever the
 * service reports for them (it reports them off or not at all), since it has every power.
 */
export function teamPowers(report: Report): TeamPowers[] {
  return [...report.teams].sort(byName).map((team) => {
    const owners = team.name === OWNERS_TEAM;
    return {
      team,
      secret: team.visibility === 'secret',
      owners,
      flags: TEAM_FLAG_KEYS.map((key) => [key, owners ? true : flagValue(team, key)] as const),
    };
  });
}

/** The flags a team has on, in table order. */
export function flagsOn(powers: TeamPowers): string[] {
  return powers.flags.filter(([, value]) => value === true).map(([key]) => key);
}

/** The flags no team of the report was reported with (the server does not have them). */
export function flagsNotReported(all: readonly TeamPowers[]): string[] {
  // The owners team's flags are held by rule, not as reported: they say nothing of the server.
  const reported = all.filter((p) => !p.owners);
  if (reported.length === 0) return [];
  return TEAM_FLAG_KEYS.filter((key) => reported.every((p) => p.flags.some(([k, v]) => k === key && v === null)));
}
