// Client-side rate limiter (docs/api.md, "Rate limiting": 30 requests per second per user; the
// official Go client keeps a limiter below the limit). Two rules, both must allow a start:
// - a sliding window: at most `rate` requests whose arrival at the service may lie within one second
//   of each other. It is never more permissive than the service's window, whether the service counts
//   in fixed seconds, a sliding second or a token bucket of the same rate. A request sent but not
//   answered counts from its start for a second plus a margin: the margin absorbs requests that leave
//   1000 ms apart and arrive a little closer together. Once answered (`settle`) it counts from its
//   answer for a second plus a few milliseconds only: the service saw it arrive before it answered,
//   and a request started later arrives later still, so the two are more than a second apart at the
//   service whatever the network did on the way (no margin to guess);
// - a small token bucket (BURST_SHARE of a second's worth, refilled at `rate`): starts are paced
//   instead of fired in a full burst, so the service's own bucket never runs dry and scheduling
//   jitter on the way can't push a request over the limit.
// Plus a pause shared by every caller after a 429. A rate of 0 turns the first two off (`--rate-limit
// 0`, for a private Terraform Enterprise without a limit); the 429 pause stays. A server that
// announces a lower limit lowers the rate for the rest of the run (`lowerTo`), never raises it.
import type { Clock } from './clock.js';

export const RATE_WINDOW_MS = 1000;
/** Added to the window of a request not answered yet: network jitter can bring two starts 1000 ms apart within 1000 ms on arrival. */
export const RATE_WINDOW_MARGIN_MS = 40;
/** Added to the window of an answered request: clock granularity only (whole milliseconds, rounding at the service). */
export const ANSWERED_MARGIN_MS = 10;
/** The burst: this share of a second's requests may start at once (5 at 30/s). */
export const BURST_SHARE = 1 / 6;

function burstOf(rate: number): number {
  return Math.max(1, Math.ceil(rate * BURST_SHARE));
}

/** One request's place in the window: when it leaves it (from its start, then from its answer). */
export interface Slot {
  until: number;
}

export class RateLimiter {
  /** Ordered by `until`. */
  private readonly starts: Slot[] = [];
  private pausedUntil = 0;
  private readonly window: number;
  private readonly answeredWindow: number;
  private currentRate: number;
  private currentBurst: number;
  private tokens: number;
  private refilledAt: number;

  constructor(
    rate: number,
    private readonly clock: Clock,
    margin: number = RATE_WINDOW_MARGIN_MS,
  ) {
    if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`rate must be a non-negative integer, got ${rate}`);
    this.window = RATE_WINDOW_MS + margin;
    this.answeredWindow = RATE_WINDOW_MS + Math.min(margin, ANSWERED_MARGIN_MS);
    this.currentRate = rate;
    this.currentBurst = burstOf(rate);
    this.tokens = this.currentBurst;
    this.refilledAt = clock.now();
  }

  /** Requests per second; 0: no limit. */
  get rate(): number {
    return this.currentRate;
  }

  get burst(): number {
    return this.currentBurst;
  }

  /**
   * Runs at `rate` from now on when it is below the current one (or the current one is off), and
   * says whether it did. Starts already counted stay counted, so the window holds at once.
   */
  lowerTo(rate: number): boolean {
    if (!Number.isInteger(rate) || rate < 1 || (this.currentRate !== 0 && rate >= this.currentRate)) return false;
    this.currentRate = rate;
    this.currentBurst = burstOf(rate);
    this.tokens = Math.min(this.tokens, this.currentBurst);
    return true;
  }

  /**
   * Resolves when one more request may start, and counts it as started; `settle` the slot when it is
   * answered. Rejects when `signal` aborts.
   */
  async acquire(signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      const wait = this.waitMs(this.clock.now());
      if (wait <= 0) {
        // Counted even with no limit: a limit announced later then knows what the last second held.
        const slot = { until: this.clock.now() + this.window };
        this.insert(slot);
        if (this.rate > 0) this.tokens -= 1;
        return slot;
      }
      await this.clock.sleep(wait, signal);
    }
  }

  /**
   * The request of `slot` was answered (or failed): it arrived by now at the latest, so it counts
   * for a second from now, which may be sooner or later than from its start.
   */
  settle(slot: Slot): void {
    if (this.currentRate === 0) return; // nothing to keep to; the start stays as it was
    const index = this.starts.indexOf(slot);
    if (index >= 0) this.starts.splice(index, 1); // else a slow one, which left it from its start: back in
    slot.until = this.clock.now() + this.answeredWindow;
    this.insert(slot);
  }

  /** Keeps `starts` ordered by `until`: a new slot is nearly always the last. */
  private insert(slot: Slot): void {
    let i = this.starts.length;
    while (i > 0 && (this.starts[i - 1] as Slot).until > slot.until) i--;
    this.starts.splice(i, 0, slot);
  }

  /** After a 429: nobody starts before `until` (clock time), whatever the window says. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  /** How long until a start is allowed, in whole milliseconds (a fraction could never advance a clock); 0 now. */
  private waitMs(now: number): number {
    if (now < this.pausedUntil) return Math.ceil(this.pausedUntil - now);
    const rate = this.currentRate;
    while (this.starts.length > 0 && (this.starts[0] as Slot).until <= now) this.starts.shift();
    if (rate === 0) return 0;
    // After lowerTo, the window may hold more starts than the new rate: wait until enough leave it.
    if (this.starts.length >= rate) return Math.ceil((this.starts[this.starts.length - rate] as Slot).until - now);
    this.tokens = Math.min(this.currentBurst, this.tokens + ((now - this.refilledAt) * rate) / RATE_WINDOW_MS);
    this.refilledAt = now;
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * RATE_WINDOW_MS) / rate);
  }
}
