// `npm run bench -- --scenario recommend-200` (issue 41): what `recommend` costs. 200 workspaces
// (10 projects), 40 teams (admin on 5 workspaces each), 80 people, 20,000 runs over 90 days set up
// through `POST /emulator/organizations/:org/runs`; the emulator in its own process, the runs
// index's limit raised from 30 to 150 a minute on both sides to keep the run short (the ratio is
// what counts). The first read, then, after 100 new runs, a second read with `--usage-log`: each
// with its requests (the runs index's pages apart from the rest, by path), its wall and the runs
// index's floor (the pages past the first bucket at the limit). Writes `.bench/recommend.json`;
// exits 1 when the runs index took more requests than pages (a 429) or the second read more than
// 3 of them. docs/performance.md, "recommend".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DAY_MS } from '../src/core/expiry.js';
import { DEFAULT_ADMIN_TOKEN } from '../src/emulator/start.js';
import type { SeedDocument } from '../src/emulator/types.js';
import { recommendAccess } from '../src/pipeline/use-cases/recommend.js';
import { EmulatorProcess } from './emulator-control.js';
import { BENCH_TOKEN } from './generate/seed.js';
import { RESULTS_DIR } from './throughput.js';

const ORG = 'bench';
const WORKSPACES = 200;
const PROJECTS = 10;
const TEAMS = 40;
const PEOPLE = 80;
const RUNS = 20_000;
const NEW_RUNS = 100;
const WINDOW_DAYS = 90;
/** The runs index's limit for the bench, a minute (the service's is 30). */
const RUNS_PER_MINUTE = 150;
/** The service's general limit, a second (docs/api.md). */
const RATE_LIMIT = 30;
const CONCURRENCY = 8;
const RUNS_PATH = `GET /api/v2/organizations/${ORG}/runs`;

function seed(): SeedDocument {
  const teams = [{ name: 'owners' }, ...Array.from({ length: TEAMS }, (_, i) => ({ name: `team-${i}` }))];
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({ name: `project-${i}` }));
  const workspaces = Array.from({ length: WORKSPACES }, (_, i) => ({ name: `ws-${i}`, project: `project-${i % PROJECTS}` }));
  const grants = Array.from({ length: WORKSPACES }, (_, w) => ({ team: `team-${Math.floor(w / 5)}`, workspace: `ws-${w}`, access: 'admin' }));
  const people = Array.from({ length: PEOPLE }, (_, p) => ({ email: `p${p}@bench.test`, username: `p${p}`, teams: [`team-${p % TEAMS}`] }));
  return { profile: 'current', organizations: [{ name: ORG, token: BENCH_TOKEN, teams, projects, workspaces, 'team-workspaces': grants, people }] };
}

/** Run `i` of `count`, made `ageMs` ago: on workspace i mod 200, by a person of the team granted there; every tenth by the team's token, applied. */
function run(i: number, ageMs: number): Record<string, unknown> {
  const w = i % WORKSPACES;
  const team = Math.floor(w / 5);
  const createdAt = new Date(Date.now() - ageMs).toISOString();
  if (i % 10 === 0) return { workspace: `ws-${w}`, 'created-by': `team:team-${team}`, 'created-at': createdAt, 'auto-apply': true };
  return { workspace: `ws-${w}`, 'created-by': `p${team + TEAMS * (i % 2)}`, 'created-at': createdAt, 'plan-only': true };
}

async function addRuns(url: string, runs: readonly Record<string, unknown>[]): Promise<void> {
  for (let at = 0; at < runs.length; at += 2000) {
    const res = await fetch(`${url}/api/v2/emulator/organizations/${ORG}/runs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ runs: runs.slice(at, at + 2000) }),
    });
    if (res.status !== 201) throw new Error(`setting up runs answered ${res.status}: ${await res.text()}`);
  }
}

interface Phase {
  readonly requests: number;
  readonly runsIndex: number;
  readonly pages: number;
  readonly others: Record<string, number>;
  readonly wallMs: number;
  /** When the runs index's last page was in (the rest: the rule over the runs, the log written). */
  readonly runsIndexMs: number;
  readonly floorMs: number;
  readonly proposals: number;
  readonly rateLimited: number;
}

async function measure(emulator: EmulatorProcess, usageLog: string): Promise<Phase> {
  await emulator.resetLog();
  const start = performance.now();
  let lastPageMs = 0;
  const recommendation = await recommendAccess({
    paths: [],
    cwd: process.cwd(),
    connection: { env: { HOME: '/nonexistent', TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url }, rateLimit: RATE_LIMIT, concurrency: CONCURRENCY },
    read: { concurrency: CONCURRENCY },
    organization: ORG,
    windowDays: WINDOW_DAYS,
    custom: false,
    runsPerMinute: RUNS_PER_MINUTE,
    onRunsPage: () => {
      lastPageMs = performance.now() - start;
    },
    usageLog,
  });
  const wallMs = performance.now() - start;
  const { counters, byPath } = await emulator.counters();
  const pages = recommendation.sources.runsIndex.pages;
  const others = Object.fromEntries(Object.entries(byPath).filter(([path]) => !path.startsWith(RUNS_PATH)));
  // The floor: the pages past the first bucket, at the limit.
  const floorMs = (Math.max(0, pages - RUNS_PER_MINUTE) / RUNS_PER_MINUTE) * 60_000;
  return {
    requests: counters.total,
    runsIndex: (byPath[RUNS_PATH] ?? 0) + (byPath[`${RUNS_PATH} 429`] ?? 0),
    pages,
    others,
    wallMs,
    runsIndexMs: lastPageMs,
    floorMs,
    proposals: recommendation.proposals.length,
    rateLimited: counters.rateLimited,
  };
}

function lines(first: Phase, second: Phase): string[] {
  const s = (ms: number): string => (ms / 1000).toFixed(1);
  const row = (name: string, p: Phase) =>
    `  ${name.padEnd(14)} ${String(p.requests).padStart(8)} ${String(p.pages).padStart(6)} ${String(p.runsIndex).padStart(10)} ${s(p.wallMs).padStart(7)} ${s(p.floorMs).padStart(8)} ${(p.floorMs > 0 ? (p.wallMs / p.floorMs).toFixed(2) : '-').padStart(10)}`;
  const others = Object.entries(first.others)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, n]) => `    ${String(n).padStart(4)} ${path}`);
  return [
    `bench recommend-200: ${WORKSPACES} workspaces, ${TEAMS} teams, ${PEOPLE} people, ${RUNS} runs over ${WINDOW_DAYS} days; runs index at ${RUNS_PER_MINUTE} a minute, R=${RATE_LIMIT}, concurrency ${CONCURRENCY}`,
    `  ${'read'.padEnd(14)} ${'requests'.padStart(8)} ${'pages'.padStart(6)} ${'runs index'.padStart(10)} ${'wall s'.padStart(7)} ${'floor s'.padStart(8)} ${'wall/floor'.padStart(10)}`,
    row('first', first),
    row(`+${NEW_RUNS} runs, log`, second),
    `  the first read's last page of the runs index at ${s(first.runsIndexMs)} s; 429 answers: ${first.rateLimited}, then ${second.rateLimited}`,
    `  the first read's other requests (${first.requests - first.runsIndex}):`,
    ...others,
  ];
}

export async function runRecommend(): Promise<number> {
  const emulator = await EmulatorProcess.start({ seed: seed(), rateLimit: RATE_LIMIT, runsRateLimit: RUNS_PER_MINUTE, faults: {}, profile: 'current' });
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-recommend-'));
  try {
    const span = (WINDOW_DAYS - 1) * DAY_MS;
    await addRuns(
      emulator.url,
      Array.from({ length: RUNS }, (_, i) => run(i, DAY_MS / 2 + (i / RUNS) * span)),
    );
    const log = join(dir, 'usage.jsonl');
    const first = await measure(emulator, log);
    await addRuns(
      emulator.url,
      Array.from({ length: NEW_RUNS }, (_, i) => run(i, 1000 * (i + 1))),
    );
    const second = await measure(emulator, log);
    const record = {
      scenario: 'recommend-200',
      workspaces: WORKSPACES,
      teams: TEAMS,
      people: PEOPLE,
      runs: RUNS,
      runsPerMinute: RUNS_PER_MINUTE,
      first,
      second,
    };
    process.stdout.write(`${lines(first, second).join('\n')}\nBENCH_JSON ${JSON.stringify(record)}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(`${RESULTS_DIR}/recommend.json`, `${JSON.stringify(record, null, 2)}\n`);
    return first.runsIndex > first.pages || second.runsIndex > 3 || first.rateLimited + second.rateLimited > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  }
}
