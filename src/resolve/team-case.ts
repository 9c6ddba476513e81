// Team names are unique without case on the service (docs/api.md, "Name resolution"): a team of
// `teams:` that the plan would create while the organization has a team of the same name in
// another case would be refused at apply ("Name has already been taken"). It is a problem at the
// team's place before that, with the live name as the did-you-mean (issue 36, finding 4). Pure.
import type { Team } from '../core/model.js';
import { quote } from '../core/printable.js';
import { didYouMean } from '../core/suggest.js';
import type { DesiredTeam } from '../core/teams.js';
import type { NameProblem } from './check-names.js';
import type { PlannedTeams } from './planned-teams.js';

/** Every team the plan creates whose name a live team has in another case. */
export function caseOnlyProblems(desired: readonly DesiredTeam[], planned: PlannedTeams, live: readonly Team[]): NameProblem[] {
  const byLower = new Map(live.map((t) => [t.name.toLowerCase(), t.name]));
  const problems: NameProblem[] = [];
  for (const { name, source } of desired) {
    const other = planned.fates.get(name)?.kind === 'created' ? byLower.get(name.toLowerCase()) : undefined;
    if (other === undefined) continue;
    const message = `team ${quote(name)} differs from the organization's ${quote(other)} only by case: the service takes team names without case, so it cannot create this one.${didYouMean(name, [other])} (To change the case of its name, write \`previously: [${other}]\`.)`;
    problems.push(source ? { source, message } : { message });
  }
  return problems;
}
