// The pure core alone on a generated organization held in memory, timed in CPU
// (process.cpuUsage), so neither the network nor a busy neighbour's share of the wall clock counts.
// Two calls are timed: `diff` (normalise + diff, the target) and `buildPlan` (diff plus
// warnings and checksum, what a plan run does). Each is timed cold in a fresh process, as the CLI
// runs it once per run, then warm (best of WARM_REPEATS).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Summary } from '../../core/plan.js';
import { diff } from '../../diff/diff.js';
import { buildPlan } from '../../diff/plan.js';
import { domainOf, generateOrganization, type Expected, type OrganizationSpec } from '../generate/index.js';

export const WARM_REPEATS = 3;
const NO_REMOVAL_LIMIT = Number.MAX_SAFE_INTEGER;
export const CORE_CALLS = ['diff', 'buildPlan'] as const;
export type CoreCall = (typeof CORE_CALLS)[number];

export interface CallFigures {
  readonly coldCpuMs: number;
  readonly warmCpuMs: number;
}

export interface CoreFigures {
  readonly grants: number;
  readonly diff: CallFigures;
  readonly buildPlan: CallFigures;
  /** The summary of the cold buildPlan, and what the generator counted. */
  readonly summary: Summary;
  readonly expected: Expected;
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Times `call` cold then warm on `spec`; call it once per process for a true cold figure. */
export function measureCall(spec: OrganizationSpec, call: CoreCall): { grants: number; figures: CallFigures; summary: Summary; expected: Expected } {
  const org = generateOrganization(spec);
  const { desired, live } = domainOf(org, NO_REMOVAL_LIMIT);
  let summary: Summary = { add: 0, update: 0, remove: 0 };
  const run = (): void => {
    if (call === 'buildPlan') summary = buildPlan(desired, live).summary;
    else void diff(desired, live);
  };
  const coldCpuMs = cpuMs(run);
  const warm = Array.from({ length: WARM_REPEATS }, () => cpuMs(run));
  return { grants: org.grants.length, figures: { coldCpuMs, warmCpuMs: Math.min(...warm) }, summary, expected: org.expected };
}

async function inChild(call: CoreCall): Promise<ReturnType<typeof measureCall>> {
  const script = fileURLToPath(new URL('./core-process.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script, call], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as ReturnType<typeof measureCall>;
}

/** Both calls, each in its own fresh process (core-process.js). */
export async function measureCore(): Promise<CoreFigures> {
  const diffRun = await inChild('diff');
  const planRun = await inChild('buildPlan');
  return { grants: planRun.grants, diff: diffRun.figures, buildPlan: planRun.figures, summary: planRun.summary, expected: planRun.expected };
}
