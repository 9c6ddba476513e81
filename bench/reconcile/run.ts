// One plan/apply scenario from start to end: generate, seed the emulator process, measure the plan
// (CLI) and the apply, time the pure core, print the report, save it under .bench/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmulatorProcess } from '../emulator-control.js';
import { desiredYaml, generateFor, seedOf, type Expected } from '../generate/index.js';
import { RESULTS_DIR } from '../throughput.js';
import { measureCore } from './core.js';
import { requestModel } from './model.js';
import { measureApply, measurePlan } from './phases.js';
import { machine, report } from './report.js';
import { RATE_LIMIT_OFF, type ReconcileScenario } from './scenarios.js';
import { checks } from './targets.js';

const NO_REMOVAL_LIMIT = 1_000_000;

const sameCounts = (a: Expected | undefined, b: Expected): boolean => a !== undefined && a.add === b.add && a.update === b.update && a.remove === b.remove;

/** Runs the scenario; 0 when the runs did what was expected (exit codes, summaries), whatever the targets say. */
export async function runReconcile(name: string, scenario: ReconcileScenario, log: (line: string) => void, profileDir?: string): Promise<number> {
  const before = machine();
  const org = generateFor(scenario.organization);
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, NO_REMOVAL_LIMIT));
  const emulator = await EmulatorProcess.start({ seed: seedOf(org), rateLimit: scenario.rateLimit, faults: { latencyMs: scenario.latencyMs, jitterMs: scenario.jitterMs } });
  try {
    log(`bench ${name}: ${org.grants.length} grants generated, expected ${JSON.stringify(org.expected)}; planning through the CLI`);
    const plan = await measurePlan(emulator, scenario, dir, profileDir === undefined ? undefined : resolve(profileDir));
    if (plan.exitCode !== 0) log(`plan failed (exit ${plan.exitCode}):\n${plan.stderr}`);
    log(`bench ${name}: plan done in ${(plan.wallMs / 1000).toFixed(1)} s; applying the differences`);
    const apply = await measureApply(emulator, scenario, dir);
    log(`bench ${name}: apply done in ${(apply.wallMs / 1000).toFixed(1)} s; timing the pure core`);
    const core = await measureCore();
    const run = { rateLimited: scenario.rateLimit !== RATE_LIMIT_OFF, judged: scenario.judged, plan, apply, core, model: requestModel(org) };
    const text = report(name, scenario.description, run, before, machine());
    process.stdout.write(text);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `reconcile-${name}.json`), `${JSON.stringify({ scenario: name, ...run, plan: { ...plan, stderr: undefined }, checks: checks(run) }, null, 2)}\n`);
    const sameSummary = sameCounts(plan.summary, org.expected) && sameCounts(core.summary, core.expected);
    if (!sameSummary) log(`bench ${name}: a plan differs from the generator's expected differences`);
    return plan.exitCode === 0 && apply.failed === 0 && sameSummary ? 0 : 1;
  } finally {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
