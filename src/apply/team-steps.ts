// One team change carried through to a typed outcome (docs/apply.md, "Team changes"): a create is
// one POST of the team without its flags, then one PATCH of the flags it turns on; a rename or an
// update one PATCH of the fields that move (the service merges a PATCH, organization access
// included: docs/api.md, "Teams"), a deletion one DELETE. Every flag turned on is sent with the
// flags it needs, true (the closed set: docs/api.md, "The prerequisite chain"). A deletion the
// service answers 404 is already done; a create that meets its name taken reads as a failure with
// the service's words (the next plan finds the team and updates it); so does a create whose flags
// fail after the team was made, which names the team's id.
import type { TeamOutcome } from '../core/apply-outcome.js';
import { impliedBy } from '../core/team-flags.js';
import type { TeamApi, TeamWrite } from '../core/team-write.js';
import type { TeamChange, TeamCreate, TeamFieldChange } from '../core/teams.js';
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
  if (Object.keys(flags).length > 0) write.organizationAccess = closedFlags(flags);
  return write;
}

/**
 * The flags to send, each one turned on with every flag it needs also true, so a service that checks
 * the chain on the body alone (the provider's #1845) and one that merges first agree.
 */
function closedFlags(flags: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const out = { ...flags };
  for (const key of Object.keys(flags)) if (flags[key] === true) for (const needed of impliedBy(key)) out[needed] = true;
  return out;
}

/** A create's write split in two: the team without its flags, then the flags (docs/api.md, "The prerequisite chain"). */
function createWrites(fields: readonly TeamFieldChange[]): { team: TeamWrite; flags?: Readonly<Record<string, boolean>> } {
  const { organizationAccess, ...team } = teamWriteOf(fields);
  const on = organizationAccess && Object.values(organizationAccess).some((v) => v) ? organizationAccess : undefined;
  return on ? { team, flags: on } : { team };
}

/** The create: the team first; its flags after, so a refusal of the flags never leaves a team this run lost track of. */
async function create(api: TeamApi, organization: string, change: TeamCreate): Promise<TeamOutcome> {
  const { team: write, flags } = createWrites(change.fields);
  const team = await api.createTeam(organization, { ...write, name: change.name });
  if (!flags) return { status: 'applied', change, id: team.id };
  try {
    await api.updateTeam(team.id, { organizationAccess: flags });
    return { status: 'applied', change, id: team.id };
  } catch (error: unknown) {
    const refused = refusalOf(error, false);
    return {
      status: 'failed',
      change,
      id: team.id,
      reason: `the team was created (${team.id}) but its organization access was not set: ${reasonOf(error)}; the next plan sets it`,
      // Never `permanent`: the team exists, and the next plan's update is what finishes it.
      ...(refused ? { refused } : {}),
    };
  }
}

async function send(api: TeamApi, organization: string, change: TeamChange): Promise<TeamOutcome> {
  switch (change.action) {
    case 'create':
      return create(api, organization, change);
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
