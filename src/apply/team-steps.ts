// One team change carried through to a typed outcome (docs/apply.md, "Team changes"): a create is
// one POST, a rename or an update one PATCH of the fields that move (the service merges a PATCH,
// organization access included: docs/api.md, "Teams"), a deletion one DELETE. A deletion the
// service answers 404 is already done; a create that meets its name taken reads as a failure with
// the service's words (the next plan finds the team and updates it).
import type { TeamOutcome } from '../core/apply-outcome.js';
import type { TeamApi, TeamWrite } from '../core/team-write.js';
import type { TeamChange, TeamFieldChange } from '../core/teams.js';
import { permanence, reasonOf, refusalOf, troubleOf } from './trouble.js';

/** What a change writes: its fields in the domain's words. */
export function teamWriteOf(fields: readonly TeamFieldChange[]): TeamWrite {
  const write: { -readonly [K in keyof TeamWrite]: TeamWrite[K] } = {};
  const flags: Record<string, boolean> = {};
  // A service's default is shown by the plan, never sent (core/teams.ts, TeamFieldChange's `default`).
  for (const change of fields.filter((f) => f.default !== 'service')) {
    if ('flag' in change) flags[change.flag] = change.after;
    else if (change.field === 'visibility') write.visibility = change.after;
    else if (change.field === 'sso-team-id') write.ssoTeamId = change.after;
    else write.allowMemberTokenManagement = change.after;
  }
  if (Object.keys(flags).length > 0) write.organizationAccess = flags;
  return write;
}

async function send(api: TeamApi, organization: string, change: TeamChange): Promise<TeamOutcome> {
  switch (change.action) {
    case 'create': {
      const team = await api.createTeam(organization, { ...teamWriteOf(change.fields), name: change.name });
      return { status: 'applied', change, id: team.id };
    }
    case 'rename':
      await api.updateTeam(change.id, { ...teamWriteOf(change.fields), name: change.name });
      return { status: 'applied', change };
    case 'update':
      await api.updateTeam(change.id, teamWriteOf(change.fields));
      return { status: 'applied', change };
    case 'delete': {
      const outcome = await api.deleteTeam(change.id);
      return outcome === 'removed'
        ? { status: 'applied', change }
        : { status: 'applied', change, note: 'the answer was lost; the service no longer has the team' };
    }
  }
}

/** Never throws: a failure is the change's outcome. */
export async function runTeamChange(api: TeamApi, organization: string, change: TeamChange): Promise<TeamOutcome> {
  try {
    return await send(api, organization, change);
  } catch (error: unknown) {
    if (change.action === 'delete' && troubleOf(error) === 'not-found')
      return { status: 'already-so', change, note: 'the service answered 404: the team is gone (or this token may not delete it; the next plan tells which)' };
    const refused = refusalOf(error, change.action === 'create');
    return { status: 'failed', change, reason: reasonOf(error), ...(refused ? { refused } : {}), ...permanence(error) };
  }
}
