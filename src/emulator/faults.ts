// Injected faults, reproducible: one seeded stream, a fixed number of draws per request in arrival
// order, so the same random seed and the same request sequence give the same faults, whatever the
// fault options are at the time (a stream never shifts when faults are switched on or off).
import { mulberry32, type Random } from './prng.js';
import type { FaultKind, FaultOptions } from './types.js';

// A 429 burst answers this request and the next ones, whoever sends them (docs/api.md, "Rate limiting").
export const RATE_LIMIT_BURST_LENGTH = 3;
// X-RateLimit-Reset of a burst's 429s: short, so that clients that honour it retry soon.
export const BURST_RESET_SECONDS = 0.05;
const SERVER_ERRORS = [500, 502, 503] as const;
const DRAWS_PER_REQUEST = 6;

export interface FaultDecision {
  readonly kind?: FaultKind;
  /** For kind 'error': 500, 502 or 503. */
  readonly status?: number;
  /** Latency plus jitter to add before answering. */
  readonly delayMs: number;
}

export class FaultInjector {
  private readonly random: Random;
  private burstLeft = 0;

  constructor(
    randomSeed: number,
    private faults: FaultOptions = {},
  ) {
    this.random = mulberry32(randomSeed);
  }

  set(faults: FaultOptions): void {
    this.faults = { ...faults };
  }

  /** The decision for the next request; `write` because only writes can lose their answer. */
  decide(write: boolean): FaultDecision {
    const draws = Array.from({ length: DRAWS_PER_REQUEST }, () => this.random());
    const [error = 1, which = 0, burst = 1, drop = 1, lost = 1, jitter = 0] = draws;
    const f = this.faults;
    const delayMs = (f.latencyMs ?? 0) + jitter * (f.jitterMs ?? 0);
    if (this.burstLeft > 0) {
      this.burstLeft -= 1;
      return { kind: 'rate-limit', delayMs };
    }
    if (error < (f.errorRate ?? 0)) {
      return { kind: 'error', status: SERVER_ERRORS[Math.floor(which * SERVER_ERRORS.length)] ?? 500, delayMs };
    }
    if (burst < (f.rateLimitBurstRate ?? 0)) {
      this.burstLeft = RATE_LIMIT_BURST_LENGTH - 1;
      return { kind: 'rate-limit', delayMs };
    }
    if (drop < (f.dropRate ?? 0)) return { kind: 'drop', delayMs };
    if (write && lost < (f.lostAnswerRate ?? 0)) return { kind: 'lost-answer', delayMs };
    return { delayMs };
  }
}
