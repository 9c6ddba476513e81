// `members:` of a team and the people settings (docs/files.md, "Members"): the rules the schema
// cannot express, each problem at its FILE:LINE:COL, and the members and settings as the planner
// reads them. Pure.

import { DEFAULT_MEMBERS_PRUNE } from '../core/defaults.js';
import type { DesiredSettings } from '../core/desired-state.js';
import type { SourceRef } from '../core/model.js';
import { type DesiredMembers, personKey } from '../core/people.js';
import { quote } from '../core/printable.js';
import type { Problem } from '../load/problem.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { keyAt, problemAt, relativePlace, valueAt } from './positions.js';

/** The emails of `members:` with where each is written, in file order (values of the wrong type skipped: the schema says those). */
function listed(team: Located): { email: string; at: SourceRef; index: number }[] {
  const members = isRecord(team.value) ? team.value.members : undefined;
  if (!Array.isArray(members)) return [];
  return members.flatMap((email: unknown, index) =>
    typeof email === 'string' ? [{ email, at: valueAt(team.file, [...team.segments, 'members', index]), index }] : [],
  );
}

/**
 * An email written twice in one list, whatever its case: the second at its place. Exactly the same
 * text twice is the schema's (uniqueItems), so it is said once.
 */
function duplicateProblems(team: Located): Problem[] {
  const first = new Map<string, { email: string; at: SourceRef }>();
  const problems: Problem[] = [];
  for (const item of listed(team)) {
    const key = personKey(item.email);
    const earlier = first.get(key);
    if (!earlier) first.set(key, item);
    else if (earlier.email !== item.email)
      problems.push(
        problemAt(
          item.at,
          [...team.segments, 'members', item.index],
          `${quote(item.email)} is listed twice: as ${quote(earlier.email)} at ${relativePlace(earlier.at, item.at)} (emails are compared without case)`,
        ),
      );
  }
  return problems;
}

/**
 * A team whose members the identity provider sets (SAML team mapping: the files give it an
 * `sso-team-id`) refuses `members:` at its place: the two writers would fight at every sign-in.
 * The service's own `sso-team-id` and SCIM links are checked at plan time (diff/member-owners.ts).
 */
function ownerProblems(name: string, team: Located): Problem[] {
  if (!isRecord(team.value) || team.value.members === undefined) return [];
  const segments = [...team.segments, 'members'];
  const sso = team.value['sso-team-id'];
  const problems: Problem[] = [];
  if (typeof sso === 'string' && sso !== '')
    problems.push(
      problemAt(
        keyAt(team.file, segments),
        segments,
        `team ${quote(name)} has sso-team-id ${quote(sso)}: its members belong to the identity provider (SAML team mapping sets them at each sign-in), so the files stay out; leave members out, or clear sso-team-id (null)`,
      ),
    );
  return problems;
}

/** `members-prune` says how `members:` is read: without the list it means nothing. */
function pruneWithoutList(team: Located): Problem[] {
  if (!isRecord(team.value) || team.value['members-prune'] === undefined || team.value.members !== undefined) return [];
  const segments = [...team.segments, 'members-prune'];
  return [problemAt(keyAt(team.file, segments), segments, 'members-prune without members: give the list of members it applies to, or leave it out')];
}

export function membersProblems(merged: Merged): Problem[] {
  return [...merged.teams].flatMap(([name, team]) => [...duplicateProblems(team), ...ownerProblems(name, team), ...pruneWithoutList(team)]);
}

/** A team's `members:` as the planner reads it; absent when the team does not list its members. */
export function desiredMembers(team: Located): { members?: DesiredMembers } {
  if (!isRecord(team.value) || !Array.isArray(team.value.members)) return {};
  const sources = new Map<string, SourceRef>();
  const emails: string[] = [];
  for (const item of listed(team)) {
    const key = personKey(item.email);
    if (sources.has(key)) continue;
    sources.set(key, item.at);
    emails.push(item.email.trim());
  }
  const prune = team.value['members-prune'];
  return {
    members: {
      emails,
      prune: typeof prune === 'boolean' ? prune : DEFAULT_MEMBERS_PRUNE,
      source: keyAt(team.file, [...team.segments, 'members']),
      emailSources: sources,
    },
  };
}

/** `25%` -> `{percent: 25}`, a count as itself (validated before). */
function maxMemberRemovalsOf(value: unknown): Pick<DesiredSettings, 'maxMemberRemovals'> {
  if (typeof value === 'number') return { maxMemberRemovals: value };
  if (typeof value === 'string' && value.endsWith('%')) return { maxMemberRemovals: { percent: Number(value.slice(0, -1)) } };
  return {};
}

type PeopleSettings = Pick<DesiredSettings, 'invite' | 'prunePeople' | 'maxMemberRemovals' | 'minOwners' | 'maxPeopleRemovals'>;

/** The people settings, only when written: files without them keep their state (and fingerprint). */
export function peopleSettingsOf(merged: Merged): PeopleSettings {
  const value = (key: string): unknown => merged.settings.get(key)?.value;
  const flag = (key: string): boolean | undefined => (typeof value(key) === 'boolean' ? (value(key) as boolean) : undefined);
  const count = (key: string): number | undefined => (typeof value(key) === 'number' ? (value(key) as number) : undefined);
  const invite = flag('invite');
  const prunePeople = flag('prune-people');
  const minOwners = count('min-owners');
  const maxPeopleRemovals = count('max-people-removals');
  return {
    ...(invite === undefined ? {} : { invite }),
    ...(prunePeople === undefined ? {} : { prunePeople }),
    ...maxMemberRemovalsOf(value('max-member-removals')),
    ...(minOwners === undefined ? {} : { minOwners }),
    ...(maxPeopleRemovals === undefined ? {} : { maxPeopleRemovals }),
  };
}
