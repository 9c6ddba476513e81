// When to send a request again, and after how long. Pure: the session applies the decision.
//
// undici's own RetryHandler/RetryAgent was considered and not used: it retries inside the
// dispatcher, where the client-side limiter can't see the retry (each retry spends the same
// 30/s budget), it reads `Retry-After` but not `X-RateLimit-Reset` (docs/api.md, "Rate limiting":
// seconds as a float), and it can't tell the caller that a POST's outcome is unknown.

import { DEFAULT_RETRIES } from '../core/defaults.js';
import type { Method } from './http.js';

export interface RetryPolicy {
  /** Retries after a 5xx or a transport error (GET, PATCH, DELETE only). */
  readonly retries: number;
  /**
   * Of those, retries after an answer that did not come within the answer timeout (http.ts): a
   * server that accepts and never answers would otherwise hold each request `retries` times over.
   */
  readonly unansweredRetries: number;
  /** Retries after a 429; waiting out the limit is always safe, even for a POST. */
  readonly rateLimitRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Added at random to every 429 wait, so paused callers do not all start at once. */
  readonly jitterMs: number;
  /** Used when a 429 carries neither X-RateLimit-Reset nor Retry-After, and the cap of both. */
  readonly defaultRateLimitWaitMs: number;
  readonly maxRateLimitWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: DEFAULT_RETRIES,
  // One: a single lost answer is a flaky network; twice the answer timeout stays under a minute.
  unansweredRetries: 1,
  rateLimitRetries: 30,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  jitterMs: 100,
  defaultRateLimitWaitMs: 1_000,
  maxRateLimitWaitMs: 60_000,
};

/**
 * PATCH sends values, never increments: a grant's full set (translate-body.ts), a team's changed
 * attributes (translate-team.ts, a rename included), so sending it twice is harmless.
 */
export const IDEMPOTENT: ReadonlySet<Method> = new Set<Method>(['GET', 'PATCH', 'DELETE']);

/** undici's codes for an answer that did not come in time: its headers, or the next chunk of its body. */
export const UNANSWERED_CODES: ReadonlySet<string> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export type Outcome =
  | { readonly kind: 'status'; readonly status: number; readonly headers: Readonly<Record<string, string | undefined>> }
  | { readonly kind: 'transport'; readonly maybeSent: boolean; readonly code?: string };

export interface Attempts {
  readonly failures: number;
  readonly rateLimited: number;
  /** Of the failures, the answers that did not come in time (UNANSWERED_CODES). */
  readonly unanswered?: number;
}

export type Decision = { readonly retry: false } | { readonly retry: true; readonly delayMs: number; readonly rateLimited: boolean };

/** Milliseconds to wait after a 429: X-RateLimit-Reset (float seconds), else Retry-After (seconds or a date). */
export function rateLimitWaitMs(headers: Readonly<Record<string, string | undefined>>, policy: RetryPolicy, nowEpochMs = Date.now()): number {
  const reset = Number(headers['x-ratelimit-reset']);
  let ms: number | undefined = headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset) && reset >= 0 ? reset * 1000 : undefined;
  const after = headers['retry-after'];
  if (ms === undefined && after !== undefined) {
    const seconds = Number(after);
    if (after.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) ms = seconds * 1000;
    else if (!Number.isNaN(Date.parse(after))) ms = Math.max(0, Date.parse(after) - nowEpochMs);
  }
  return Math.min(ms ?? policy.defaultRateLimitWaitMs, policy.maxRateLimitWaitMs);
}

/** Capped exponential backoff with "equal jitter": half fixed, half random. */
export function backoffMs(failures: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + (ceiling / 2) * random();
}

export function decide(method: Method, outcome: Outcome, attempts: Attempts, policy: RetryPolicy, random: () => number): Decision {
  if (outcome.kind === 'status' && outcome.status === 429) {
    if (attempts.rateLimited >= policy.rateLimitRetries) return { retry: false };
    return { retry: true, delayMs: rateLimitWaitMs(outcome.headers, policy) + policy.jitterMs * random(), rateLimited: true };
  }
  const failed = outcome.kind === 'transport' || (outcome.status >= 500 && outcome.status !== 501);
  if (!failed || attempts.failures >= policy.retries) return { retry: false };
  const unanswered = outcome.kind === 'transport' && UNANSWERED_CODES.has(outcome.code ?? '');
  if (unanswered && (attempts.unanswered ?? 0) >= policy.unansweredRetries) return { retry: false };
  // A POST is sent again only when it certainly never left: otherwise the outcome is unknown.
  const safe = IDEMPOTENT.has(method) || (outcome.kind === 'transport' && !outcome.maybeSent);
  if (!safe) return { retry: false };
  return { retry: true, delayMs: backoffMs(attempts.failures + 1, policy, random), rateLimited: false };
}
