// One change, carried through to a typed outcome. A write whose answer was lost, a 422 "Team has
// already been taken" or a grant that vanished is not a failure yet: the step re-reads that one
// target (one list call) and acts on what is there, so a retry never duplicates a grant and a
// second apply converges (docs/apply.md, "Answers that get lost"; docs/api.md, "Errors the real service gives").

import type { ChangeOutcome, OutcomeNote } from '../core/apply-outcome.js';
import { DEFAULT_RETRIES } from '../core/defaults.js';
import type { LiveGrant } from '../core/model.js';
import type { AddChange, Change, RemoveChange, UpdateChange } from '../core/plan.js';
import type { WriteRefusal } from '../core/write-refusal.js';
import { compareAccess } from '../diff/normalise.js';
import type { GrantApi } from './ports.js';
import { permanence, reasonOf, refusalOf, type Trouble, troubleOf } from './trouble.js';

/** Writes per change, recovery included: enough for lost answer -> re-read -> finish, then stop. */
export const MAX_WRITES_PER_CHANGE = 3;
/**
 * Writes of an add whose answers keep getting lost (5xx, dropped connection) while re-reading
 * shows no grant: each resend is as safe as a first attempt, so it gets as many attempts as the
 * client gives any other write (retry.ts); with only MAX_WRITES_PER_CHANGE, an add was the write
 * most likely to fail under a flaky network (found by test/chaos).
 */
export const MAX_UNANSWERED_ADDS = DEFAULT_RETRIES + 1;

type Write = { readonly kind: 'add' } | { readonly kind: 'update'; readonly grantId: string };

const failed = (change: Change, reason: string, refused?: WriteRefusal, error?: unknown): ChangeOutcome =>
  refused ? { status: 'failed', change, reason, refused } : { status: 'failed', change, reason, ...permanence(error) };

function send(api: GrantApi, change: AddChange | UpdateChange, write: Write): Promise<unknown> {
  if (write.kind === 'add') return api.addGrant(change.target, change.team.id, change.after);
  return api.updateGrant(change.resource, write.grantId, change.after);
}

function recoverable(write: Write, trouble: Trouble): boolean {
  if (trouble === 'outcome-unknown') return true;
  return write.kind === 'add' ? trouble === 'already-taken' : trouble === 'not-found';
}

/** The team's grant on the target, preferring the one the plan named. */
function grantOfTeam(grants: readonly LiveGrant[], teamId: string, preferredId?: string): LiveGrant | undefined {
  const mine = grants.filter((g) => g.teamId === teamId);
  return mine.find((g) => g.id === preferredId) ?? mine[0];
}

type Reread = { readonly grants: readonly LiveGrant[] } | { readonly failure: string };

async function reread(api: GrantApi, change: Change, cause: unknown): Promise<Reread> {
  try {
    return { grants: await api.listGrants(change.target) };
  } catch (error: unknown) {
    return { failure: `${reasonOf(cause)}; reading the ${change.target.type} again failed too: ${reasonOf(error)}` };
  }
}

/** Add or update: ends when the team holds `after` on the target. */
async function ensureAccess(api: GrantApi, change: AddChange | UpdateChange): Promise<ChangeOutcome> {
  let write: Write = change.action === 'add' ? { kind: 'add' } : { kind: 'update', grantId: change.id };
  let note: OutcomeNote | undefined;
  for (let writes = 1; ; writes++) {
    try {
      await send(api, change, write);
      return note === undefined ? { status: 'applied', change } : { status: 'applied', change, note };
    } catch (error: unknown) {
      const trouble = troubleOf(error);
      const budget = write.kind === 'add' && trouble === 'outcome-unknown' ? MAX_UNANSWERED_ADDS : MAX_WRITES_PER_CHANGE;
      // A 404 of an update that ran out of writes is a grant that kept vanishing, not a refusal.
      if (!recoverable(write, trouble) || writes >= budget)
        return failed(change, reasonOf(error), trouble === 'not-found' && write.kind === 'update' ? undefined : refusalOf(error, write.kind === 'add'), error);
      const read = await reread(api, change, error);
      if ('failure' in read) return failed(change, read.failure);
      const current = grantOfTeam(read.grants, change.team.id, write.kind === 'update' ? write.grantId : undefined);
      if (!current) {
        write = { kind: 'add' };
        note = { kind: 'added-after-vanished' };
        continue;
      }
      // A 404 for a grant still listed: the token may see it but not change it (docs/api.md, "Seed: authentication" 5).
      if (trouble === 'not-found' && write.kind === 'update' && current.id === write.grantId)
        return failed(change, `${reasonOf(error)}; the grant is still there`, refusalOf(error, false));
      if (compareAccess(change.resource, change.after, current.access) === 'equal') {
        if (trouble === 'outcome-unknown') return { status: 'applied', change, note: { kind: 'answer-lost-done' } };
        return { status: 'already-so', change, note: { kind: 'already-had', grantId: current.id } };
      }
      write = { kind: 'update', grantId: current.id };
      note = { kind: 'updated-found', grantId: current.id };
    }
  }
}

/** A 404 after a lost answer means gone, or not allowed: only a read of the target tells. */
async function confirmRemoved(api: GrantApi, change: RemoveChange): Promise<ChangeOutcome> {
  const unsure = `DELETE /${change.resource}/${change.id} answered 404 (not found, or not allowed) after an attempt whose answer was lost`;
  const read = await reread(api, change, unsure);
  if ('failure' in read) return failed(change, read.failure);
  if (read.grants.some((g) => g.id === change.id)) return failed(change, `${unsure}; the grant is still there`);
  return { status: 'applied', change, note: { kind: 'answer-lost-gone' } };
}

/** Remove: ends when the planned grant is gone. Only that grant: never another one of the team. */
async function ensureRemoved(api: GrantApi, change: RemoveChange): Promise<ChangeOutcome> {
  for (let writes = 1; ; writes++) {
    try {
      const outcome = await api.removeGrant(change.resource, change.id);
      return outcome === 'unconfirmed' ? await confirmRemoved(api, change) : { status: 'applied', change };
    } catch (error: unknown) {
      const trouble = troubleOf(error);
      if (trouble !== 'outcome-unknown' && trouble !== 'not-found') return failed(change, reasonOf(error), refusalOf(error, false), error);
      const read = await reread(api, change, error);
      if ('failure' in read) return failed(change, read.failure);
      if (!read.grants.some((g) => g.id === change.id)) {
        if (trouble === 'not-found') return { status: 'already-so', change, note: { kind: 'already-gone' } };
        return { status: 'applied', change, note: { kind: 'answer-lost-gone' } };
      }
      // A 404 for a grant still listed: the token may not remove it (docs/api.md, "Seed: authentication" 5).
      if (trouble === 'not-found' || writes >= MAX_WRITES_PER_CHANGE)
        return failed(change, `${reasonOf(error)}; the grant is still there`, trouble === 'not-found' ? refusalOf(error, false) : undefined);
    }
  }
}

/** Never throws: a bug inside a step becomes that change's failure, not the end of the run. */
export async function runChange(api: GrantApi, change: Change): Promise<ChangeOutcome> {
  try {
    switch (change.action) {
      case 'add':
      case 'update':
        return await ensureAccess(api, change);
      case 'remove':
        return await ensureRemoved(api, change);
    }
  } catch (error: unknown) {
    return failed(change, `unexpected error: ${reasonOf(error)}`);
  }
}
