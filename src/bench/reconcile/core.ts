// The pure core alone: buildPlan (normalise, diff, warnings, checksum) on a generated organization
// held in memory, timed in CPU (process.cpuUsage), so neither the network nor a busy neighbour on
// a shared machine's wall clock counts. Cold = the first call, as the CLI makes it once per run.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Summary } from '../../core/plan.js';
import { diff } from '../../diff/diff.js';
import { buildPlan } from '../../diff/plan.js';
import { domainOf, generateOrganization, type Expected, type OrganizationSpec } from '../generate/index.js';

/** Warm calls after the cold one; the best of them shows the cost without JIT warm-up. */
export const WARM_REPEATS = 3;
const NO_REMOVAL_LIMIT = Number.MAX_SAFE_INTEGER;

export interface CoreFigures {
  readonly grants: number;
  readonly buildPlanColdCpuMs: number;
  readonly buildPlanWarmCpuMs: number;
  /** normalise + diff without warnings and checksum, warm. */
  readonly diffWarmCpuMs: number;
  readonly summary: Summary;
  readonly expected: Expected;
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export function measureCore(spec: OrganizationSpec): CoreFigures {
  const org = generateOrganization(spec);
  const { desired, live } = domainOf(org, NO_REMOVAL_LIMIT);
  let summary: Summary = { add: 0, update: 0, remove: 0 };
  const buildPlanColdCpuMs = cpuMs(() => {
    summary = buildPlan(desired, live).summary;
  });
  const warm: number[] = [];
  const diffs: number[] = [];
  for (let i = 0; i < WARM_REPEATS; i++) {
    warm.push(cpuMs(() => void buildPlan(desired, live)));
    diffs.push(cpuMs(() => void diff(desired, live)));
  }
  return {
    grants: org.grants.length,
    buildPlanColdCpuMs,
    buildPlanWarmCpuMs: Math.min(...warm),
    diffWarmCpuMs: Math.min(...diffs),
    summary,
    expected: org.expected,
  };
}

/** measureCore in a fresh process (core-process.js), so that its first call is really cold. */
export async function measureCoreInChild(): Promise<CoreFigures> {
  const script = fileURLToPath(new URL('./core-process.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as CoreFigures;
}
