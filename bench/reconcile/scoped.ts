// `npm run bench -- --scenario scoped-10000` (issue 40; docs/performance.md, "Scoped plans"): the
// scale-10000 organization at the service's rate limit, its files in a git repository, and four
// changes of them, each planned with `--changed-from HEAD` beside the full plan of the same files:
// a one-line grant change, a member added to one team, a role used on about 300 workspaces, a set's
// selector. Requests, wall time and the rate-limit floor of each; the limits checked.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmulatorProcess } from '../emulator-control.js';
import { desiredYaml, generateFor, seedOf } from '../generate/index.js';
import { RESULTS_DIR } from '../throughput.js';
import { measurePlan, type PlanFigures } from './phases.js';
import { machine } from './report.js';
import { RECONCILE_SCENARIOS, type ReconcileScenario } from './scenarios.js';

const BASE = RECONCILE_SCENARIOS['scale-10000'] as ReconcileScenario;
/** The service's announced rate limit (docs/api.md): what a scoped plan's figures are judged against. */
const RATE_LIMIT = 30;
const SCENARIO: ReconcileScenario = {
  ...BASE,
  description: `scale-10000 (10,000 workspaces, 500 teams) at R=${RATE_LIMIT}, L=5 ms, concurrency 8: four changes, each scoped beside the full plan`,
  rateLimit: RATE_LIMIT,
};
/** The workspaces the fan-out role is given on. */
const FANOUT = 300;
const PERSON = 'scoped-bench@example.com';
const NO_REMOVAL_LIMIT = 1_000_000;

interface Edit {
  readonly name: string;
  /** The limit on the scoped plan's requests, given how many targets the change touches. */
  readonly limit?: (touched: number) => number;
  /** Written and committed into the base first (a set makes every plan read the lists it matches from, so only the last edit has one). */
  readonly base?: (dir: string) => void;
  readonly apply: (dir: string) => void;
}

function rewrite(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(file, after);
}

/** The base files: the generated ones, a role given on FANOUT workspaces in place of bench-planner (the same vector), one team's members. */
function baseFiles(text: string): string {
  let left = FANOUT;
  const workspaces = text.indexOf('\nworkspaces:\n');
  const head = text.slice(0, workspaces).replace('  workspace:\n', '  workspace:\n    bench-fanout: { runs: plan, state-versions: read-outputs }\n');
  const tail = text.slice(workspaces).replace(/: bench-planner$/gm, (m) => (left-- > 0 ? ': bench-fanout' : m));
  return head + tail;
}

const EDITS: readonly Edit[] = [
  {
    name: 'one-line grant change',
    limit: () => 6,
    apply: (dir) =>
      rewrite(join(dir, 'tfe-access.yaml'), (t) => {
        const at = t.indexOf('\nworkspaces:\n');
        return (
          t.slice(0, at) +
          t.slice(at).replace(/^( {6}team-\d+): (\S+)$/m, (_, team: string, level: string) => `${team}: ${level === 'admin' ? 'read' : 'admin'}`)
        );
      }),
  },
  {
    name: 'member added to one team',
    limit: () => 6,
    apply: (dir) => rewrite(join(dir, 'teams.yaml'), (t) => t.replace('members: []', `members: [${PERSON}]`)),
  },
  {
    name: `role on ${FANOUT} workspaces changed`,
    limit: (touched) => touched + 10,
    apply: (dir) => rewrite(join(dir, 'tfe-access.yaml'), (t) => t.replace('bench-fanout: { runs: plan,', 'bench-fanout: { runs: apply,')),
  },
  {
    name: 'set selector changed',
    base: (dir) =>
      writeFileSync(
        join(dir, 'sets.yaml'),
        `organization: bench\nworkspace-sets:\n  bench-set:\n    match: { names: ["ws-1?"] }\n    teams:\n      team-0: read\n`,
      ),
    apply: (dir) => rewrite(join(dir, 'sets.yaml'), (t) => t.replace('names: ["ws-1?"]', 'names: ["ws-2?"]')),
  },
];

interface EditFigures {
  readonly name: string;
  readonly scoped: PlanFigures;
  readonly full: PlanFigures;
  readonly limit?: number;
}

const git = (dir: string, ...args: string[]): void => {
  execFileSync('git', ['-C', dir, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { stdio: 'ignore' });
};

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/**
 * The wall time after the first request (wall minus the process's start-up and file loading, which
 * the probe timed in the same run), and that over the floor: what the requests cost the plan.
 */
function afterLoading(f: PlanFigures): string {
  if (f.firstRequestMs === undefined) return '';
  const rest = f.wallMs - f.firstRequestMs;
  const over = f.floorMs === undefined ? '' : `, ${(rest / f.floorMs).toFixed(2)} of the floor`;
  return `; before the first request ${seconds(f.firstRequestMs)}, after it ${seconds(rest)}${over}`;
}

function line(f: PlanFigures): string {
  const floor = f.floorMs === undefined ? '-' : seconds(f.floorMs);
  const over = f.wallOverFloor === undefined ? '-' : f.wallOverFloor.toFixed(2);
  return `${String(f.requests).padStart(5)} requests, ${seconds(f.wallMs)} (floor ${floor}, wall/floor ${over}, HTTP ${seconds(f.httpMs)}${afterLoading(f)})`;
}

function report(figures: readonly EditFigures[]): string {
  const out = [`scoped-10000: ${SCENARIO.description}`, ''];
  for (const f of figures) {
    const c = f.scoped.changedFrom;
    const what = c?.scoped ? `scoped, ${c.targets.length} targets touched, ${c.targets_read} read` : `full plan: ${c?.reason ?? '?'}`;
    const verdict = f.limit === undefined ? '' : f.scoped.requests <= f.limit ? ` (limit ${f.limit}: met)` : ` (limit ${f.limit}: NOT met)`;
    out.push(`${f.name}: ${what}`, `  scoped ${line(f.scoped)}${verdict}`, `  full   ${line(f.full)}`);
  }
  return `${out.join('\n')}\n`;
}

/** Runs the scenario; 0 when every plan ran and every limit was met. */
export async function runScoped(log: (line: string) => void): Promise<number> {
  const before = machine();
  const org = generateFor(SCENARIO.organization);
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-scoped-'));
  const seed = seedOf(org);
  const first = seed.organizations[0];
  if (first) first.people = [{ email: PERSON }];
  const emulator = await EmulatorProcess.start({
    seed,
    rateLimit: SCENARIO.rateLimit,
    faults: { latencyMs: SCENARIO.latencyMs, jitterMs: 0 },
    profile: 'current',
  });
  try {
    writeFileSync(join(dir, 'tfe-access.yaml'), baseFiles(desiredYaml(org, NO_REMOVAL_LIMIT)));
    writeFileSync(join(dir, 'teams.yaml'), `organization: ${org.spec.organization}\nteams:\n  team-0:\n    members: []\n`);
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    const figures: EditFigures[] = [];
    for (const edit of EDITS) {
      if (edit.base) {
        edit.base(dir);
        git(dir, 'add', '-A');
        git(dir, 'commit', '-q', '-m', edit.name);
      }
      edit.apply(dir);
      log(`bench scoped-10000: ${edit.name}: planning with --changed-from HEAD, then the full plan`);
      const scoped = await measurePlan(emulator, SCENARIO, dir, { more: ['--changed-from', 'HEAD'] });
      const full = await measurePlan(emulator, SCENARIO, dir);
      if (scoped.exitCode !== 0 || full.exitCode !== 0) log(`plan failed:\n${scoped.stderr}${full.stderr}`);
      const touched = scoped.changedFrom?.targets.length ?? 0;
      figures.push({ name: edit.name, scoped, full, ...(edit.limit ? { limit: edit.limit(touched) } : {}) });
      git(dir, 'checkout', '-q', '--', '.');
    }
    process.stdout.write(report(figures));
    mkdirSync(RESULTS_DIR, { recursive: true });
    const strip = (p: PlanFigures) => ({ ...p, stderr: undefined });
    const record = { scenario: 'scoped-10000', before, after: machine(), edits: figures.map((f) => ({ ...f, scoped: strip(f.scoped), full: strip(f.full) })) };
    writeFileSync(join(RESULTS_DIR, 'scoped-10000.json'), `${JSON.stringify(record, null, 2)}\n`);
    const ran = figures.every((f) => f.scoped.exitCode === 0 && f.full.exitCode === 0);
    return ran && figures.every((f) => f.limit === undefined || f.scoped.requests <= f.limit) ? 0 : 1;
  } finally {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
