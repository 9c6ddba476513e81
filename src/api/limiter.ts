// Client-side rate limiter: at most `rate` request starts in any sliding window of one second,
// plus a pause shared by every caller after a 429. NOTES.md, "Rate limiting": 30 requests per second
// per user; the official Go client keeps a limiter below the limit. A sliding window is never more
// permissive than the service's window, whether the service counts in fixed seconds, a sliding
// second or a token bucket of the same rate; the margin absorbs requests that leave a little
// apart and arrive a little closer together.
import type { Clock } from './clock.js';

export const DEFAULT_RATE_LIMIT = 30;
export const RATE_WINDOW_MS = 1000;
/** Added to the window: network jitter can bring two starts 1000 ms apart within 1000 ms on arrival. */
export const RATE_WINDOW_MARGIN_MS = 40;

export class RateLimiter {
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  private readonly window: number;

  constructor(
    readonly rate: number,
    private readonly clock: Clock,
    margin: number = RATE_WINDOW_MARGIN_MS,
  ) {
    if (!Number.isInteger(rate) || rate < 1) throw new RangeError(`rate must be a positive integer, got ${rate}`);
    this.window = RATE_WINDOW_MS + margin;
  }

  /** Resolves when one more request may start, and counts it as started. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now);
        continue;
      }
      while (this.starts.length > 0 && now - (this.starts[0] as number) >= this.window) this.starts.shift();
      if (this.starts.length < this.rate) {
        this.starts.push(now);
        return;
      }
      await this.clock.sleep((this.starts[0] as number) + this.window - now);
    }
  }

  /** After a 429: nobody starts before `until` (clock time), whatever the window says. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}
