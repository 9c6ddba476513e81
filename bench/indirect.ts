// `npm run bench -- --scenario indirect-2000` (issue 42): what reading indirect access costs. The
// provider-2000 organization (reconcile/scenarios.ts) with 50 variable sets, 20 agent pools (a
// third of the workspaces on agents) and 10% of the workspaces sharing their state (global), in the
// emulator's current profile, in its own process at R=30, L=20 ms: `report --no-indirect`, then
// `report` (the edges read by default, each cell's "reaches through" entries), each with its
// requests, wall and wall / floor (floor: requests / R). Writes `.bench/indirect.json`. docs/effective-access.md, "Indirect access".
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { IO } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import type { SeedDocument, SeedOrganization, SeedVarset } from '../src/emulator/types.js';
import { EmulatorProcess } from './emulator-control.js';
import { BENCH_TOKEN, generateOrganization, seedOf } from './generate/index.js';
import { seededRandom } from './generate/random.js';
import { RECONCILE_SCENARIOS } from './reconcile/scenarios.js';
import { RESULTS_DIR } from './throughput.js';

const VARSETS = 50;
const POOLS = 20;
const SHARING = 0.1;
const ON_AGENTS = 1 / 3;

/** provider-2000's seed in the current profile, with the sets, pools and sharing of the issue. */
function indirectSeed(): { seed: SeedDocument; organization: string; rateLimit: number; latencyMs: number; concurrency: number } {
  const scenario = RECONCILE_SCENARIOS['provider-2000'];
  if (!scenario) throw new Error('no provider-2000 scenario');
  const base = seedOf(generateOrganization(scenario.organization));
  const org = base.organizations[0] as SeedOrganization;
  const random = seededRandom(42);
  const workspaces = org.workspaces ?? [];
  const projects = org.projects ?? [];
  const pick = <T>(list: readonly T[]): T => list[random.below(list.length)] as T;
  const shaped = workspaces.map((w) => ({
    ...w,
    ...(random.next() < SHARING ? { 'global-remote-state': true } : {}),
    ...(random.next() < ON_AGENTS ? { 'execution-mode': 'agent' as const, 'agent-pool': `pool-${random.below(POOLS)}` } : {}),
  }));
  // 5 global sets; each other on one project and 10 workspaces.
  const varsets: SeedVarset[] = Array.from({ length: VARSETS }, (_, i) =>
    i < 5
      ? { name: `vs-${i}`, global: true }
      : { name: `vs-${i}`, projects: [pick(projects).name], workspaces: [...new Set(Array.from({ length: 10 }, () => pick(workspaces).name))] },
  );
  const pools = Array.from({ length: POOLS }, (_, i) => ({ name: `pool-${i}` }));
  const seed: SeedDocument = { profile: 'current', organizations: [{ ...org, workspaces: shaped, varsets, 'agent-pools': pools }] };
  return { seed, organization: org.name, rateLimit: scenario.rateLimit, latencyMs: scenario.latencyMs, concurrency: scenario.concurrency };
}

interface Phase {
  readonly requests: number;
  readonly wallMs: number;
  readonly floorMs: number;
  readonly code: number;
}

async function measure(emulator: EmulatorProcess, args: string[], env: Record<string, string>, rateLimit: number): Promise<Phase> {
  await emulator.resetLog();
  let err = '';
  const io: IO = { stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) }, env, isTTY: false, cwd: process.cwd() };
  const start = performance.now();
  const code = await main(args, io);
  const wallMs = performance.now() - start;
  if (code !== 0) throw new Error(`report ${args.join(' ')} exited ${code}: ${err}`);
  const requests = (await emulator.counters()).counters.total;
  return { requests, wallMs, floorMs: (requests / rateLimit) * 1000, code };
}

export async function runIndirect(): Promise<number> {
  const { seed, organization, rateLimit, latencyMs, concurrency } = indirectSeed();
  const emulator = await EmulatorProcess.start({ seed, rateLimit, faults: { latencyMs }, profile: 'current' });
  const env = { HOME: '/nonexistent', TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
  const common = ['--organization', organization, '--format', 'json', '--rate-limit', String(rateLimit), '--concurrency', String(concurrency)];
  try {
    const without = await measure(emulator, ['report', ...common, '--no-indirect'], env, rateLimit);
    const withEdges = await measure(emulator, ['report', ...common], env, rateLimit);
    const s = (ms: number): string => (ms / 1000).toFixed(1);
    const row = (name: string, p: Phase) =>
      `  ${name.padEnd(22)} ${String(p.requests).padStart(9)} ${s(p.wallMs).padStart(8)} ${s(p.floorMs).padStart(8)} ${(p.wallMs / p.floorMs).toFixed(2).padStart(10)}`;
    const lines = [
      `bench indirect-2000: provider-2000 with ${VARSETS} variable sets, ${POOLS} agent pools, ${SHARING * 100}% of workspaces sharing state; emulator current, R=${rateLimit}, L=${latencyMs} ms, concurrency ${concurrency}`,
      `  ${'phase'.padEnd(22)} ${'requests'.padStart(9)} ${'wall s'.padStart(8)} ${'floor s'.padStart(8)} ${'wall/floor'.padStart(10)}`,
      row('report --no-indirect', without),
      row('report', withEdges),
      `  the edges: ${withEdges.requests - without.requests} requests more`,
    ];
    const record = {
      scenario: 'indirect-2000',
      varsets: VARSETS,
      pools: POOLS,
      sharing: SHARING,
      rateLimit,
      latencyMs,
      concurrency,
      report: without,
      reportWithEdges: withEdges,
    };
    process.stdout.write(`${lines.join('\n')}\nBENCH_JSON ${JSON.stringify(record)}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(`${RESULTS_DIR}/indirect.json`, `${JSON.stringify(record, null, 2)}\n`);
    return 0;
  } finally {
    await emulator.stop();
  }
}
