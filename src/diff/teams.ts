// The teams of the files against the teams read (docs/plan.md, "Team changes"): creates, updates,
// renames and, with settings.prune-teams, deletions, from the team list the plan already read (no
// request of its own). Pure. Implied flags are normalised on both sides (core/team-flags.ts), so a
// file that leaves `manage-membership` out beside `manage-teams` never diffs forever; a setting the
// service would ignore for this token (a secret team made by a token that cannot see secret teams,
// an SSO id of a SCIM-linked team) is a warning, never a change that comes back every plan.

import { DEFAULT_PRUNE_TEAMS, DEFAULT_TEAM_VISIBILITY } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import { type LiveState, OWNERS_TEAM, RESOURCE_OF, type Team, type Viewer } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import type { PlanWarning } from '../core/plan.js';
import { TEAM_FLAG_KEYS, TEAM_FLAGS } from '../core/team-flags.js';
import {
  type DesiredTeam,
  type GoneGrant,
  SERVICE_TEAM_DEFAULTS,
  TEAM_ACTION_ORDER,
  type TeamChange,
  type TeamField,
  type TeamFieldChange,
  type TeamSettingChange,
  type TeamSettingReported,
  type TeamSettingValues,
} from '../core/teams.js';
import { type PlannedTeams, plannedTeams, type TeamFate } from '../resolve/planned-teams.js';
import { teamNameWarnings } from './team-names.js';

// A newer flag a server may not have (core/team-flags.ts): a create shows it only when the files set it.
const NEWER_FLAGS: ReadonlySet<string> = new Set(TEAM_FLAGS.filter((f) => f.newer !== undefined).map((f) => f.key));

export interface TeamPlan {
  readonly changes: readonly TeamChange[];
  readonly warnings: readonly PlanWarning[];
  readonly planned: PlannedTeams;
}

export interface TeamDiffOptions {
  /** `--target`: the plan covers part of the files, so it deletes no team (docs/plan.md, "Team changes"). */
  readonly targeted?: boolean;
}

/**
 * Whether the service keeps `visibility: secret` from this token: an owner's, or a team's with
 * access-secret-teams and a team-management flag (docs/api.md, "Teams"). Not known (no account
 * details): taken as yes, and the next plan shows what the service did.
 */
export function canMakeSecret(viewer: Viewer | undefined): boolean {
  if (!viewer?.identity || viewer.seesEveryTeam) return true;
  return viewer.teams.some(
    (t) =>
      t.organizationAccess['access-secret-teams'] === true &&
      (t.organizationAccess['manage-teams'] === true || t.organizationAccess['manage-organization-access'] === true),
  );
}

interface Context {
  readonly live: LiveState;
  readonly warnings: PlanWarning[];
}

const ignored = (team: string, message: string): PlanWarning => ({ code: 'team-setting-ignored', message: `team ${team}: ${message}`, team });

/** A setting's change into `out`: every setting of a create (live undefined), else one that differs. */
function pusher(out: TeamFieldChange[], live: Team | undefined) {
  return <F extends TeamField>(field: F, before: TeamSettingReported[F] | undefined, after: TeamSettingValues[F]): void => {
    if (live === undefined || before !== after) out.push({ field, before: live === undefined ? null : (before ?? null), after } as TeamSettingChange);
  };
}

/** The settings of `desired` that differ from `live` (a create: live undefined, every setting given). */
function fieldChanges(desired: DesiredTeam, live: Team | undefined, context: Context): TeamFieldChange[] {
  const out: TeamFieldChange[] = [];
  visibilityChange(out, desired, live, context);
  ssoTeamIdChange(out, desired, live, context);
  if (desired.allowMemberTokenManagement !== undefined)
    pusher(out, live)('allow-member-token-management', live?.allowMemberTokenManagement, desired.allowMemberTokenManagement);
  else if (live === undefined)
    out.push({ field: 'allow-member-token-management', before: null, after: SERVICE_TEAM_DEFAULTS['allow-member-token-management'], default: 'service' });
  flagChanges(out, desired, live);
  return out;
}

function visibilityChange(out: TeamFieldChange[], desired: DesiredTeam, live: Team | undefined, context: Context): void {
  if (desired.visibility === undefined) {
    if (live === undefined) out.push({ field: 'visibility', before: null, after: DEFAULT_TEAM_VISIBILITY, default: 'tfe-access' });
    return;
  }
  if (desired.visibility !== 'secret' || canMakeSecret(context.live.viewer)) {
    pusher(out, live)('visibility', live?.visibility, desired.visibility);
    return;
  }
  if (live?.visibility !== 'secret')
    context.warnings.push(
      ignored(
        desired.name,
        'visibility: secret is not set: the service keeps a team this token makes or changes visible to the organization (only owners, or a team with access-secret-teams, make secret teams); run with such a token',
      ),
    );
  // What the create gets instead, shown (the service decides it: not written).
  if (live === undefined) out.push({ field: 'visibility', before: null, after: 'organization', default: 'service' });
}

function ssoTeamIdChange(out: TeamFieldChange[], desired: DesiredTeam, live: Team | undefined, context: Context): void {
  if (live === undefined && (desired.ssoTeamId ?? null) === null)
    out.push({ field: 'sso-team-id', before: null, after: SERVICE_TEAM_DEFAULTS['sso-team-id'], default: 'service' });
  if (desired.ssoTeamId === undefined) return;
  if (live?.scimLinked && (live.ssoTeamId ?? null) !== desired.ssoTeamId)
    context.warnings.push(ignored(desired.name, 'sso-team-id is not changed: the team is linked to a SCIM group, and the service ignores it'));
  else if (!(live === undefined && desired.ssoTeamId === null))
    pusher(out, live)('sso-team-id', live === undefined ? undefined : (live.ssoTeamId ?? null), desired.ssoTeamId);
}

/** The organization-access flags: a create shows every flag it gets; an update those the files' list changes. */
function flagChanges(out: TeamFieldChange[], desired: DesiredTeam, live: Team | undefined): void {
  // A create shows every flag it gets: those the files set on, written; the rest at the service's default (off).
  if (live === undefined) {
    for (const key of TEAM_FLAG_KEYS) {
      if (desired.organizationAccess?.[key] === true) out.push({ flag: key, before: null, after: true });
      else if (!NEWER_FLAGS.has(key)) out.push({ flag: key, before: null, after: SERVICE_TEAM_DEFAULTS.flag, default: 'service' });
    }
    return;
  }
  if (!desired.organizationAccess) return;
  // The live flags as the service will keep them: a companion left on by the service is no change.
  const reported = live.organizationAccess ?? {};
  for (const key of TEAM_FLAG_KEYS) {
    const after = desired.organizationAccess[key] === true;
    const before = reported[key];
    // A flag the list does not report is not known: only one the files want on is written.
    if (before === undefined ? after : before !== after) out.push({ flag: key, before: before ?? null, after });
  }
}

function changeOf(desired: DesiredTeam, fate: TeamFate, context: Context): TeamChange | undefined {
  switch (fate.kind) {
    case 'created':
      return { action: 'create', name: desired.name, fields: fieldChanges(desired, undefined, context) };
    case 'renamed':
      return { action: 'rename', id: fate.team.id, name: desired.name, from: fate.from.name, fields: fieldChanges(desired, fate.from, context) };
    case 'found': {
      const fields = fieldChanges(desired, fate.team, context);
      return fields.length === 0 ? undefined : { action: 'update', id: fate.team.id, name: desired.name, fields };
    }
  }
}

/** Every team name the files give anywhere: grants of entries and sets, ignore-teams, policies, `teams:` and its `previously`. */
function namedTeams(desired: DesiredState): Set<string> {
  const names = new Set<string>(desired.settings.ignoreTeams);
  for (const holder of [...desired.targets, ...(desired.sets ?? [])]) for (const grant of [...holder.grants, ...(holder.expired ?? [])]) names.add(grant.team);
  for (const policy of desired.policies ?? []) for (const name of policy.teamSources?.keys() ?? []) names.add(name);
  // A `previously` name is named too: when both names exist, the old team is no rename and is kept, never deleted by surprise.
  for (const team of desired.teams ?? []) for (const name of [team.name, ...team.previously]) names.add(name);
  return names;
}

/** The grants the service drops with the team, on the targets the plan read. */
function grantsOf(team: Team, live: LiveState): GoneGrant[] {
  const out: GoneGrant[] = [];
  for (const target of live.targets.values()) {
    for (const grant of target.grants)
      if (grant.teamId === team.id)
        out.push({ resource: RESOURCE_OF[target.type], target: { type: target.type, name: target.name, id: target.id }, access: grant.access });
  }
  return out.sort((a, b) => byTypeThenName(a.target, b.target));
}

/**
 * settings.prune-teams: the teams the token sees that the files name nowhere and no rename takes.
 * Never owners (the service keeps it), never a SCIM-linked team (its identity provider owns it: the
 * service answers 404).
 */
function deletions(desired: DesiredState, planned: PlannedTeams, live: LiveState): TeamChange[] {
  const named = namedTeams(desired);
  const renamed = new Set([...planned.fates.values()].filter((f) => f.kind === 'renamed').map((f) => f.team.id));
  const out: TeamChange[] = [];
  for (const team of live.teams.values()) {
    if (team.name === OWNERS_TEAM || team.scimLinked || named.has(team.name) || renamed.has(team.id)) continue;
    const powers = Object.keys(team.organizationAccess)
      .filter((flag) => team.organizationAccess[flag] === true)
      .sort(compareText);
    out.push({ action: 'delete', id: team.id, name: team.name, grants: grantsOf(team, live), ...(powers.length > 0 ? { powers } : {}) });
  }
  return out;
}

const compareTeamChanges = (a: TeamChange, b: TeamChange): number => TEAM_ACTION_ORDER[a.action] - TEAM_ACTION_ORDER[b.action] || compareText(a.name, b.name);

/** The team changes of the files against the teams read; none when the files manage no team. */
export function diffTeams(desired: DesiredState, live: LiveState, options: TeamDiffOptions = {}): TeamPlan {
  const teams = desired.teams;
  const planned = plannedTeams(teams, [...live.teams.values()]);
  const context: Context = { live, warnings: [] };
  const changes: TeamChange[] = [];
  for (const team of teams ?? []) {
    const fate = planned.fates.get(team.name);
    const change = fate && changeOf(team, fate, context);
    if (change) changes.push(change);
  }
  if ((desired.settings.pruneTeams ?? DEFAULT_PRUNE_TEAMS) && !options.targeted) changes.push(...deletions(desired, planned, live));
  const names = teamNameWarnings(desired, planned, live, namedTeams(desired));
  return { changes: changes.sort(compareTeamChanges), warnings: [...context.warnings, ...names], planned };
}
