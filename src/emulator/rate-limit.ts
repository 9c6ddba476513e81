// Rate limiting per identity (docs/api.md, "Rate limiting": 30 requests per second per user). A token
// bucket holding one window of requests (a second; a minute for the runs index, docs/api.md, "Runs
// index") and refilled continuously: a client that paces itself at exactly R requests per window
// never finds it empty, a burst above R is answered 429.

export const DEFAULT_RATE_LIMIT = 30;
/** docs/api.md, "Runs index": its own limit, 30 requests per minute. */
export const RUNS_INDEX_RATE_LIMIT = 30;
export const RUNS_INDEX_WINDOW_SECONDS = 60;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private perSecond: number,
    private readonly now: () => number,
    /** The window `perSecond` is counted over, in seconds (the name is the one-second case's). */
    private readonly windowSeconds = 1,
  ) {}

  get limit(): number {
    return this.perSecond;
  }

  setLimit(perSecond: number): void {
    this.perSecond = perSecond;
    this.buckets.clear();
  }

  /** Takes one request from `key`'s bucket: undefined when allowed, else seconds until the next one is. */
  take(key: string): number | undefined {
    if (this.perSecond <= 0) return undefined;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, at: now };
    const refill = this.perSecond / this.windowSeconds;
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) / 1000) * refill);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return (1 - bucket.tokens) / refill;
  }
}
