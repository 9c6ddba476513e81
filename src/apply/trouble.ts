// Sorting the errors of a write into what the executor can recover from. docs/api.md, "Errors the
// real service gives": adding a team that already has access is a 422 "Team has already been
// taken"; 404 means "not found" or "not allowed" (docs/api.md, "Seed: authentication" 5). A POST whose answer was
// lost is an OutcomeUnknownError (src/api/errors): it may or may not have been applied.
import { OutcomeUnknownError } from '../api/errors/outcome-unknown-error.js';
import { RemoteError } from '../api/errors/remote-error.js';
import { TransportError } from '../api/errors/transport-error.js';
import type { WriteRefusal } from '../core/write-refusal.js';
import { messageOf } from '../errors.js';

export type Trouble =
  /** No reliable answer: the write may have been applied. */
  | 'outcome-unknown'
  /** 422 "Team has already been taken": a grant for the team exists on the target. */
  | 'already-taken'
  /** 404: the grant is gone (or the token may not see it). */
  | 'not-found'
  /** Anything else: reported as the change's failure. */
  | 'other';

const ALREADY_TAKEN = /has already been taken/i;

export function troubleOf(error: unknown): Trouble {
  if (error instanceof OutcomeUnknownError || error instanceof TransportError) return 'outcome-unknown';
  if (!(error instanceof RemoteError)) return 'other';
  if (error.status >= 500) return 'outcome-unknown';
  if (error.status === 404) return 'not-found';
  const taken = error.errors.some((e) => ALREADY_TAKEN.test(e.detail ?? '') || ALREADY_TAKEN.test(e.title ?? ''));
  if (error.status === 422 && taken) return 'already-taken';
  return 'other';
}

// Statuses another run may well not meet again: the service's answer was about the moment, not the write.
const PASSING = new Set([401, 403, 404, 408, 409, 429]);

/** Whether another run fails the same way: a 4xx the service gave for the write itself (core/apply-outcome.ts, `permanent`). */
export function isPermanent(error: unknown): boolean {
  return error instanceof RemoteError && error.status >= 400 && error.status < 500 && !PASSING.has(error.status);
}

/** `{ permanent: true }` for such an error, to spread into a failed outcome. */
export const permanence = (error: unknown): { permanent?: true } => (isPermanent(error) ? { permanent: true } : {});

/** The one-line reason shown for a failed change: the service's own words when it gave some. */
export function reasonOf(error: unknown): string {
  return messageOf(error).replace(/\s+/g, ' ').trim();
}

/**
 * A 403 or 404 of a write as a refusal for the token's rights. `post`: the 404 of a POST may also
 * mean the team or the target is gone, which its answer cannot tell ("refused or not found").
 */
export function refusalOf(error: unknown, post: boolean): WriteRefusal | undefined {
  if (!(error instanceof RemoteError) || (error.status !== 403 && error.status !== 404)) return undefined;
  return { request: `${error.method} ${error.path}`, status: error.status, certain: error.status === 403 || !post };
}
