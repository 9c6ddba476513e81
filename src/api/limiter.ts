// Client-side rate limiter (docs/api.md, "Rate limiting": 30 requests per second per user; the
// official Go client keeps a limiter below the limit). Two rules, both must allow a start:
// - a sliding window: at most `rate` starts in any window of one second plus a margin. It is never
//   more permissive than the service's window, whether the service counts in fixed seconds, a
//   sliding second or a token bucket of the same rate; the margin absorbs requests that leave
//   1000 ms apart and arrive a little closer together;
// - a small token bucket (BURST_SHARE of a second's worth, refilled at `rate`): starts are paced
//   instead of fired in a full burst, so the service's own bucket never runs dry and scheduling
//   jitter on the way can't push a request over the limit.
// Plus a pause shared by every caller after a 429. A rate of 0 turns the first two off (`--rate-limit
// 0`, for a private Terraform Enterprise without a limit); the 429 pause stays.
import type { Clock } from './clock.js';

export const DEFAULT_RATE_LIMIT = 30;
export const RATE_WINDOW_MS = 1000;
/** Added to the window: network jitter can bring two starts 1000 ms apart within 1000 ms on arrival. */
export const RATE_WINDOW_MARGIN_MS = 40;
/** The burst: this share of a second's requests may start at once (5 at 30/s). */
export const BURST_SHARE = 1 / 6;

export class RateLimiter {
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  private readonly window: number;
  readonly burst: number;
  private tokens: number;
  private refilledAt: number;

  constructor(
    readonly rate: number,
    private readonly clock: Clock,
    margin: number = RATE_WINDOW_MARGIN_MS,
  ) {
    if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`rate must be a non-negative integer, got ${rate}`);
    this.window = RATE_WINDOW_MS + margin;
    this.burst = Math.max(1, Math.ceil(rate * BURST_SHARE));
    this.tokens = this.burst;
    this.refilledAt = clock.now();
  }

  /** Resolves when one more request may start, and counts it as started; rejects when `signal` aborts. */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.waitMs(this.clock.now());
      if (wait <= 0) {
        if (this.rate > 0) {
          this.starts.push(this.clock.now());
          this.tokens -= 1;
        }
        return;
      }
      await this.clock.sleep(wait, signal);
    }
  }

  /** After a 429: nobody starts before `until` (clock time), whatever the window says. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  /** How long until a start is allowed, in whole milliseconds (a fraction could never advance a clock); 0 now. */
  private waitMs(now: number): number {
    if (now < this.pausedUntil) return Math.ceil(this.pausedUntil - now);
    if (this.rate === 0) return 0;
    while (this.starts.length > 0 && now - (this.starts[0] as number) >= this.window) this.starts.shift();
    if (this.starts.length >= this.rate) return Math.ceil((this.starts[0] as number) + this.window - now);
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) * this.rate) / RATE_WINDOW_MS);
    this.refilledAt = now;
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * RATE_WINDOW_MS) / this.rate);
  }
}
