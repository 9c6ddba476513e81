// `tfe-access emulator`: run the local emulator of the team-access API until SIGINT/SIGTERM
// (docs/emulator.md, "The emulator"). The first stdout line names the URL; the token is never printed.
import { isLoopback } from '../../api/address.js';
import { isProfileName, PROFILE_NAMES } from '../../emulator/profile.js';
import { DEFAULT_RATE_LIMIT } from '../../emulator/rate-limit.js';
import { loadSeedFile } from '../../emulator/seed-file.js';
import { DEFAULT_ADMIN_TOKEN, DEFAULT_HOST, startEmulator } from '../../emulator/start.js';
import type { EmulatorOptions, FaultOptions, RequestRecord } from '../../emulator/types.js';
import { CLIError, EXIT, messageOf } from '../../errors.js';
import { boolFlag, intFlag, numberFlag, type Parsed, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import type { IO } from '../io.js';

const MAX_PORT = 65535;
// --fault-rate P is shared equally by the three transient faults; the specific flags override it.
const FAULT_KINDS_OF_FAULT_RATE = 3;

const help = `Usage: tfe-access emulator [options]

Runs a local emulator of the HCP Terraform / Terraform Enterprise team-access API (team-projects,
team-workspaces, and the organization, team, project, workspace and token endpoints) until Ctrl-C
(SIGINT) or SIGTERM. The first line on stdout is \`tfe-access emulator listening on http://HOST:PORT\`;
the API is under /api/v2 there. The token is never printed.

Options:
  --host HOST            address to listen on (default ${DEFAULT_HOST}); one that is not loopback
                         only with --token, as the default token is public
  --port N               port; 0 picks a free one, read it from the first line (default 0)
  --token T              the admin token: owner of every organization, the only one that may create
                         organizations (default ${DEFAULT_ADMIN_TOKEN}, public: see docs/emulator.md)
  --seed FILE            YAML or JSON seed: organizations, teams, tokens, projects, workspaces, grants
  --profile P            seed: answer exactly as the seed document says (default, unless the seed
                         file says \`profile: current\`); current: as the service does today (the
                         newer permissions, 201 on create, the pagination envelope on every list,
                         GET /api/v2/ping, version and X-RateLimit-Limit headers)
  --rate-limit N         requests per second per identity before 429, 0 for none (default ${DEFAULT_RATE_LIMIT});
                         the current profile announces it in X-RateLimit-Limit
  --latency-ms N         latency added to every answer, in milliseconds (default 0)
  --jitter-ms N          plus a random 0..N milliseconds (default 0)
  --fault-rate P         share of requests (0..1) that fail, split equally between 500/502/503
                         answers, 429 bursts and dropped connections (default 0)
  --error-rate P         share answered 500/502/503 (overrides the share of --fault-rate)
  --burst-rate P         share that start a burst of 429s (overrides it too)
  --drop-rate P          share whose connection is dropped mid-answer (overrides it too)
  --lost-answer-rate P   share of writes applied, then their connection dropped (default 0)
  --random-seed N        seed of every random decision: the same seed gives the same faults (default 1)
  --log-requests         one line on stderr per request answered: METHOD PATH[?QUERY] STATUS [FAULT]
                         (status 0: the connection was dropped); never a token
  -h, --help             this help

Exit codes: 0 stopped by SIGINT or SIGTERM, 1 error (a bad flag or seed file, an address it
cannot listen on).
`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  token: { type: 'string' },
  seed: { type: 'string' },
  profile: { type: 'string' },
  'rate-limit': { type: 'string' },
  'latency-ms': { type: 'string' },
  'jitter-ms': { type: 'string' },
  'fault-rate': { type: 'string' },
  'error-rate': { type: 'string' },
  'burst-rate': { type: 'string' },
  'drop-rate': { type: 'string' },
  'lost-answer-rate': { type: 'string' },
  'random-seed': { type: 'string' },
  'log-requests': { type: 'boolean' },
} as const;

function faultsOf(parsed: Parsed): FaultOptions {
  const share = numberFlag(parsed, 'fault-rate', 0, 0, 1) / FAULT_KINDS_OF_FAULT_RATE;
  return {
    errorRate: numberFlag(parsed, 'error-rate', share, 0, 1),
    rateLimitBurstRate: numberFlag(parsed, 'burst-rate', share, 0, 1),
    dropRate: numberFlag(parsed, 'drop-rate', share, 0, 1),
    lostAnswerRate: numberFlag(parsed, 'lost-answer-rate', 0, 0, 1),
    latencyMs: numberFlag(parsed, 'latency-ms', 0),
    jitterMs: numberFlag(parsed, 'jitter-ms', 0),
  };
}

/** `--log-requests`: what a test or a curious user reads to see what the emulator did. */
function logLine(record: RequestRecord): string {
  return `${record.method} ${record.path}${record.query ? `?${record.query}` : ''} ${record.status}${record.fault ? ` ${record.fault}` : ''}\n`;
}

/**
 * The default admin token is printed in docs/emulator.md and the help: on an address others can reach,
 * anyone could use it. Loopback as api/address.ts defines it (127.0.0.0/8, ::1, localhost).
 */
function checkHost(host: string, token: string | undefined): void {
  if (token !== undefined || isLoopback(host)) return;
  throw new CLIError(
    `refusing to listen on ${host} with the default admin token, which is public: give --token with a secret of your own, or listen on loopback (--host ${DEFAULT_HOST}).`,
  );
}

function optionsOf(parsed: Parsed, io: IO): EmulatorOptions {
  const token = stringFlag(parsed, 'token');
  if (token !== undefined && token.trim() === '') throw new CLIError('--token must not be empty.');
  const host = stringFlag(parsed, 'host') ?? DEFAULT_HOST;
  checkHost(host, token);
  const port = intFlag(parsed, 'port', 0);
  if (port > MAX_PORT) throw new CLIError(`--port must be at most ${MAX_PORT}, got "${port}".`);
  const seedFile = stringFlag(parsed, 'seed');
  const profile = stringFlag(parsed, 'profile');
  if (profile !== undefined && !isProfileName(profile)) throw new CLIError(`--profile must be one of ${PROFILE_NAMES.join(', ')}, got "${profile}".`);
  return {
    ...(profile === undefined ? {} : { profile }),
    host,
    port,
    adminToken: token ?? DEFAULT_ADMIN_TOKEN,
    seed: seedFile === undefined ? undefined : loadSeedFile(seedFile),
    rateLimit: intFlag(parsed, 'rate-limit', DEFAULT_RATE_LIMIT),
    randomSeed: intFlag(parsed, 'random-seed', 1),
    faults: faultsOf(parsed),
    ...(boolFlag(parsed, 'log-requests') ? { onRequest: (record: RequestRecord) => io.stderr.write(logLine(record)) } : {}),
  };
}

function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(signal);
    };
    const onInt = stop('SIGINT');
    const onTerm = stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}

const command: Command = {
  help,
  options: OPTIONS,
  async run(parsed, io) {
    const options = optionsOf(parsed, io);
    const emulator = await startEmulator(options).catch((error: unknown) => {
      if (error instanceof CLIError) throw error;
      throw new CLIError(`cannot listen on ${options.host}:${options.port}: ${messageOf(error)}`);
    });
    // Handlers first: whoever reads the first line may signal at once.
    const stopped = untilStopped();
    io.stdout.write(`tfe-access emulator listening on ${emulator.url}\n`);
    io.stderr.write(`API under /api/v2, profile ${emulator.profile}. Stop with Ctrl-C.\n`);
    const signal = await stopped;
    await emulator.stop();
    io.stderr.write(`tfe-access emulator: stopped (${signal}), ${emulator.counters().total} requests served.\n`);
    return EXIT.ok;
  },
};
export default command;
