// The flags every command that talks to the API shares (README, "Commands", common flags).

import { DEFAULT_CONCURRENCY, DEFAULT_RATE_LIMIT } from '../core/defaults.js';
import { READ_BY, type ReadBy } from '../core/model.js';
import type { ClockedRun, ReadChoices, RunConnection } from '../pipeline/run/request.js';
import { boolFlag, durationFlag, durationOf, intFlag, listFlag, type Options, type Parsed, stringFlag } from './args.js';
import { choiceFlag } from './choice-flag.js';
import { clockOf } from './clock.js';
import type { IO } from './io.js';
import { noticeLine } from './progress.js';
import { colorOn } from './terminal.js';

export const CONNECTION_OPTIONS: Options = {
  address: { type: 'string' },
  concurrency: { type: 'string' },
  'rate-limit': { type: 'string' },
  timeout: { type: 'string' },
  'read-by': { type: 'string' },
  'no-color': { type: 'boolean' },
};

export const TARGET_OPTIONS: Options = {
  target: { type: 'string', multiple: true },
};

export const CONNECTION_HELP = `  --address URL        API address (else TFE_ADDRESS, else https:// + TFE_HOSTNAME, else
                       https://app.terraform.io); plain http:// only for loopback
  --concurrency N      requests in flight at once (default ${DEFAULT_CONCURRENCY})
  --rate-limit N       requests per second, 0 for none (default ${DEFAULT_RATE_LIMIT}); a lower
                       X-RateLimit-Limit announced by the server wins
  --timeout DURATION   give up when the whole run takes longer (90s, 5m, 1h30m; default none);
                       apply then starts no other change and reports what it did
  --read-by HOW        auto (default): workspace grants by team when the server can and it is
                       cheaper, else one list per workspace; team; target
                       (docs/connecting.md, "Reading by team")
  --no-color           no colours (also NO_COLOR; FORCE_COLOR=1 forces them)`;

export const TARGET_HELP = `  --target T           only project:NAME or workspace:NAME (repeatable)`;

export interface ConnectionFlags {
  readonly address: string | undefined;
  readonly concurrency: number;
  readonly rateLimit: number;
  /** `--timeout`, in milliseconds. */
  readonly timeoutMs: number | undefined;
  readonly readBy: ReadBy;
  readonly color: boolean;
}

const readByFlag = (parsed: Parsed): ReadBy => choiceFlag(parsed, 'read-by', READ_BY, 'auto');

export function connectionFlags(parsed: Parsed, io: IO): ConnectionFlags {
  return {
    address: stringFlag(parsed, 'address'),
    concurrency: intFlag(parsed, 'concurrency', DEFAULT_CONCURRENCY, 1),
    rateLimit: intFlag(parsed, 'rate-limit', DEFAULT_RATE_LIMIT, 0),
    timeoutMs: durationFlag(parsed, 'timeout'),
    readBy: readByFlag(parsed),
    color: colorOn(io, boolFlag(parsed, 'no-color')),
  };
}

/**
 * The one stderr line when the server announces a lower rate limit than --rate-limit (docs/connecting.md, "Rate
 * limit and concurrency"): from then on the run keeps to the server's.
 */
export function rateLimitNotice(io: IO): (announced: number, previous: number) => void {
  return (announced, previous) => {
    const was = previous === 0 ? 'no limit (--rate-limit 0)' : `--rate-limit ${previous}`;
    noticeLine(io, `the server allows ${announced} requests per second (X-RateLimit-Limit), below ${was}: running at ${announced}.`);
  };
}

/**
 * TFE_ACCESS_ANSWER_TIMEOUT: how long one answer may keep silent (docs/connecting.md, "Retries"), for a
 * server slower than the default (DEFAULT_ANSWER_TIMEOUT_MS, core/defaults.ts) or a test that wants it short.
 */
function answerTimeoutOf(io: IO): number | undefined {
  const raw = io.env.TFE_ACCESS_ANSWER_TIMEOUT;
  return raw === undefined || raw === '' ? undefined : durationOf(raw, 'TFE_ACCESS_ANSWER_TIMEOUT');
}

/** Each notice once a run: a read made twice (the plan's, then the policies') says what it found once. */
function onceEach(say: (line: string) => void): (line: string) => void {
  const said = new Set<string>();
  return (line) => {
    if (said.has(line)) return;
    said.add(line);
    say(line);
  };
}

/** What every use case that talks to the API takes from the connection flags and the process: the three pieces of its request (pipeline/run/request.ts). */
export function requestPieces(io: IO, flags: ConnectionFlags): { readonly connection: RunConnection; readonly run: ClockedRun; readonly read: ReadChoices } {
  return {
    connection: {
      answerTimeoutMs: answerTimeoutOf(io),
      env: io.env,
      address: flags.address,
      concurrency: flags.concurrency,
      rateLimit: flags.rateLimit,
      onRateLimit: rateLimitNotice(io),
    },
    run: { timeoutMs: flags.timeoutMs, onNotice: onceEach((line: string) => noticeLine(io, line)), now: clockOf(io) },
    read: { concurrency: flags.concurrency, readBy: flags.readBy },
  };
}

export function targetFlags(parsed: Parsed): string[] {
  return listFlag(parsed, 'target');
}

/** `--format` checked against the formats a command knows. */
export function formatFlag<F extends string>(parsed: Parsed, formats: readonly F[], fallback: F): F {
  return choiceFlag(parsed, 'format', formats, fallback);
}
