// `tfe-access emulator`: run the local emulator of the team-access API until SIGINT/SIGTERM
// (README, "The emulator"). The first stdout line names the URL; the token is never printed.
import { CLIError, EXIT, messageOf } from '../../errors.js';
import { DEFAULT_ADMIN_TOKEN, DEFAULT_HOST, startEmulator } from '../../emulator/start.js';
import { DEFAULT_RATE_LIMIT } from '../../emulator/rate-limit.js';
import { loadSeedFile } from '../../emulator/seed-file.js';
import { isProfileName, PROFILE_NAMES } from '../../emulator/profile.js';
import type { EmulatorOptions, FaultOptions, RequestRecord } from '../../emulator/types.js';
import { boolFlag, intFlag, numberFlag, stringFlag, type Parsed } from '../args.js';
import type { IO } from '../io.js';
import type { Command } from '../command.js';

const MAX_PORT = 65535;
// --fault-rate P is shared equally by the three transient faults; the specific flags override it.
const FAULT_KINDS_OF_FAULT_RATE = 3;

const help = `Usage: tfe-access emulator [options]

Run a local emulator of the HCP Terraform / Terraform Enterprise team-access API (team-projects,
team-workspaces and the organization, team, project, workspace and token endpoints) until stopped
with Ctrl-C (SIGINT) or SIGTERM. The first line on stdout is
  tfe-access emulator listening on http://HOST:PORT
and the API is under http://HOST:PORT/api/v2.

Options:
  --host HOST              Address to listen on (default ${DEFAULT_HOST}).
  --port N                 Port to listen on; 0 picks a free one (default 0).
  --token T                The admin token: owner of every organization, may create organizations
                           (default: tfe-access-emulator-admin, see the README).
  --seed FILE              YAML or JSON seed: organizations, teams, tokens, projects, workspaces, grants.
  --profile P              seed: answer exactly as the seed document says (default, unless the seed
                           file says \`profile: current\`); current: as the service does today (the newer
                           permissions, 201 on create, the pagination envelope on every list,
                           GET /api/v2/ping, version and X-RateLimit-Limit headers).
  --rate-limit N           Requests per second per identity before 429 (default ${DEFAULT_RATE_LIMIT}, 0 = off);
                           the current profile announces it in X-RateLimit-Limit.
  --latency-ms N           Latency added to every answer, in milliseconds (default 0).
  --jitter-ms N            Plus a random 0..N milliseconds (default 0).
  --fault-rate P           Share of requests (0..1) that fail, split equally between 500/502/503
                           answers, 429 bursts and dropped connections (default 0).
  --error-rate P           Share answered 500/502/503 (overrides the share from --fault-rate).
  --burst-rate P           Share that start a burst of 429s (overrides).
  --drop-rate P            Share whose connection is dropped mid-response (overrides).
  --lost-answer-rate P     Share of writes that are applied, then their connection dropped (default 0).
  --random-seed N          Seed of every random decision: the same seed gives the same faults.
  --log-requests           One line on stderr per request answered: METHOD PATH[?QUERY] STATUS
                           [FAULT] (status 0: the connection was dropped). Never a token.
  -h, --help               This text.
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

function optionsOf(parsed: Parsed, io: IO): EmulatorOptions {
  const token = stringFlag(parsed, 'token');
  if (token !== undefined && token.trim() === '') throw new CLIError('--token must not be empty.');
  const port = intFlag(parsed, 'port', 0);
  if (port > MAX_PORT) throw new CLIError(`--port must be at most ${MAX_PORT}, got "${port}".`);
  const seedFile = stringFlag(parsed, 'seed');
  const profile = stringFlag(parsed, 'profile');
  if (profile !== undefined && !isProfileName(profile)) throw new CLIError(`--profile must be one of ${PROFILE_NAMES.join(', ')}, got "${profile}".`);
  return {
    ...(profile === undefined ? {} : { profile }),
    host: stringFlag(parsed, 'host') ?? DEFAULT_HOST,
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
