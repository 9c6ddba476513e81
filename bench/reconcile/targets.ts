// The targets, each judged on one figure of a run. Reported, never asserted by a test: a
// wall-clock figure on a shared machine is a measurement, not a property of the code.
import type { CoreFigures } from './core.js';
import type { RequestModel } from './model.js';
import type { ApplyFigures, PlanFigures } from './phases.js';

export const TARGET = {
  /** Plan at R=30: within 10% of what the rate limit allows. */
  maxWallOverFloor: 1.1,
  maxRateLimited: 0,
  /** Request count at least this many times below the provider's per-grant model. */
  minProviderRatio: 4,
  /** normalise + diff of 100,000 grants, CPU. */
  maxCoreCpuMs: 500,
  /** Rate limit off, L=5 ms, concurrency 8. */
  minRequestsPerSecond: 400,
  maxPeakRssMiB: 300,
  /** Above this share of one core, the emulator may be what the run waits for. */
  maxEmulatorCpuShare: 0.5,
} as const;

export interface Check {
  readonly name: string;
  readonly value: number;
  readonly target: string;
  readonly ok: boolean;
}

export interface RunFigures {
  readonly rateLimited: boolean;
  /** Whether the targets are judged on this scenario (see ReconcileScenario.judged). */
  readonly judged: boolean;
  readonly plan: PlanFigures;
  readonly apply: ApplyFigures;
  readonly core: CoreFigures;
  readonly model: RequestModel;
}

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

export function checks(run: RunFigures): Check[] {
  const { plan, apply, core, model } = run;
  const out: Check[] = [];
  if (plan.wallOverFloor !== undefined) out.push({ name: 'plan wall / floor', value: round(plan.wallOverFloor), target: `<= ${TARGET.maxWallOverFloor}`, ok: plan.wallOverFloor <= TARGET.maxWallOverFloor });
  out.push({ name: 'plan 429s', value: plan.rateLimited, target: `<= ${TARGET.maxRateLimited}`, ok: plan.rateLimited <= TARGET.maxRateLimited });
  out.push({ name: 'plan requests', value: plan.requests, target: `<= ${model.bound} (W + P + pages + 10)`, ok: plan.requests <= model.bound });
  const ratio = model.provider / Math.max(plan.requests, 1);
  out.push({ name: 'provider model / plan requests', value: round(ratio, 2), target: `>= ${TARGET.minProviderRatio}`, ok: ratio >= TARGET.minProviderRatio });
  out.push({ name: `core normalise + diff CPU ms (${core.grants} grants, cold, median)`, value: round(core.diff.coldCpuMs, 1), target: `<= ${TARGET.maxCoreCpuMs}`, ok: core.diff.coldCpuMs <= TARGET.maxCoreCpuMs });
  out.push({ name: `core buildPlan CPU ms (${core.grants} grants, cold, median)`, value: round(core.buildPlan.coldCpuMs, 1), target: `<= ${TARGET.maxCoreCpuMs}`, ok: core.buildPlan.coldCpuMs <= TARGET.maxCoreCpuMs });
  if (!run.rateLimited) {
    out.push({ name: 'plan requests/s (whole CLI run)', value: round(plan.requestsPerSecond, 0), target: `>= ${TARGET.minRequestsPerSecond}`, ok: plan.requestsPerSecond >= TARGET.minRequestsPerSecond });
  }
  if (plan.maxRssKiB !== undefined) {
    const mib = plan.maxRssKiB / 1024;
    out.push({ name: 'plan peak RSS MiB', value: round(mib, 1), target: `<= ${TARGET.maxPeakRssMiB}`, ok: mib <= TARGET.maxPeakRssMiB });
  }
  for (const [phase, figures] of [['plan', plan], ['apply', apply]] as const) {
    out.push({ name: `${phase} emulator CPU share`, value: round(figures.emulatorCpuShare), target: `<= ${TARGET.maxEmulatorCpuShare}`, ok: figures.emulatorCpuShare <= TARGET.maxEmulatorCpuShare });
  }
  return out;
}
