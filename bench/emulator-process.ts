// The emulator of a benchmark, in its own process, so that its CPU is measured apart from the
// client's (the machine may be shared; wall-clock figures alone can't tell who was slow). Started
// with the path of a JSON config (seed, rate limit, faults) written by the bench; answers messages
// with its CPU time and request counters, and can change its rate limit between phases.
import { readFileSync } from 'node:fs';
import type { ProfileName } from '../src/emulator/profile.js';
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../src/emulator/start.js';
import type { Counters, FaultOptions, RequestRecord, SeedDocument } from '../src/emulator/types.js';

export interface EmulatorConfig {
  readonly seed: SeedDocument;
  /** Requests per second per identity; 0 = off. */
  readonly rateLimit: number;
  readonly faults: FaultOptions;
  /** docs/emulator.md, "Profiles"; the seed document's, else `seed`, when absent. */
  readonly profile?: ProfileName;
  /** The runs index's own limit, requests a minute (default 30, docs/api.md, "Runs index"). */
  readonly runsRateLimit?: number;
}

export type ToChild = { kind: 'cpu' } | { kind: 'counters' } | { kind: 'reset' } | { kind: 'rate-limit'; perSecond: number } | { kind: 'stop' };
/** When the logged requests arrived and were answered (ms on the emulator's clock); undefined when none. */
export interface Span {
  readonly firstStartMs: number;
  readonly lastEndMs: number;
}

export type ToParent =
  | { kind: 'ready'; url: string }
  | { kind: 'cpu'; micros: number }
  | { kind: 'counters'; counters: Counters; span?: Span; byPath: Record<string, number> }
  | { kind: 'done' };

function spanOf(records: readonly RequestRecord[]): Span | undefined {
  if (records.length === 0) return undefined;
  let firstStartMs = Infinity;
  let lastEndMs = -Infinity;
  for (const r of records) {
    firstStartMs = Math.min(firstStartMs, r.start);
    lastEndMs = Math.max(lastEndMs, r.end);
  }
  return { firstStartMs, lastEndMs };
}

/** The requests logged by `METHOD path` (with ` 429` when refused so), every id in the path (`ws-1`, `sv-...`: a segment with a digit) as `:id`. */
function byPath(records: readonly RequestRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) {
    const key = `${r.method} ${r.path.replace(/\/[a-z]+-(?=[^/]*\d)[A-Za-z0-9_-]+(?=\/|$)/g, '/:id')}${r.status === 429 ? ' 429' : ''}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined || !process.send) throw new Error('usage: emulator-process.js CONFIG.json (forked with IPC)');
  const config = JSON.parse(readFileSync(file, 'utf8')) as EmulatorConfig;
  const emulator = await startEmulator({
    seed: config.seed,
    rateLimit: config.rateLimit,
    faults: config.faults,
    adminToken: DEFAULT_ADMIN_TOKEN,
    ...(config.profile ? { profile: config.profile } : {}),
    ...(config.runsRateLimit !== undefined ? { runsRateLimit: config.runsRateLimit } : {}),
  });
  const send = (message: ToParent): void => void process.send?.(message);
  process.on('message', (message: ToChild) => {
    switch (message.kind) {
      case 'cpu': {
        const usage = process.cpuUsage();
        return send({ kind: 'cpu', micros: usage.user + usage.system });
      }
      case 'counters': {
        const span = spanOf(emulator.requests);
        return send({ kind: 'counters', counters: emulator.counters(), ...(span ? { span } : {}), byPath: byPath(emulator.requests) });
      }
      case 'reset':
        emulator.resetLog();
        return send({ kind: 'done' });
      case 'rate-limit':
        emulator.setRateLimit(message.perSecond);
        return send({ kind: 'done' });
      case 'stop':
        void emulator.stop().then(() => process.exit(0));
        return;
    }
  });
  // The bench died without saying stop (killed, crashed): an emulator left running would hold its port and memory.
  process.on('disconnect', () => process.exit(0));
  send({ kind: 'ready', url: emulator.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
