// A saved plan's member changes, pending invitations and their basis back into the domain
// (docs/apply.md, "Saved plans"; format 5). What the reader keeps must be all the file says: the
// caller compares the documents of what it read with the file's, so a value it would drop is an edit.

import { memberChangeDocument, memberSummaryDocument, pendingInviteDocument } from '../core/member-document.js';
import type { TeamRef } from '../core/model.js';
import { type MemberChange, PERCENT_PATTERN, type PendingInvite, type PersonRef } from '../core/people.js';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '../core/person.js';
import { pendingTeamId } from '../core/teams.js';
import type { MemberGuardInputs } from '../diff/member-guard-inputs.js';
import type { Reader } from './reader.js';
import type { BasisMembers } from './saved-plan.js';

/** `{name, id}`; id null names a team the plan creates (it must be among `created`). */
function teamOf(reader: Reader, created: ReadonlySet<string>): TeamRef {
  const name = reader.string('name');
  if (reader.value.id !== null) return { name, id: reader.string('id') };
  if (!created.has(name)) reader.fail(`${reader.at('id')} is null, and the plan creates no team "${name}"`);
  return { name, id: pendingTeamId(name) };
}

const nullable = (reader: Reader, key: string): string | undefined => (reader.value[key] === null ? undefined : reader.string(key));

function personOf(reader: Reader): PersonRef {
  const status = nullable(reader, 'status');
  if (status !== undefined && !(MEMBERSHIP_STATUSES as readonly string[]).includes(status))
    reader.fail(`${reader.at('status')} "${status}" is not a membership status`);
  const membershipId = nullable(reader, 'membership_id');
  const username = reader.value.username === null ? null : reader.string('username');
  // An invitation not sent yet has neither: the document writes nulls, the domain leaves them out.
  if (membershipId === undefined) return { email: reader.string('email') };
  return { email: reader.string('email'), membershipId, username, ...(status ? { status: status as MembershipStatus } : {}) };
}

function memberChangeOf(reader: Reader, created: ReadonlySet<string>): MemberChange {
  const action = reader.string('action');
  const person = personOf(reader.object('person'));
  const teams = (): TeamRef[] => reader.objects('teams').map((t) => teamOf(t, created));
  switch (action) {
    case 'add':
    case 'remove':
      return { action, team: teamOf(reader.object('team'), created), person };
    case 'invite':
    case 'remove-from-organization':
      return { action, person, teams: teams() };
    default:
      return reader.fail(`${reader.at('action')} "${action}" is not invite, add, remove or remove-from-organization`);
  }
}

export function memberChangesOf(plan: Reader, created: ReadonlySet<string>): MemberChange[] {
  return plan.objects('member_changes').map((c) => memberChangeOf(c, created));
}

export function pendingInvitesOf(plan: Reader, created: ReadonlySet<string>): PendingInvite[] {
  return plan.objects('pending_invites').map((p) => ({ person: personOf(p.object('person')), teams: p.objects('teams').map((t) => teamOf(t, created)) }));
}

/** `3` or `"25%"`, as the basis writes max_member_removals. */
function limitOf(reader: Reader): MemberGuardInputs['maxMemberRemovals'] {
  const value = reader.value.max_member_removals;
  if (typeof value === 'string' && new RegExp(PERCENT_PATTERN).test(value)) return { percent: Number(value.slice(0, -1)) };
  return reader.integer('max_member_removals');
}

export function basisMembersOf(basis: Reader): BasisMembers {
  const members = basis.object('members');
  const sizes = members.array('team_sizes').map((pair, i): [string, number] => {
    const ok = Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && Number.isInteger(pair[1]) && (pair[1] as number) >= 0;
    return ok ? [pair[0] as string, pair[1] as number] : members.fail(`${members.at('team_sizes')}[${i}] is not [team id, count]`);
  });
  return {
    fingerprint: members.string('fingerprint'),
    guards: {
      maxMemberRemovals: limitOf(members),
      minOwners: members.integer('min_owners'),
      maxPeopleRemovals: members.integer('max_people_removals'),
      teamSizes: new Map(sizes),
      owners: members.integer('owners'),
    },
  };
}

/** Whether the file's member documents are exactly those of what was read (its summary derived from them). */
export function sameMemberDocuments(plan: Reader, changes: readonly MemberChange[], pending: readonly PendingInvite[]): boolean {
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  return (
    same(changes.map(memberChangeDocument), plan.array('member_changes')) &&
    same(pending.map(pendingInviteDocument), plan.array('pending_invites')) &&
    same(memberSummaryDocument(changes), plan.value.member_summary)
  );
}
