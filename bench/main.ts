// `npm run bench [-- --scenario NAME]`: the plan/apply scenarios (small, the default,
// provider-2000, scale-10000; `--cpu-prof DIR` profiles the CLI's plan), each followed by the
// start-up figures (a few seconds), startup alone, apply-400 (the executor alone at 50 ms latency),
// members (reading the people of 200 teams and 1,000 people, issue 27), scoped-10000 (plans with
// --changed-from beside the full plan, issue 40), indirect-2000 (what reading indirect access
// costs, issue 42), recommend-200 (recommend's first read of 20,000 runs and a second with
// --usage-log, issue 41), or the emulator-throughput
// ones (emulator-small, emulator-large; `--duration-ms`, `--connections`). The emulator always runs
// in its own process. See docs/performance.md, "Performance".
import { parseArgs } from 'node:util';
import { runApplyLatency } from './apply-latency.js';
import { runIndirect } from './indirect.js';
import { runMembers } from './members.js';
import { runRecommend } from './recommend.js';
import { runReconcile } from './reconcile/run.js';
import { RECONCILE_SCENARIOS } from './reconcile/scenarios.js';
import { runScoped } from './reconcile/scoped.js';
import { THROUGHPUT_SCENARIOS } from './scenarios.js';
import { runStartup } from './startup.js';
import { DEFAULT_CONNECTIONS, DEFAULT_DURATION_MS, runThroughput } from './throughput.js';

const DEFAULT_SCENARIO = 'small';
/** The executor alone, 400 changes at 50 ms latency and concurrency 8. */
const APPLY_SCENARIO = 'apply-400';
/** validate and --help beside `node -e 0`. */
const STARTUP_SCENARIO = 'startup';
/** The requests to read the people of 200 teams and 1,000 people (issue 27). */
const MEMBERS_SCENARIO = 'members';
/** Four changes of the scale-10000 files planned with --changed-from beside the full plan (issue 40). */
const SCOPED_SCENARIO = 'scoped-10000';
/** What reading indirect access costs at provider-2000 (issue 42). */
const INDIRECT_SCENARIO = 'indirect-2000';
/** What recommend's reads cost: 20,000 runs over 90 days, then 100 more with --usage-log (issue 41). */
const RECOMMEND_SCENARIO = 'recommend-200';

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: 'string', default: DEFAULT_SCENARIO },
      'duration-ms': { type: 'string' },
      connections: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    strict: true,
  });
  const name = values.scenario ?? DEFAULT_SCENARIO;
  if (name === APPLY_SCENARIO) return runApplyLatency();
  if (name === STARTUP_SCENARIO) return runStartup();
  if (name === MEMBERS_SCENARIO) return runMembers();
  if (name === SCOPED_SCENARIO) return runScoped((line) => process.stderr.write(`${line}\n`));
  if (name === INDIRECT_SCENARIO) return runIndirect();
  if (name === RECOMMEND_SCENARIO) return runRecommend();
  const reconcile = RECONCILE_SCENARIOS[name];
  if (reconcile) {
    const code = await runReconcile(name, reconcile, (line) => process.stderr.write(`${line}\n`), values['cpu-prof']);
    return Math.max(code, runStartup());
  }
  const throughput = THROUGHPUT_SCENARIOS[name];
  if (throughput) {
    const connections = positive(values.connections, DEFAULT_CONNECTIONS, 'connections');
    return runThroughput(name, throughput(), connections, positive(values['duration-ms'], DEFAULT_DURATION_MS, 'duration-ms'));
  }
  const known = [
    ...Object.keys(RECONCILE_SCENARIOS),
    APPLY_SCENARIO,
    STARTUP_SCENARIO,
    MEMBERS_SCENARIO,
    SCOPED_SCENARIO,
    INDIRECT_SCENARIO,
    RECOMMEND_SCENARIO,
    ...Object.keys(THROUGHPUT_SCENARIOS),
  ];
  throw new Error(`unknown scenario "${name}" (known: ${known.join(', ')})`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
