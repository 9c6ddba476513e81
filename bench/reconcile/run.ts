// One plan/apply scenario from start to end: generate, seed the emulator process, measure the plan
// (CLI) and the apply, time the pure core, print the report, save it under .bench/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProfileName } from '../../src/emulator/profile.js';
import { EmulatorProcess } from '../emulator-control.js';
import { desiredYaml, type Expected, generateFor, seedOf, teamsYaml } from '../generate/index.js';
import { RESULTS_DIR } from '../throughput.js';
import { measureCore } from './core.js';
import { requestModel } from './model.js';
import { measureApply, measurePlan, type PlanFigures } from './phases.js';
import { machine, report, withoutStderr } from './report.js';
import { RATE_LIMIT_OFF, type ReconcileScenario } from './scenarios.js';
import { checks } from './targets.js';

const NO_REMOVAL_LIMIT = 1_000_000;

const sameCounts = (a: Expected | undefined, b: Expected): boolean => a !== undefined && a.add === b.add && a.update === b.update && a.remove === b.remove;

/** One measured plan, logged. */
async function plan(name: string, log: (line: string) => void, measure: () => Promise<PlanFigures>): Promise<PlanFigures> {
  const figures = await measure();
  if (figures.exitCode !== 0) log(`plan failed (exit ${figures.exitCode}):\n${figures.stderr}`);
  log(`bench ${name}: plan done in ${(figures.wallMs / 1000).toFixed(1)} s, ${figures.requests} requests, read ${figures.read?.strategy ?? '?'}`);
  return figures;
}

/** Runs the scenario; 0 when the runs did what was expected (exit codes, summaries), whatever the targets say. */
export async function runReconcile(name: string, scenario: ReconcileScenario, log: (line: string) => void, profileDir?: string): Promise<number> {
  const before = machine();
  const org = generateFor(scenario.organization);
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, NO_REMOVAL_LIMIT));
  // The same files and a teams: section that manages every team and changes none (issue 26: the
  // team list the plan reads anyway carries every attribute, so it must cost no request).
  const teamsDir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-teams-'));
  writeFileSync(join(teamsDir, 'tfe-access.yaml'), desiredYaml(org, NO_REMOVAL_LIMIT));
  writeFileSync(join(teamsDir, 'teams.yaml'), teamsYaml(org));
  const emulatorOf = (profile: ProfileName) =>
    EmulatorProcess.start({
      seed: seedOf(org),
      rateLimit: scenario.rateLimit,
      faults: { latencyMs: scenario.latencyMs, jitterMs: scenario.jitterMs },
      profile,
    });
  const emulator = await emulatorOf('current');
  try {
    log(
      `bench ${name}: ${org.grants.length} grants generated, expected ${JSON.stringify(org.expected)}; planning through the CLI (emulator current, --read-by auto)`,
    );
    const byTeam = await plan(name, log, () =>
      measurePlan(emulator, scenario, dir, { profileDir: profileDir === undefined ? undefined : resolve(profileDir) }),
    );
    log(`bench ${name}: planning again, one list per target (--read-by target)`);
    const planByTarget = await plan(name, log, () => measurePlan(emulator, scenario, dir, { readBy: 'target' }));
    log(`bench ${name}: planning again with a teams: section naming every team (--read-by auto)`);
    const planWithTeams = await plan(name, log, () => measurePlan(emulator, scenario, teamsDir));
    // Sets that match key-value tags need the current profile: the seed one has no tag bindings.
    const seedCan = seedOf(org).profile !== 'current';
    log(
      seedCan
        ? `bench ${name}: planning against the seed profile (--read-by auto)`
        : `bench ${name}: no plan against the seed profile: its sets match key-value tags, which that profile does not have`,
    );
    const seed = seedCan ? await emulatorOf('seed') : undefined;
    const planSeed = seed ? await plan(name, log, () => measurePlan(seed, scenario, dir)).finally(() => seed.stop()) : undefined;
    log(`bench ${name}: applying the differences`);
    const apply = await measureApply(emulator, scenario, dir);
    log(`bench ${name}: apply done in ${(apply.wallMs / 1000).toFixed(1)} s; timing the pure core`);
    const core = await measureCore();
    const run = {
      rateLimited: scenario.rateLimit !== RATE_LIMIT_OFF,
      judged: scenario.judged,
      plan: byTeam,
      planByTarget,
      planWithTeams: { ...planWithTeams, teamsManaged: org.teams.length },
      ...(planSeed ? { planSeed } : {}),
      apply,
      core,
      model: requestModel(org),
      ...(scenario.maxRequestsByTeam ? { maxRequestsByTeam: scenario.maxRequestsByTeam } : {}),
    };
    const text = report(name, scenario.description, run, before, machine());
    process.stdout.write(text);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `reconcile-${name}.json`), `${JSON.stringify({ scenario: name, ...withoutStderr(run), checks: checks(run) }, null, 2)}\n`);
    const all = [run.plan, planByTarget, ...(planSeed ? [planSeed] : [])];
    const sameSummary = all.every((p) => sameCounts(p.summary, org.expected)) && sameCounts(core.summary, core.expected);
    if (!sameSummary) log(`bench ${name}: a plan differs from the generator's expected differences`);
    return all.every((p) => p.exitCode === 0) && apply.failed === 0 && sameSummary ? 0 : 1;
  } finally {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(teamsDir, { recursive: true, force: true });
  }
}
