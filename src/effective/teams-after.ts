// The teams once a plan's team changes are applied, computed in memory (docs/plan.md, "Team
// changes"): what the policies of the organization's teams are checked on after a plan. Pure: a
// change names every setting it moves with its value after (the flags normalised by the plan), so
// the service's answers are not needed.
import type { Team } from '../core/model.js';
import { pendingTeamId, type TeamChange, type TeamFieldChange } from '../core/teams.js';

/** `team` with the change's settings made (only organization access and visibility count here). */
function withFields(team: Team, fields: readonly TeamFieldChange[]): Team {
  const organizationAccess = { ...team.organizationAccess };
  let visibility = team.visibility;
  for (const change of fields) {
    if ('flag' in change) organizationAccess[change.flag] = change.after;
    else if (change.field === 'visibility') visibility = change.after;
  }
  return { ...team, visibility, organizationAccess };
}

/**
 * `teams` with the changes made: creates added (by their pending id), renames and updates in place,
 * deletions gone. `teams` may already be the teams as the plan names them (resolve/planned-teams.ts:
 * renamed ones under their new name, created ones by their pending id): a created team there takes
 * its settings, never a second entry.
 */
export function teamsAfter(teams: readonly Team[], changes: readonly TeamChange[]): Team[] {
  const byId = new Map(changes.map((c) => [c.action === 'create' ? pendingTeamId(c.name) : c.id, c] as const));
  const out: Team[] = [];
  const seen = new Set<string>();
  for (const team of teams) {
    const change = byId.get(team.id);
    seen.add(team.id);
    if (change === undefined) out.push(team);
    else if (change.action !== 'delete') out.push(withFields({ ...team, name: change.name }, change.fields));
  }
  for (const change of changes) {
    // A created team starts with every flag off, as the service makes it (core/team-flags.ts, defaults).
    const id = pendingTeamId(change.name);
    if (change.action === 'create' && !seen.has(id))
      out.push(withFields({ id, name: change.name, visibility: 'secret', organizationAccess: {} }, change.fields));
  }
  return out;
}
