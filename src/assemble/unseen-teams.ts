// The words of a team the token cannot see, beside the plan's other refusals (plan-over.ts, the support check) (issue 36, Build 1: blindness is never a change): one
// `teams:` entry a partial read of teams cannot prove absent, as plan refuses it and as drift --adopt
// leaves it (diff/unseen.ts, unseenTeamsOf, finds them).
import type { DesiredTeam } from '../core/teams.js';
import { placeOf } from '../load/problem.js';

/** What to run with instead, said the same way everywhere. */
export const WHOLE_TEAMS_TOKEN = 'an owners-team or organization token (or a team token with access-secret-teams and manage-teams)';

/** Why the team is not planned: the same clause in the plan's refusal and in adopt's detail. */
export function unseenTeamReason(team: Pick<DesiredTeam, 'name'>): string {
  return `team "${team.name}" is not among the teams this token sees, and its list of teams is partial: it may exist as a secret team this token cannot see`;
}

/** The plan's refusal: every such team at its place, and the token to use. */
export function unseenTeamsMessage(teams: readonly DesiredTeam[]): string {
  const lines = teams.map((team) => `  ${team.source ? `${placeOf(team.source)}: ` : ''}${unseenTeamReason(team)}`);
  const head = teams.length === 1 ? 'a team this token cannot see; it is' : `${teams.length} teams this token cannot see; they are`;
  return `the files' teams: name ${head} not planned as new, and nothing was changed:\n${lines.join('\n')}\nRun with ${WHOLE_TEAMS_TOKEN}, or make the team visible to the organization.`;
}
