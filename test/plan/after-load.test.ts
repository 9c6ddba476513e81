// The one full collection after loading (src/cli/memory.ts) is the CLI's: the plan use case only
// calls the hook it is given, once the files are loaded and before the first request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/cli/args.js';
import { connectionFlags } from '../../src/cli/common-flags.js';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import type { IO } from '../../src/cli/io.js';
import { collectGarbage } from '../../src/cli/memory.js';
import { PLAN_OPTIONS, planRequestOf } from '../../src/cli/plan-run.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import type { PlanRequest } from '../../src/pipeline/run/request.js';
import { applyUseCase } from '../../src/pipeline/use-cases/apply.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import { ROOT } from '../support/cli.js';

let emulator: RunningEmulator;
let request: PlanRequest;
/** The emulator's request count at each call of the hook. */
let calls: number[];

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
});
afterAll(() => emulator.stop());

function requestFor(paths: string[]): PlanRequest {
  calls = [];
  const env = { HOME: '/nonexistent', TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
  return {
    paths,
    cwd: ROOT,
    connection: { env, concurrency: 4, rateLimit: 0 },
    run: { afterLoad: () => calls.push(emulator.counters().total) },
    read: { concurrency: 4 },
  };
}

describe('PlanRequest.run.afterLoad', () => {
  it('is called once by a plan, after loading and before the first request', async () => {
    request = requestFor(['examples/acme']);
    const before = emulator.counters().total;
    await planFromFiles(request);
    expect(calls).toEqual([before]);
    expect(emulator.counters().total).toBeGreaterThan(before);
  });

  it('is not called when the files do not load', async () => {
    request = requestFor(['test/fixtures/invalid/several-problems.yaml']);
    await expect(planFromFiles(request)).rejects.toThrow('6 problems in 1 file:');
    expect(calls).toEqual([]);
  });

  it('is called once by a fresh apply, before the first request', async () => {
    request = requestFor(['examples/acme']);
    const before = emulator.counters().total;
    const result = await applyUseCase({ ...request, force: false }, { show: () => undefined, confirm: async () => false });
    expect(result.kind).toBe('cancelled');
    expect(calls).toEqual([before]);
  });

  it('is the full collection when the CLI builds the request', () => {
    const io: IO = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, isTTY: false, cwd: ROOT };
    const parsed = parse('plan', ['examples/acme'], PLAN_OPTIONS, true);
    expect(planRequestOf(parsed, io, connectionFlags(parsed, io), undefined).run.afterLoad).toBe(collectGarbage);
  });
});
