// The printed result of a plan/apply scenario: a table of the phases, the targets, and one JSON
// line (prefixed `BENCH_JSON `) that scripts and docs/performance.md take their figures from.
import { cpus, loadavg, totalmem } from 'node:os';
import type { CallFigures } from './core.js';
import type { PhaseFigures, PlanFigures } from './phases.js';
import { type Check, checks, type RunFigures } from './targets.js';

export interface Machine {
  readonly cpus: number;
  readonly memoryGiB: number;
  readonly node: string;
  /** 1, 5 and 15 minute load averages. */
  readonly loadAverage: readonly number[];
}

export function machine(): Machine {
  return { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, loadAverage: loadavg().map((n) => Number(n.toFixed(2))) };
}

/** The record without the plans' stderr (the figures say what matters). */
export function withoutStderr(run: RunFigures): Record<string, unknown> {
  const strip = (p: PlanFigures) => ({ ...p, stderr: undefined });
  return {
    ...run,
    plan: strip(run.plan),
    planByTarget: strip(run.planByTarget),
    ...(run.planSeed ? { planSeed: strip(run.planSeed) } : {}),
    ...(run.planWithTeams ? { planWithTeams: { ...strip(run.planWithTeams), teamsManaged: run.planWithTeams.teamsManaged } } : {}),
  };
}

const runsOf = (c: CallFigures): string => (c.coldRunsCpuMs ?? [c.coldCpuMs]).map((n) => n.toFixed(0)).join(', ');

const s = (ms: number | undefined): string => (ms === undefined ? '-' : (ms / 1000).toFixed(2));

function row(name: string, f: PhaseFigures): string {
  const cells = [
    name,
    s(f.wallMs),
    String(f.requests),
    String(f.rateLimited),
    s(f.floorMs),
    f.wallOverFloor?.toFixed(3) ?? '-',
    f.requestsPerSecond.toFixed(0),
    s(f.httpMs),
    `${(f.emulatorCpuShare * 100).toFixed(0)}%`,
  ];
  return cells.map((c, i) => (i === 0 ? c.padEnd(6) : c.padStart(10))).join(' ');
}

const checkLine = (c: Check, judged: boolean): string => `  ${judged ? (c.ok ? 'PASS' : 'MISS') : 'info'}  ${c.name}: ${c.value} (target ${c.target})`;

/** How a plan read its grants, from its JSON (docs/connecting.md, "Reading by team"). */
function readLine(label: string, p: PlanFigures): string {
  const read = p.read;
  if (!read) return `  ${label}: exit ${p.exitCode}, no read in the plan`;
  const fallback = read.fallback === null ? '' : `; fell back: ${read.fallback}`;
  return `  ${label}: read ${read.strategy}, ${read.requests} grant requests (estimated by target ${read.estimate.by_target}, by team ${read.estimate.by_team ?? '-'})${fallback}; exit ${p.exitCode}, summary ${JSON.stringify(p.summary ?? null)}, peak RSS ${p.maxRssKiB === undefined ? '-' : (p.maxRssKiB / 1024).toFixed(1)} MiB`;
}

/** What a plan decided, to compare across branches and runs: its checksum, and the digest of its changes' actions (phases.ts). */
const decidedLine = (label: string, p: PlanFigures): string => `  ${label}: ${p.requests} requests, checksum ${p.checksum ?? '-'}, changes ${p.changes ?? '-'}`;

export function report(name: string, description: string, run: RunFigures, before: Machine, after: Machine): string {
  const { plan, planByTarget, planSeed, apply, core, model } = run;
  const header = ['phase', 'wall s', 'requests', '429s', 'floor s', 'wall/floor', 'req/s', 'http s', 'emu CPU']
    .map((c, i) => (i === 0 ? c.padEnd(6) : c.padStart(10)))
    .join(' ');
  const found = checks(run);
  const lines = [
    `bench ${name}: ${description}`,
    `  machine: ${before.cpus} CPUs, ${before.memoryGiB} GiB, node ${before.node}; load average ${before.loadAverage.join(' ')} at start, ${after.loadAverage.join(' ')} at end`,
    `  ${header}`,
    `  ${row('plan', plan)}`,
    `  ${row('target', planByTarget)}`,
    ...(planSeed ? [`  ${row('seed', planSeed)}`] : []),
    ...(run.planWithTeams ? [`  ${row('teams', run.planWithTeams)}`] : []),
    `  ${row('apply', apply)}`,
    `  plan: emulator current, --read-by auto; target: the same, --read-by target; seed: emulator seed, --read-by auto${run.planWithTeams ? `; teams: plan's files and a teams: section of ${run.planWithTeams.teamsManaged} teams` : ''}`,
    readLine('plan', plan),
    readLine('target', planByTarget),
    ...(planSeed ? [readLine('seed', planSeed)] : []),
    `  apply: ${apply.changes} changes, ${apply.failed} failed`,
    `  requests: plan ${plan.requests} (bound read by team ${model.byTeamBound}), target ${planByTarget.requests} and seed ${planSeed?.requests ?? '-'} (bound ${model.bound}), provider model ${model.provider} (${(model.provider / Math.max(plan.requests, 1)).toFixed(2)}x the plan's)`,
    ...[['plan', plan] as const, ['target', planByTarget] as const, ...(planSeed ? [['seed', planSeed] as const] : [])].map(([label, p]) =>
      decidedLine(label, p),
    ),
    `  core on ${core.grants} grants, CPU: normalise + diff ${core.diff.coldCpuMs.toFixed(1)} ms cold (median of ${runsOf(core.diff)}), ${core.diff.warmCpuMs.toFixed(1)} ms warm; buildPlan ${core.buildPlan.coldCpuMs.toFixed(1)} ms cold (median of ${runsOf(core.buildPlan)}), ${core.buildPlan.warmCpuMs.toFixed(1)} ms warm; plan checksum ${core.checksum}`,
    run.judged ? '  targets:' : '  targets (not judged on this development scenario; see provider-2000 and scale-10000):',
    ...found.map((c) => checkLine(c, run.judged)),
  ];
  const json = { scenario: name, machine: { before, after }, ...withoutStderr(run), checks: found };
  return `${lines.join('\n')}\nBENCH_JSON ${JSON.stringify(json)}\n`;
}
