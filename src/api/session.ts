// The request pipeline every API call goes through: bounded concurrency (p-limit), the client-side
// rate limiter, the retry decisions of retry.ts, the breaker of a dead server (breaker.ts), the
// run's stop signal, and the mapping of failures to typed errors. Returns only successful answers;
// everything else is thrown as RemoteError, TransportError, OutcomeUnknownError,
// ServerUnreachableError or the stop signal's reason, with the token in none of them. Every
// answer's X-RateLimit-Limit below the current rate lowers it for the rest of the run (docs/api.md,
// "Rate limiting"; docs/connecting.md, "Rate limit and concurrency"): the client never runs above --rate-limit,
// nor above what the server announces.
import pLimit, { type LimitFunction } from 'p-limit';
import { DEFAULT_CONCURRENCY, DEFAULT_RATE_LIMIT } from '../core/defaults.js';
import { messageOf } from '../errors.js';
import { Breaker } from './breaker.js';
import { type Clock, systemClock } from './clock.js';
import { errorObjectsFrom } from './errors/error-objects.js';
import { OutcomeUnknownError } from './errors/outcome-unknown-error.js';
import { RemoteError } from './errors/remote-error.js';
import type { ServerUnreachableError } from './errors/server-unreachable-error.js';
import { TransportError } from './errors/transport-error.js';
import {
  createTransport,
  DEFAULT_TIMEOUTS,
  describePath,
  describeRequest,
  type HttpRequest,
  type HttpResponse,
  type Timeouts,
  type Transport,
} from './http.js';
import { RateLimiter } from './limiter.js';
import { DEFAULT_RETRY_POLICY, decide, type Outcome, type RetryPolicy, UNANSWERED_CODES } from './retry.js';

/** X-RateLimit-Limit as a whole number of requests per second, when it is one (a hostile value is ignored). */
export function announcedRateLimit(headers: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = headers['x-ratelimit-limit']?.trim();
  if (raw === undefined || !/^\d{1,9}(\.\d+)?$/.test(raw)) return undefined;
  const value = Math.floor(Number(raw));
  return value >= 1 ? value : undefined;
}

/** The headers a ping answers with that name the server itself (docs/api.md, "Server capabilities"), the rate limit aside. */
const SERVER_HEADERS = ['tfp-appname', 'tfp-api-version', 'x-tfe-version', 'x-tfe-current-version'] as const;

/** Whether an answer names the server (its product or a version), as the ping's answer does. */
export function namesServer(headers: Readonly<Record<string, string | undefined>>): boolean {
  return SERVER_HEADERS.some((name) => headers[name] !== undefined);
}

/** One attempt, reported to `onRequest` (for logs and tests): never holds the token. */
export interface RequestEvent {
  /** `GET /team-projects?filter[project][id]=prj-1` */
  readonly request: string;
  readonly attempt: number;
  /** The HTTP status, or undefined when there was no answer. */
  readonly status?: number;
  /** The network error code when there was no answer. */
  readonly error?: string;
  /** Set when the request will be sent again after this many milliseconds. */
  readonly retryInMs?: number;
}

export interface SessionOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly concurrency?: number;
  /** Requests per second. */
  readonly rateLimit?: number;
  /** Retries after a 5xx or a transport error (shorthand for `retry.retries`). */
  readonly retries?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly onRequest?: (event: RequestEvent) => void;
  /** Told when the server announces a limit below the current rate: (announced, previous; 0 = none). */
  readonly onRateLimit?: (announced: number, previous: number) => void;
  /** Network timeouts (http.ts); a stalled server ends each attempt after them. */
  readonly timeouts?: Partial<Timeouts>;
  readonly clock?: Clock;
  readonly random?: () => number;
  /**
   * The run stopped (a signal, --timeout): requests in flight end at once, and no other starts; each
   * fails with the signal's reason (an OutcomeUnknownError for a write that may have arrived).
   */
  readonly signal?: AbortSignal;
  /** Called once, when the breaker trips: the service stopped answering. */
  readonly onUnreachable?: (error: ServerUnreachableError) => void;
  /** Connection failures in a row that trip the breaker (breaker.ts). */
  readonly breakerThreshold?: number;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Lower-case names, first value only. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * True when a DELETE answered 404 after an earlier attempt whose answer was lost: the first
   * attempt most likely did the work, or the token may not delete it (404 means both).
   */
  readonly unconfirmed?: boolean;
}

/** A request's attempts so far: what retry.ts decides by, and whether a write may have reached the service. */
interface Tally {
  failures: number;
  rateLimited: number;
  unanswered: number;
  mayHaveApplied: boolean;
}

function outcomeOf(result: HttpResponse | TransportError): Outcome {
  return result instanceof TransportError
    ? { kind: 'transport', maybeSent: result.maybeSent, code: result.code }
    : { kind: 'status', status: result.status, headers: result.headers };
}

/** The answer a result ends the request with: a 2xx, or a DELETE's 404 after an attempt that may have done the work. */
function answerOf(request: HttpRequest, result: HttpResponse | TransportError, mayHaveApplied: boolean): Answer | undefined {
  if (result instanceof TransportError) return undefined;
  if (result.status >= 200 && result.status < 300) return { status: result.status, body: result.body, headers: result.headers };
  if (request.method === 'DELETE' && mayHaveApplied && result.status === 404)
    return { status: 404, body: undefined, headers: result.headers, unconfirmed: true };
  return undefined;
}

/** A failed attempt to be retried: counted, and a write it may have delivered remembered. */
function countFailure(tally: Tally, outcome: Outcome): void {
  tally.failures++;
  if (outcome.kind === 'transport' && UNANSWERED_CODES.has(outcome.code ?? '')) tally.unanswered++;
  tally.mayHaveApplied ||= outcome.kind === 'status' || outcome.maybeSent;
}

export class Session {
  private readonly transport: Transport;
  private readonly limiter: RateLimiter;
  private readonly slots: LimitFunction;
  private readonly policy: RetryPolicy;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly onRequest: (event: RequestEvent) => void;
  private readonly onRateLimit: (announced: number, previous: number) => void;
  private readonly breaker: Breaker;
  private readonly signal: AbortSignal | undefined;
  private readonly onUnreachable: (error: ServerUnreachableError) => void;
  private readonly address: string;
  /** Redacts the token from texts the service sent, in case a proxy ever echoes it back. */
  readonly redact: (text: string) => string;
  private requests = 0;
  /** The headers of the first successful answer that named the server (api/capabilities.ts, namesServer). */
  private named: Readonly<Record<string, string | undefined>> | undefined;

  constructor(options: SessionOptions) {
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...(options.retries === undefined ? {} : { retries: options.retries }), ...options.retry };
    this.limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, this.clock);
    this.slots = pLimit(concurrency);
    this.signal = options.signal;
    this.transport = createTransport(options.baseUrl, options.token, concurrency, { ...DEFAULT_TIMEOUTS, ...options.timeouts }, this.signal);
    this.onRequest = options.onRequest ?? (() => undefined);
    this.onRateLimit = options.onRateLimit ?? (() => undefined);
    this.address = options.baseUrl.replace(/\/+$/, '');
    this.breaker = new Breaker(this.address, options.breakerThreshold);
    this.onUnreachable = options.onUnreachable ?? (() => undefined);
    const token = options.token;
    this.redact = (text) => (token ? text.split(token).join('[redacted]') : text);
  }

  async request(request: HttpRequest): Promise<Answer> {
    const described = describeRequest(request);
    const tally: Tally = { failures: 0, rateLimited: 0, unanswered: 0, mayHaveApplied: false };
    const progress = { sending: false };
    this.requests++;
    for (let attempt = 1; ; attempt++) {
      let result: HttpResponse | TransportError;
      try {
        progress.sending = false;
        result = await this.attempt(request, progress);
      } catch (error: unknown) {
        throw this.ended(request, error, tally.mayHaveApplied || progress.sending);
      }
      const tripped = this.record(result);
      const outcome = outcomeOf(result);
      const decision = tripped ? ({ retry: false } as const) : decide(request.method, outcome, { ...tally }, this.policy, this.random);
      this.report(described, attempt, result, decision.retry ? decision.delayMs : undefined);
      if (tripped) throw this.ended(request, tripped, tally.mayHaveApplied);
      if (!(result instanceof TransportError)) this.heedAnnouncedLimit(result.headers);
      const answer = answerOf(request, result, tally.mayHaveApplied);
      if (answer) {
        if (this.named === undefined && namesServer(answer.headers)) this.named = answer.headers;
        return answer;
      }
      if (!decision.retry) throw this.failure(request, describePath(request), result);
      if (decision.rateLimited) {
        tally.rateLimited++;
        this.limiter.pauseUntil(this.clock.now() + decision.delayMs);
      } else countFailure(tally, outcome);
      try {
        await this.clock.sleep(decision.delayMs, this.signal);
      } catch (error: unknown) {
        throw this.ended(request, error, tally.mayHaveApplied);
      }
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * Requests made so far, each once however many attempts it took: what a read needed, the same
   * whatever the network did on the way (a plan's JSON reports it, and a plan is the same bytes).
   */
  get sent(): number {
    return this.requests;
  }

  /**
   * The headers of the first successful answer that named the server (its version or product), if
   * one did: the same server's ping answers with the same ones (docs/api.md, "Server capabilities").
   */
  get serverHeaders(): Readonly<Record<string, string | undefined>> | undefined {
    return this.named;
  }

  /** The rate the limiter runs at now (requests per second, 0: none). */
  get rateLimit(): number {
    return this.limiter.rate;
  }

  private heedAnnouncedLimit(headers: Readonly<Record<string, string | undefined>>): void {
    const announced = announcedRateLimit(headers);
    if (announced === undefined) return;
    const previous = this.limiter.rate;
    if (this.limiter.lowerTo(announced)) this.onRateLimit(announced, previous);
  }

  /** Why no request may start any more: the breaker tripped, or the run stopped. */
  private stopReason(): unknown {
    return this.breaker.open ?? (this.signal?.aborted ? this.signal.reason : undefined);
  }

  private attempt(request: HttpRequest, progress: { sending: boolean }): Promise<HttpResponse | TransportError> {
    return this.slots(async () => {
      const slot = await this.limiter.acquire(this.signal);
      const stop = this.stopReason();
      if (stop !== undefined) throw stop;
      progress.sending = true;
      try {
        return await this.transport.send(request);
      } catch (error: unknown) {
        if (error instanceof TransportError) return error;
        throw error;
      } finally {
        this.limiter.settle(slot);
      }
    });
  }

  /** Counts the attempt for the breaker; the breaker's error when this attempt tripped it. */
  private record(result: HttpResponse | TransportError): ServerUnreachableError | undefined {
    if (!(result instanceof TransportError)) {
      this.breaker.answered();
      return undefined;
    }
    const tripped = this.breaker.failed(result.code);
    if (tripped) this.onUnreachable(tripped);
    return tripped;
  }

  /**
   * The error a request ends with when the run stopped or the breaker tripped under it: the stop's
   * reason, or, for a write that may have reached the service, an OutcomeUnknownError saying so
   * (the executor then reads the target, or reports that it could not). Any other error as it is.
   */
  private ended(request: HttpRequest, error: unknown, maybeApplied: boolean): unknown {
    const stop = this.stopReason();
    if (stop === undefined || error !== stop) return error;
    if (request.method === 'GET' || !maybeApplied) return stop;
    return new OutcomeUnknownError(request.method, describePath(request), messageOf(stop), this.address);
  }

  private report(request: string, attempt: number, result: HttpResponse | TransportError, retryInMs: number | undefined): void {
    const base = result instanceof TransportError ? { request, attempt, error: result.code } : { request, attempt, status: result.status };
    this.onRequest(retryInMs === undefined ? base : { ...base, retryInMs: Math.round(retryInMs) });
  }

  private failure(request: HttpRequest, path: string, result: HttpResponse | TransportError): Error {
    const unknownOutcome = request.method === 'POST' && (result instanceof TransportError ? result.maybeSent : result.status >= 500);
    if (unknownOutcome) {
      return new OutcomeUnknownError(request.method, path, result instanceof TransportError ? result.code : `status ${result.status}`, this.address);
    }
    if (result instanceof TransportError) return result;
    const errors = (errorObjectsFrom(result.body) ?? []).map((e) => ({
      ...e,
      ...(e.detail !== undefined ? { detail: this.redact(e.detail) } : {}),
      ...(e.title !== undefined ? { title: this.redact(e.title) } : {}),
    }));
    return new RemoteError(request.method, path, result.status, errors);
  }
}
