// The member changes of a plan in words (docs/plan.md, "Member changes"), shared by the text and
// Markdown plans and apply's outcome lines: one line per change, by email, with what it does, and
// the invitations still pending. Pure.
import type { TeamRef } from '../../core/model.js';
import type { MemberAction, MemberChange, PendingInvite } from '../../core/people.js';
import { changesOf, type Plan } from '../../core/plan.js';

export const MEMBER_SIGN: { readonly [A in MemberAction]: '+' | '-' } = { invite: '+', add: '+', remove: '-', 'remove-from-organization': '-' };

const names = (teams: readonly TeamRef[]): string => teams.map((t) => t.name).join(', ');

/**
 * What a person's status adds to a line: an invitee, or an inactive membership (docs/plan.md,
 * "Member changes": deactivated in the identity provider, still in their teams, with no access).
 */
export function statusNote(change: MemberChange): string {
  if (change.person.status === 'invited') return ' (invited, not yet accepted)';
  if (change.person.status === 'inactive') return ' (inactive: deactivated in the identity provider)';
  return '';
}

/** What a change does, after the email: `add to sre`, `invite into platform, sre`, ... */
export function memberHeadline(change: MemberChange): string {
  const invited = statusNote(change);
  switch (change.action) {
    case 'invite':
      return change.teams.length === 0 ? 'invite to the organization' : `invite into ${names(change.teams)}`;
    case 'add':
      return `add to ${change.team.name}${invited}`;
    case 'remove':
      return `remove from ${change.team.name}${invited}`;
    case 'remove-from-organization':
      return `remove from the organization${change.teams.length > 0 ? `, and so from ${names(change.teams)}` : ''}${invited}`;
  }
}

/** `+ ana@example.com  add to sre`, the emails padded to `width`. */
export function memberLine(change: MemberChange, width = 0): string {
  return `${MEMBER_SIGN[change.action]} ${change.person.email.padEnd(width)}  ${memberHeadline(change)}`;
}

/** `ana@example.com  sre, ops`: an invitation not accepted yet, no change. */
export function pendingLine(pending: PendingInvite, width = 0): string {
  return `${pending.person.email.padEnd(width)}  ${names(pending.teams)}`;
}

export function memberCounts(changes: readonly MemberChange[]): string {
  const n = (action: MemberAction): number => changes.filter((c) => c.action === action).length;
  return `${n('invite')} to invite, ${n('add')} to add, ${n('remove')} to remove, ${n('remove-from-organization')} to remove from the organization`;
}

const pendingWords = (n: number): string => (n === 1 ? '1 invitation pending' : `${n} invitations pending`);

/** The line under the summary when the plan changes members or has invitations pending. */
export function memberSummaryLine(plan: Pick<Plan, 'changes' | 'pendingInvites'>): string | undefined {
  const changes = changesOf(plan.changes, 'member');
  const pending = plan.pendingInvites?.length ?? 0;
  if (changes.length === 0 && pending === 0) return undefined;
  return `Members: ${memberCounts(changes)}${pending > 0 ? `; ${pendingWords(pending)}` : ''}.`;
}

/** The title of the pending invitations. */
export const PENDING_TITLE = 'pending invitations (no change: each becomes a member on accepting)';
