// Preloaded into the CLI process the bench spawns (`node --import rss-probe.js dist/cli/main.js`):
// at exit it writes, to the file named by BENCH_RSS_FILE, the process's peak resident set size
// (KiB, getrusage's ru_maxrss) and when its first HTTP request was made (ms since the process
// began: Node's start-up, loading and validating the files, all before any request; undici's
// `undici:request:create` channel). Portable where /usr/bin/time is not, and measures exactly that process.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const RSS_FILE_ENV = 'BENCH_RSS_FILE';

/** What the probe writes: one JSON object. */
export interface ProbeRecord {
  readonly maxRssKiB: number;
  /** Undefined when the process made no request. */
  readonly firstRequestMs?: number;
}

const CHANNEL = 'undici:request:create';
const file = process.env[RSS_FILE_ENV];
if (file) {
  let firstRequestMs: number | undefined;
  const first = (): void => {
    firstRequestMs = performance.now();
    unsubscribe(CHANNEL, first);
  };
  subscribe(CHANNEL, first);
  process.on('exit', () => {
    const record: ProbeRecord = { maxRssKiB: process.resourceUsage().maxRSS, ...(firstRequestMs === undefined ? {} : { firstRequestMs }) };
    writeFileSync(file, JSON.stringify(record));
  });
}
