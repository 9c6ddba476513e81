// A circuit breaker for a dead server (docs/connecting.md, "Retries"): the retries are for transient faults, and
// a server that refuses every connection would otherwise cost each request its whole budget (a run
// of minutes). Only failures to reach the service count (the connection refused, reset, the host or
// network unreachable, no DNS answer, the connect timeout); an answer of any status, even a 5xx,
// shows the service is there and starts the count again, and so does nothing a live server does
// (a connection dropped mid-answer is a flaky network, which the retries are for).
import { ServerUnreachableError } from './errors/server-unreachable-error.js';

/** Connection failures in a row, over every request of the run, that end it. */
export const BREAKER_THRESHOLD = 5;

const CONNECTION_FAILURES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export class Breaker {
  private failures = 0;
  private tripped: ServerUnreachableError | undefined;

  constructor(
    private readonly address: string,
    private readonly threshold: number = BREAKER_THRESHOLD,
  ) {}

  /** Set once the breaker tripped: every request fails with it from then on. */
  get open(): ServerUnreachableError | undefined {
    return this.tripped;
  }

  /** An answer arrived (any status). */
  answered(): void {
    if (!this.tripped) this.failures = 0;
  }

  /** A request got no answer; returns the error when this failure trips the breaker. */
  failed(code: string): ServerUnreachableError | undefined {
    if (this.tripped || !CONNECTION_FAILURES.has(code)) return undefined;
    this.failures += 1;
    if (this.failures < this.threshold) return undefined;
    this.tripped = new ServerUnreachableError(this.address, this.failures, code);
    return this.tripped;
  }
}
