// A plan in process (pipeline/use-cases/plan.ts planFromFiles) of the files of a test's folder against an
// emulator: the tests that count what a plan reads, or spy on a module of the plan, run it so.
import type { PlanResult } from '../../src/assemble/plan-over.js';
import type { PlanChoices, PlanRequest } from '../../src/pipeline/run/request.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';

/**
 * The plan of the files in `dir` (its own home: no credentials file of the machine) against the
 * server `env` reaches, in process (pipeline/use-cases/plan.ts): four reads at a time, no rate limit.
 */
export function planFolder(dir: string, env: Record<string, string>, read: Omit<PlanChoices, 'concurrency'>, run?: PlanRequest['run']): Promise<PlanResult> {
  return planFromFiles({
    paths: [dir],
    cwd: dir,
    connection: { env, homeDir: dir, rateLimit: 0, concurrency: 4 },
    ...(run ? { run } : {}),
    read: { concurrency: 4, ...read },
  });
}
