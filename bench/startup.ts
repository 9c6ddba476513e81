// Start-up (issue 18, "Start at once"): `tfe-access validate examples/acme` and `tfe-access --help`,
// each beside a bare `node -e 0` in the same run, so the ratio holds whatever the machine's speed.
// Each round runs the three once, one after the other, so a change in the machine's load weighs on
// all three alike; one round first warms the file cache and is not counted; the figure of each is
// the median of ROUNDS rounds. Measured twice: with the Node variables of the bench's own
// environment (NODE_OPTIONS, NODE_EXTRA_CA_CERTS: what a user's shell passes, and what every Node
// process pays at start, `node -e 0` included), and with none. Writes `.bench/startup.json`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI_ENTRY } from './reconcile/cli-run.js';
import { machine } from './reconcile/report.js';
import { RESULTS_DIR } from './throughput.js';

// Eleven: on a shared machine a round in three or four is slowed by a neighbour; the median of
// eleven still lands between them.
export const ROUNDS = 11;

/** Wall time of each command at most this many times that of `node -e 0`. */
export const STARTUP_TARGET = { validate: 2.0, help: 1.3 } as const;

/** The package root: examples/acme is read relative to it, as a user in a checkout would. */
const ROOT = dirname(dirname(dirname(CLI_ENTRY)));

const COMMANDS = {
  node: ['-e', '0'],
  validate: [CLI_ENTRY, 'validate', 'examples/acme'],
  help: [CLI_ENTRY, '--help'],
} as const;

type Name = keyof typeof COMMANDS;

export interface StartupFigures {
  /** `shell`: with the Node variables of the bench's environment; `empty`: PATH and HOME only. */
  readonly environment: 'shell' | 'empty';
  /** The names (never the values) of the Node variables passed. */
  readonly nodeVariables: readonly string[];
  readonly rounds: number;
  /** Every counted run's wall time, ms, by command. */
  readonly runsMs: Readonly<Record<Name, readonly number[]>>;
  readonly medianMs: Readonly<Record<Name, number>>;
  readonly ratio: { readonly validate: number; readonly help: number };
  /** A command that did not exit 0, with its stderr: the figures are then meaningless. */
  readonly failures: readonly string[];
}

function timeOne(name: Name, env: NodeJS.ProcessEnv, failures: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, COMMANDS[name], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env });
  const ms = performance.now() - start;
  if (run.status !== 0) failures.push(`${name} exited ${run.status}: ${run.stderr.toString().trim()}`);
  return ms;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function measureStartup(environment: StartupFigures['environment'], rounds = ROUNDS): StartupFigures {
  // Only what start-up depends on: no token of the machine reaches the CLI.
  const nodeVariables =
    environment === 'shell'
      ? Object.keys(process.env)
          .filter((k) => k.startsWith('NODE_'))
          .sort()
      : [];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: ROOT, ...Object.fromEntries(nodeVariables.map((k) => [k, process.env[k]])) };
  const names = Object.keys(COMMANDS) as Name[];
  const runs: Record<Name, number[]> = { node: [], validate: [], help: [] };
  const failures: string[] = [];
  for (let round = 0; round <= rounds; round += 1) {
    for (const name of names) {
      const ms = timeOne(name, env, failures);
      if (round > 0) runs[name].push(ms);
    }
  }
  const medianMs = { node: median(runs.node), validate: median(runs.validate), help: median(runs.help) };
  const ratio = { validate: medianMs.validate / medianMs.node, help: medianMs.help / medianMs.node };
  return { environment, nodeVariables, rounds, runsMs: runs, medianMs, ratio, failures: [...new Set(failures)] };
}

const ms = (n: number): string => `${n.toFixed(0)} ms`;

/** The lines of one environment's figures, then each target PASS or MISS. */
export function startupLines(f: StartupFigures): string[] {
  const variables =
    f.environment === 'empty' ? 'no Node variables' : f.nodeVariables.length === 0 ? 'no Node variables set' : `with ${f.nodeVariables.join(', ')}`;
  const check = (name: 'validate' | 'help', what: string): string =>
    `    ${f.ratio[name] <= STARTUP_TARGET[name] ? 'PASS' : 'MISS'}  ${what} / node -e 0: ${f.ratio[name].toFixed(2)} (target <= ${STARTUP_TARGET[name].toFixed(1)})`;
  return [
    `  ${f.environment} environment (${variables}), median of ${f.rounds} rounds: node -e 0 ${ms(f.medianMs.node)}, validate examples/acme ${ms(f.medianMs.validate)}, --help ${ms(f.medianMs.help)}`,
    check('validate', 'validate examples/acme'),
    check('help', '--help'),
    ...f.failures.map((failure) => `    FAILED  ${failure}`),
  ];
}

/** `npm run bench -- --scenario startup` (and after each plan/apply scenario): 0 when every run exited 0, whatever the targets say. */
export function runStartup(): number {
  const before = machine();
  const figures = [measureStartup('shell'), measureStartup('empty')];
  const lines = [
    'bench startup: tfe-access validate examples/acme and --help beside node -e 0, in one run',
    `  machine: ${before.cpus} CPUs, node ${before.node}; load average ${before.loadAverage.join(' ')} at start, ${machine().loadAverage.join(' ')} at end`,
    ...figures.flatMap(startupLines),
  ];
  const record = { scenario: 'startup', machine: before, target: STARTUP_TARGET, environments: figures };
  process.stdout.write(`${lines.join('\n')}\nBENCH_JSON ${JSON.stringify(record)}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(`${RESULTS_DIR}/startup.json`, `${JSON.stringify(record, null, 2)}\n`);
  return figures.every((f) => f.failures.length === 0) ? 0 : 1;
}
