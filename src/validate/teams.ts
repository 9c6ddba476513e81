// `teams:` and `roles.organization` (docs/files.md, "`teams`"): the rules the schema cannot express,
// each problem at its FILE:LINE:COL, and the teams as the planner reads them. Pure.
import { OWNERS_TEAM, type SourceRef } from '../core/model.js';
import { byName } from '../core/order.js';
import { quote } from '../core/printable.js';
import { didYouMean } from '../core/suggest.js';
import { implyingFlags, normaliseFlags, teamFlag } from '../core/team-flags.js';
import type { DesiredTeam, Visibility } from '../core/teams.js';
import type { Segment } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { desiredMembers } from './members.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { keyAt, problemAt, relativePlace, valueAt } from './positions.js';

// A team name as the service takes it (docs/api.md, "Teams", contradiction 3): the docs' page allows
// letters, digits, `-` and `_`, yet go-tfe's integration tests rename a team to "foo bar" and SCIM
// names teams after the identity provider's groups. So any name is taken but one with white space at
// either end, which no output could tell from the name without it (a control character is refused
// for every name, invisible.ts).
const paddedName = (name: string): boolean => name.trim() !== name;

/** `teams.NAME.organization-access`: the map it names (given, or its role's), when it is one. */
function flagsOf(merged: Merged, team: Located): Record<string, unknown> | undefined {
  const access = isRecord(team.value) ? team.value['organization-access'] : undefined;
  if (typeof access === 'string') {
    const role = merged.organizationRoles.get(access)?.value;
    return isRecord(role) ? role : undefined;
  }
  return isRecord(access) ? access : undefined;
}

const booleans = (map: Record<string, unknown>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(map).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));

/** A flag set false beside a flag that brings it: the service would switch it on, and the plan would never be clean. */
function impliedFalseProblems(file: Located['file'], segments: readonly Segment[], map: Record<string, unknown>): Problem[] {
  const given = booleans(map);
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(given)) {
    if (value !== false || !teamFlag(key)) continue;
    const by = implyingFlags(given, key);
    if (by.length === 0) continue;
    const at = [...segments, key];
    problems.push(
      problemAt(
        valueAt(file, at),
        at,
        `${key} is false, but ${by.map((k) => `${k}: true`).join(' and ')} brings it (the service switches it on): leave it out or set it true`,
      ),
    );
  }
  // go-tfe's tests: access-secret-teams "requires at least one granular permission" of team management.
  const management = ['manage-membership', 'manage-teams', 'manage-organization-access'];
  if (given['access-secret-teams'] === true && !management.some((k) => normaliseFlags(given)[k])) {
    const at = [...segments, 'access-secret-teams'];
    problems.push(problemAt(valueAt(file, at), at, `access-secret-teams needs one of ${management.join(', ')} (it extends them to secret teams)`));
  }
  return problems;
}

function roleProblems(merged: Merged): Problem[] {
  return [...merged.organizationRoles.values()].flatMap((role) => (isRecord(role.value) ? impliedFalseProblems(role.file, role.segments, role.value) : []));
}

/** One team's own problems: its name, its organization access, the owners team's fixed rules. */
function teamProblems(merged: Merged, name: string, team: Located): Problem[] {
  const problems: Problem[] = [];
  const here = (segments: readonly Segment[], text: string, at: SourceRef = valueAt(team.file, segments)): void =>
    void problems.push(problemAt(at, segments, text));
  if (paddedName(name)) here(team.segments, `team name ${quote(name)} starts or ends with white space: write the name without it`, team.at);
  if (!isRecord(team.value)) return problems;
  const access = team.value['organization-access'];
  const accessAt = [...team.segments, 'organization-access'];
  if (name === OWNERS_TEAM && access !== undefined)
    here(accessAt, `the ${OWNERS_TEAM} team's organization access is fixed by the service (every permission): leave it out`);
  if (name === OWNERS_TEAM && team.value.previously !== undefined) here([...team.segments, 'previously'], `the ${OWNERS_TEAM} team cannot be renamed`);
  if (typeof access === 'string' && !merged.organizationRoles.has(access)) {
    const roles = [...merged.organizationRoles.keys()];
    const hint = didYouMean(access, roles);
    here(
      accessAt,
      `${quote(access)} is not a role of roles.organization${hint ? `.${hint}` : roles.length > 0 ? `; the roles are ${roles.join(', ')}` : '; none is defined'}`,
    );
  }
  if (isRecord(access)) problems.push(...impliedFalseProblems(team.file, accessAt, access));
  return problems;
}

/** `previously:` names: never a current name of `teams:`, never claimed by two teams, never owners. */
function previousNameProblems(merged: Merged): Problem[] {
  const problems: Problem[] = [];
  const claimed = new Map<string, { team: string; at: SourceRef }>();
  for (const [name, team] of merged.teams) {
    const previously = isRecord(team.value) ? team.value.previously : undefined;
    if (!Array.isArray(previously)) continue;
    previously.forEach((old: unknown, i) => {
      if (typeof old !== 'string') return;
      const segments = [...team.segments, 'previously', i];
      const at = valueAt(team.file, segments);
      const current = merged.teams.get(old);
      const first = claimed.get(old);
      if (old === name || current)
        problems.push(
          problemAt(
            at,
            segments,
            `${quote(old)} is a current name under teams${current ? ` (${relativePlace(current.at, at)})` : ''}: a team cannot have been renamed from a team the files still want`,
          ),
        );
      else if (old === OWNERS_TEAM) problems.push(problemAt(at, segments, `the ${OWNERS_TEAM} team cannot be renamed`));
      else if (first)
        problems.push(
          problemAt(at, segments, `${quote(old)} is claimed by team ${quote(first.team)} too (${relativePlace(first.at, at)}): one old name, one team`),
        );
      else claimed.set(old, { team: name, at });
    });
  }
  return problems;
}

/** A team under `teams:` and in settings.ignore-teams: managed or ignored, never both. */
function ignoredProblems(merged: Merged): Problem[] {
  const ignored = merged.settings.get('ignore-teams');
  if (!ignored || !Array.isArray(ignored.value)) return [];
  const names = new Set(ignored.value.filter((t): t is string => typeof t === 'string'));
  return [...merged.teams]
    .filter(([name]) => names.has(name))
    .map(([name, team]) =>
      problemAt(
        team.at,
        team.segments,
        `team ${quote(name)} is also in settings.ignore-teams (${relativePlace(keyAt(ignored.file, ignored.segments), team.at)}); a team is either managed here or ignored`,
      ),
    );
}

/**
 * Two names under `teams` that differ only in case: the service takes team names without case
 * (docs/api.md, "Name resolution"), so the second could never be created beside the first.
 */
function caseProblems(merged: Merged): Problem[] {
  const first = new Map<string, { name: string; team: Located }>();
  const problems: Problem[] = [];
  for (const [name, team] of merged.teams) {
    const seen = first.get(name.toLowerCase());
    if (!seen) first.set(name.toLowerCase(), { name, team });
    else
      problems.push(
        problemAt(
          team.at,
          team.segments,
          `team ${quote(name)} differs from team ${quote(seen.name)} (${relativePlace(seen.team.at, team.at)}) only by case: the service takes team names without case, so both are one team; keep one name`,
        ),
      );
  }
  return problems;
}

export function teamsProblems(merged: Merged, complete = true): Problem[] {
  const own = [...merged.teams].flatMap(([name, team]) => teamProblems(merged, name, team));
  // A role another file defines is unknown when that file could not be parsed: its syntax error says enough.
  const usable = complete ? own : own.filter((p) => !p.message.includes('is not a role of roles.organization'));
  return [...usable, ...roleProblems(merged), ...previousNameProblems(merged), ...ignoredProblems(merged), ...caseProblems(merged)];
}

function desiredTeam(merged: Merged, name: string, team: Located): DesiredTeam {
  const value = isRecord(team.value) ? team.value : {};
  const flags = flagsOf(merged, team);
  const visibility = value.visibility;
  const sso = value['sso-team-id'];
  const tokens = value['allow-member-token-management'];
  const access = value['organization-access'];
  return {
    name,
    ...(visibility === 'secret' || visibility === 'organization' ? { visibility: visibility as Visibility } : {}),
    ...(typeof sso === 'string' || sso === null ? { ssoTeamId: sso } : {}),
    ...(typeof tokens === 'boolean' ? { allowMemberTokenManagement: tokens } : {}),
    ...(flags ? { organizationAccess: normaliseFlags(booleans(flags)) } : {}),
    ...(typeof access === 'string' ? { organizationRole: access } : {}),
    previously: Array.isArray(value.previously) ? value.previously.filter((n): n is string => typeof n === 'string') : [],
    ...desiredMembers(team),
    source: team.at,
  };
}

/** The teams of the files, by name; absent when the files have no `teams:`. */
export function desiredTeams(merged: Merged): { teams?: readonly DesiredTeam[] } {
  if (merged.teams.size === 0) return {};
  return { teams: [...merged.teams].map(([name, team]) => desiredTeam(merged, name, team)).sort(byName) };
}
