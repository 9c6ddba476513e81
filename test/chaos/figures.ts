// The chaos suites' figures: counted while the runs go, printed at the end, and written as JSON to
// TFE_ACCESS_CHAOS_REPORT when it is set (docs/reliability.md, "Figures", quotes a long run's file).
import { appendFileSync } from 'node:fs';

export interface Figures {
  suite: string;
  runs: number;
  requests: number;
  /** Faults the emulator injected, by kind, from its request log. */
  faults: Record<string, number>;
  /** Runs whose first apply did not converge and needed the one re-run. */
  reruns: number;
  /** Changes the first apply reported failed (each named in its output). */
  reportedFailures: number;
  /** Runs whose first apply ended on an error before applying (e.g. a read that kept failing). */
  readFailures: number;
  changesPlanned: number;
  crashes: number;
  /** Runs by emulator profile (docs/emulator.md, "Profiles"). */
  profiles: Record<string, number>;
}

export function newFigures(suite: string): Figures {
  return { suite, runs: 0, requests: 0, faults: {}, reruns: 0, reportedFailures: 0, readFailures: 0, changesPlanned: 0, crashes: 0, profiles: {} };
}

export function reportFigures(figures: Figures): void {
  const line = JSON.stringify(figures);
  process.stdout.write(`chaos figures: ${line}\n`);
  const file = process.env.TFE_ACCESS_CHAOS_REPORT;
  if (file) appendFileSync(file, `${line}\n`);
}

/** TFE_ACCESS_CHAOS_RUNS, else `fallback`; TFE_ACCESS_CHAOS_SEED=N replays one seed. */
export function seedsFromEnv(first: number, fallback: number): number[] {
  const one = process.env.TFE_ACCESS_CHAOS_SEED;
  if (one !== undefined && one !== '') return [Number(one)];
  const runs = Number(process.env.TFE_ACCESS_CHAOS_RUNS ?? fallback);
  const count = Number.isInteger(runs) && runs > 0 ? runs : fallback;
  return Array.from({ length: count }, (_, i) => first + i);
}
