// The client's runs index (docs/api.md, "Runs index"): the organization's runs of the last 12
// months, newest first, every operation named, in pages of 100 followed by `next-page` (no totals),
// paced at the index's own limit of 30 requests a minute: a bucket of 30 refilled at one every two
// seconds, as the service counts, so a first read of many pages runs at the limit and no faster.
// The bucket is counted from the first answer, not the first request: the request may wait behind
// the rest of the run's reads, and the service's bucket starts when it arrives.
// The read stops at the first page that reaches past the window or holds a run already kept.
import type { RunsRead, UsageRun } from '../core/usage.js';
import { type Clock, systemClock } from './clock.js';
import type { Exchange } from './exchange.js';
import { PAGE_SIZE } from './paginate.js';
import { type RunsPage, runsPageFrom } from './translate-run.js';

/** docs/api.md, "Runs index": requests a minute. */
export const RUNS_PER_MINUTE = 30;
/** docs/api.md, "Runs index": the workspace list leaves plan-only runs out unless every operation is named; the organization's is named the same. */
const OPERATIONS = 'plan_only,plan_and_apply,save_plan,refresh_only,destroy,empty_apply,action_only';
const MINUTE_MS = 60_000;
/** Each wait is this much longer than the bucket's own: arrivals at the service jitter, and a 429 costs a retry (2% of 2 s is 40 ms). */
const PACE_MARGIN = 0.02;

export interface RunsReadOptions {
  /** Epoch ms: older runs are not wanted, and a page that reaches past it is the last read. */
  readonly since: number;
  /** Ids of runs already kept (a usage log): a page holding one is the last read. */
  readonly known?: ReadonlySet<string>;
  /** Requests a minute (default 30; 0: no pacing). */
  readonly perMinute?: number;
  /** Told after each page: pages and runs read so far, and the creation (ISO) of the oldest run read, when any. */
  readonly onPage?: (pages: number, runs: number, reached: string | undefined) => void;
  readonly signal?: AbortSignal;
}

/** A token bucket of `perMinute` requests refilled continuously: waits before a request it has no token for. */
export class MinutePacer {
  private tokens: number;
  /** When the bucket was last counted: from the first request on, as the service's bucket starts with it. */
  private at: number | undefined;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    this.tokens = perMinute;
  }

  async take(signal?: AbortSignal): Promise<void> {
    if (this.perMinute <= 0) return;
    const refill = this.perMinute / MINUTE_MS;
    const now = this.clock.now();
    this.tokens = Math.min(this.perMinute, this.tokens + (now - (this.at ?? now)) * refill);
    this.at = now;
    if (this.tokens < 1) {
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / refill) * (1 + PACE_MARGIN)), signal);
      this.tokens = 1;
      this.at = this.clock.now();
    }
    this.tokens -= 1;
  }

  /**
   * The first answer is in: the service's bucket started when that request arrived, which was no
   * later than now, though perhaps well after it was taken (queued behind other requests of the
   * run). Counted from now, the bucket is never fuller than the service's.
   */
  firstAnswered(): void {
    this.at = this.clock.now();
  }
}

const stopsAt = (runs: readonly UsageRun[], options: RunsReadOptions): boolean =>
  runs.some((run) => Date.parse(run.createdAt) < options.since || options.known?.has(run.id) === true);

export class RunRequests {
  constructor(
    private readonly exchange: Exchange,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The runs created at or after `since` and not already known, newest first. */
  async read(organization: string, options: RunsReadOptions): Promise<RunsRead> {
    const pacer = new MinutePacer(options.perMinute ?? RUNS_PER_MINUTE, this.clock);
    const query = { 'filter[timeframe]': 'year', 'filter[operation]': OPERATIONS, 'page[size]': String(PAGE_SIZE) };
    const path = `/organizations/${encodeURIComponent(organization)}/runs`;
    const runs: UsageRun[] = [];
    let next: number | null = 1;
    let pages = 0;
    while (next !== null) {
      await pacer.take(options.signal);
      const page: RunsPage = await this.exchange.one({ method: 'GET', path, query: { ...query, 'page[number]': String(next) } }, runsPageFrom);
      pages += 1;
      if (pages === 1) pacer.firstAnswered();
      runs.push(...page.runs.filter((run) => Date.parse(run.createdAt) >= options.since && options.known?.has(run.id) !== true));
      options.onPage?.(pages, runs.length, page.runs[page.runs.length - 1]?.createdAt);
      next = stopsAt(page.runs, options) ? null : page.nextPage;
    }
    return { runs, pages };
  }
}
