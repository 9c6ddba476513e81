// The pure core alone on a generated organization held in memory, timed in CPU
// (process.cpuUsage), so neither the network nor a busy neighbour's share of the wall clock counts.
// Two calls are timed: `diff` (normalise + diff, the target) and `buildPlan` (diff plus
// warnings and checksum, what a plan run does). Each is timed cold in a fresh process, as the CLI
// runs it once per run, then warm (best of WARM_REPEATS). A cold figure swings by a third from run
// to run on a shared machine (JIT and GC threads compete for the cores), so the cold figure is the
// median of COLD_PROCESSES fresh processes.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Summary } from '../../src/core/plan.js';
import { diff } from '../../src/diff/diff.js';
import { buildPlan } from '../../src/diff/plan.js';
import { domainOf, type Expected, generateOrganization, type OrganizationSpec } from '../generate/index.js';

export const WARM_REPEATS = 3;
export const COLD_PROCESSES = 3;
const NO_REMOVAL_LIMIT = Number.MAX_SAFE_INTEGER;
export const CORE_CALLS = ['diff', 'buildPlan'] as const;
export type CoreCall = (typeof CORE_CALLS)[number];

export interface CallFigures {
  /** Median over the fresh processes (one figure inside one). */
  readonly coldCpuMs: number;
  readonly warmCpuMs: number;
  /** Every process's cold figure. */
  readonly coldRunsCpuMs?: readonly number[];
}

export interface CoreFigures {
  readonly grants: number;
  readonly diff: CallFigures;
  readonly buildPlan: CallFigures;
  /** The summary of the cold buildPlan, and what the generator counted. */
  readonly summary: Summary;
  /** The checksum of buildPlan's plan: a faster core must keep it (and every run gives the same). */
  readonly checksum: string;
  readonly expected: Expected;
}

/** A full collection, when the process was started with --expose-gc (core-process.js is). */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Times `call` cold then warm on `spec`; call it once per process for a true cold figure. */
export function measureCall(
  spec: OrganizationSpec,
  call: CoreCall,
): { grants: number; figures: CallFigures; summary: Summary; checksum: string; expected: Expected } {
  const org = generateOrganization(spec);
  const { desired, live } = domainOf(org, NO_REMOVAL_LIMIT);
  let summary: Summary = { add: 0, update: 0, remove: 0 };
  let checksum = '-';
  const run = (): void => {
    if (call !== 'buildPlan') return void diff(desired, live);
    ({ summary, checksum } = buildPlan(desired, live));
  };
  // The 100,000 grants were just built: without a full collection first, the cold call would pay
  // for promoting them (measured: +150 ms and twice the spread). In a plan run the live state is
  // built over seconds of requests, and is long promoted when the diff runs.
  collectGarbage();
  const coldCpuMs = cpuMs(run);
  const warm = Array.from({ length: WARM_REPEATS }, () => cpuMs(run));
  return { grants: org.grants.length, figures: { coldCpuMs, warmCpuMs: Math.min(...warm) }, summary, checksum, expected: org.expected };
}

async function inChild(call: CoreCall): Promise<ReturnType<typeof measureCall>> {
  const script = fileURLToPath(new URL('./core-process.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script, call], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as ReturnType<typeof measureCall>;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One call in COLD_PROCESSES fresh processes: the median cold figure, the best warm one. */
async function callFigures(call: CoreCall): Promise<ReturnType<typeof measureCall> & { coldRunsCpuMs: number[] }> {
  const runs: ReturnType<typeof measureCall>[] = [];
  for (let i = 0; i < COLD_PROCESSES; i++) runs.push(await inChild(call));
  const first = runs[0] as ReturnType<typeof measureCall>;
  const coldRunsCpuMs = runs.map((r) => r.figures.coldCpuMs);
  // One plan, one checksum: processes that disagreed would all be shown.
  const checksum = [...new Set(runs.map((r) => r.checksum))].join(' | ');
  return { ...first, checksum, figures: { coldCpuMs: median(coldRunsCpuMs), warmCpuMs: Math.min(...runs.map((r) => r.figures.warmCpuMs)) }, coldRunsCpuMs };
}

/** Both calls, each in fresh processes of its own (core-process.js). */
export async function measureCore(): Promise<CoreFigures> {
  const diffRun = await callFigures('diff');
  const planRun = await callFigures('buildPlan');
  return {
    grants: planRun.grants,
    diff: { ...diffRun.figures, coldRunsCpuMs: diffRun.coldRunsCpuMs },
    buildPlan: { ...planRun.figures, coldRunsCpuMs: planRun.coldRunsCpuMs },
    summary: planRun.summary,
    checksum: planRun.checksum,
    expected: planRun.expected,
  };
}
