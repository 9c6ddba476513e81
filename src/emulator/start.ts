// The emulator of the team-access API: `startEmulator(options)` for tests, benchmarks and the
// `tfe-access emulator` command. See docs/emulator.md, "The emulator".

import { CLIError } from '../errors.js';
import { AUDIT_TRAIL_MODES, isAuditTrailMode } from './audit-log.js';
import { FaultInjector } from './faults.js';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES, PROFILES } from './profile.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, RUNS_INDEX_RATE_LIMIT, RUNS_INDEX_WINDOW_SECONDS } from './rate-limit.js';
import { RequestLog } from './request-log.js';
import { applySeed } from './seed.js';
import { API_PREFIX, createEmulatorServer, listen, startClock } from './server.js';
import { Store } from './state.js';
import type { EmulatorOptions, RunningEmulator } from './types.js';

/** The admin token when none is given: owner of every organization (docs/emulator.md, "Starting it"). */
export const DEFAULT_ADMIN_TOKEN = 'tfe-access-emulator-admin';
export const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_RANDOM_SEED = 1;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const randomSeed = options.randomSeed ?? DEFAULT_RANDOM_SEED;
  const name: unknown = options.profile ?? options.seed?.profile ?? DEFAULT_PROFILE;
  if (!isProfileName(name)) throw new CLIError(`profile must be one of ${PROFILE_NAMES.join(', ')}, got ${JSON.stringify(name)}`);
  const profile = PROFILES[name];
  const store = new Store(randomSeed, profile, options.now);
  if (options.auditTrail !== undefined && !isAuditTrailMode(options.auditTrail))
    throw new CLIError(`auditTrail must be one of ${AUDIT_TRAIL_MODES.join(', ')}`);
  store.tokens.set(options.adminToken ?? DEFAULT_ADMIN_TOKEN, { kind: 'admin' });
  if (options.seed) applySeed(store, options.seed);
  // After the seed is checked: its `audit-trail` is then one of the modes.
  store.audit.mode = options.auditTrail ?? options.seed?.['audit-trail'] ?? (profile.name === 'current' ? 'on' : 'off');
  const clock = startClock();
  const log = new RequestLog();
  const faults = new FaultInjector(randomSeed, options.faults);
  const limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, clock);
  store.runsLimiter = new RateLimiter(options.runsRateLimit ?? RUNS_INDEX_RATE_LIMIT, clock, RUNS_INDEX_WINDOW_SECONDS);
  let url = '';
  const server = createEmulatorServer({ store, log, faults, limiter, clock, onRequest: options.onRequest }, () => url);
  const host = options.host ?? DEFAULT_HOST;
  const address = await listen(server, host, options.port ?? 0);
  url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    url,
    profile: profile.name,
    get requests() {
      return log.records;
    },
    counters: () => log.counters(),
    resetLog: () => log.reset(),
    setFaults: (f) => faults.set(f),
    setRateLimit: (n) => limiter.setLimit(n),
    advanceClock: (ms) => store.audit.advance(ms),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The API root of a running emulator, `${url}/api/v2`. */
export function apiUrl(emulator: RunningEmulator): string {
  return `${emulator.url}${API_PREFIX}`;
}
