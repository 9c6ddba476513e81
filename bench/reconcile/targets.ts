// The issues' targets, each judged on one figure of a run. Reported, never asserted by a test: a
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
  /** buildPlan (diff, warnings, checksum) of the same, CPU, cold (issue 25, "Start-up"). */
  maxBuildPlanCpuMs: 400,
  /** Rate limit off, L=5 ms, concurrency 8. */
  minRequestsPerSecond: 400,
  maxPeakRssMiB: 300,
  /** Above this share of one core, the emulator may be what the run waits for. */
  maxEmulatorCpuShare: 0.5,
} as const;

export interface Check {
  readonly name: string;
  readonly value: number | string;
  readonly target: string;
  readonly ok: boolean;
}

export interface RunFigures {
  readonly rateLimited: boolean;
  /** Whether the targets are judged on this scenario (see ReconcileScenario.judged). */
  readonly judged: boolean;
  /** Emulator `current`, `--read-by auto`: the workspaces read by team where it pays (docs/connecting.md, "Reading by team"). */
  readonly plan: PlanFigures;
  /** Emulator `current`, `--read-by target`: one list per target, as before issue 18. */
  readonly planByTarget: PlanFigures;
  /** Emulator `seed`, `--read-by auto`: the probe is refused, the read goes back to targets. Absent when the organization needs the current profile (sets matching key-value tags). */
  readonly planSeed?: PlanFigures;
  /** Emulator `current`, `--read-by auto`, the same files and a `teams:` section naming every team, changing none (issue 26). */
  readonly planWithTeams?: PlanFigures & { readonly teamsManaged: number };
  readonly apply: ApplyFigures;
  readonly core: CoreFigures;
  readonly model: RequestModel;
  /** Issue 18's bound of a plan read by team, when the scenario has one. */
  readonly maxRequestsByTeam?: number;
}

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/** A plan's pace at the rate limit: wall / floor and 429s. */
function paceChecks(label: string, plan: PlanFigures): Check[] {
  const out: Check[] = [];
  if (plan.wallOverFloor !== undefined)
    out.push({
      name: `${label} wall / floor`,
      value: round(plan.wallOverFloor),
      target: `<= ${TARGET.maxWallOverFloor}`,
      ok: plan.wallOverFloor <= TARGET.maxWallOverFloor,
    });
  out.push({ name: `${label} 429s`, value: plan.rateLimited, target: `<= ${TARGET.maxRateLimited}`, ok: plan.rateLimited <= TARGET.maxRateLimited });
  return out;
}

/** Issue 18: read by team where it pays, the same plan every way, one probe more against the seed profile. */
function readChecks(run: RunFigures): Check[] {
  const { plan, planByTarget, planSeed, model } = run;
  const strategy = plan.read?.strategy ?? 'none';
  const out: Check[] = [{ name: 'plan read', value: strategy, target: 'by-team', ok: strategy === 'by-team' }];
  const bound = Math.min(model.byTeamBound, run.maxRequestsByTeam ?? Infinity);
  out.push({
    name: 'plan requests, read by team',
    value: plan.requests,
    target: `<= ${bound}${run.maxRequestsByTeam ? ' (issue 18)' : " (the projects, the probe, a page per 100 of each team's grants, names + 10)"}`,
    ok: plan.requests <= bound,
  });
  const same =
    plan.checksum !== undefined &&
    plan.checksum === planByTarget.checksum &&
    plan.changes !== undefined &&
    plan.changes === planByTarget.changes &&
    (!planSeed || plan.changes === planSeed.changes);
  out.push({ name: `the same plan by team, by target${planSeed ? ' and against seed' : ''}`, value: same ? 'yes' : 'no', target: 'yes', ok: same });
  const { planWithTeams } = run;
  if (planWithTeams) {
    const same = planWithTeams.requests === plan.requests && planWithTeams.changes === plan.changes && planWithTeams.exitCode === 0;
    out.push({
      name: `requests and changes of the plan with ${planWithTeams.teamsManaged} teams managed`,
      value: `${planWithTeams.requests}${planWithTeams.changes === plan.changes ? '' : ', other changes'}`,
      target: `${plan.requests} (the plan's)`,
      ok: same,
    });
  }
  if (planSeed)
    out.push({
      name: 'seed requests',
      value: planSeed.requests,
      target: `<= ${planByTarget.requests + 1} (by target + the probe)`,
      ok: planSeed.requests <= planByTarget.requests + 1,
    });
  return out;
}

export function checks(run: RunFigures): Check[] {
  const { plan, planByTarget, apply, core, model } = run;
  const out: Check[] = [...paceChecks('plan', plan), ...readChecks(run), ...paceChecks('target', planByTarget)];
  out.push({
    name: 'target requests',
    value: planByTarget.requests,
    target: `<= ${model.bound} (W + P + pages + 10)`,
    ok: planByTarget.requests <= model.bound,
  });
  const ratio = model.provider / Math.max(planByTarget.requests, 1);
  out.push({ name: 'provider model / target requests', value: round(ratio, 2), target: `>= ${TARGET.minProviderRatio}`, ok: ratio >= TARGET.minProviderRatio });
  out.push({
    name: `core normalise + diff CPU ms (${core.grants} grants, cold, median)`,
    value: round(core.diff.coldCpuMs, 1),
    target: `<= ${TARGET.maxCoreCpuMs}`,
    ok: core.diff.coldCpuMs <= TARGET.maxCoreCpuMs,
  });
  out.push({
    name: `core buildPlan CPU ms (${core.grants} grants, cold, median)`,
    value: round(core.buildPlan.coldCpuMs, 1),
    target: `<= ${TARGET.maxBuildPlanCpuMs}`,
    ok: core.buildPlan.coldCpuMs <= TARGET.maxBuildPlanCpuMs,
  });
  if (!run.rateLimited) {
    out.push({
      name: 'target requests/s (whole CLI run)',
      value: round(planByTarget.requestsPerSecond, 0),
      target: `>= ${TARGET.minRequestsPerSecond}`,
      ok: planByTarget.requestsPerSecond >= TARGET.minRequestsPerSecond,
    });
  }
  for (const [label, figures] of [
    ['plan', plan],
    ['target', planByTarget],
  ] as const) {
    if (figures.maxRssKiB === undefined) continue;
    const mib = figures.maxRssKiB / 1024;
    out.push({ name: `${label} peak RSS MiB`, value: round(mib, 1), target: `<= ${TARGET.maxPeakRssMiB}`, ok: mib <= TARGET.maxPeakRssMiB });
  }
  for (const [phase, figures] of [
    ['plan', plan],
    ['target', planByTarget],
    ['apply', apply],
  ] as const) {
    out.push({
      name: `${phase} emulator CPU share`,
      value: round(figures.emulatorCpuShare),
      target: `<= ${TARGET.maxEmulatorCpuShare}`,
      ok: figures.emulatorCpuShare <= TARGET.maxEmulatorCpuShare,
    });
  }
  return out;
}
