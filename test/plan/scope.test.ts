// Issue 24, Build 5: plan and drift say what they were asked (`scope`: the paths, every --target as
// given) and whether their read is known to be whole (`complete`), in text, Markdown and JSON, valid
// against the plan schema. The demo organization over real HTTP, the CLI in-process.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { closeGuardedWorld, openGuardedWorld, PADMIN_TOKEN } from '../apply/support.js';
import { runCli } from '../support/cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator.stop();
});

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema());
const TARGETS = ['--target', 'workspace:networking-prod', '--target', 'project:platform'];
const FILTERED = 'Filtered: target workspace:networking-prod, target project:platform; the other targets of the files were not read.';

describe.each(['plan', 'drift'])('%s: --target shows in the scope', (command) => {
  it('in JSON: `scope` with the paths and every --target as given, `complete` with no reasons; valid against the schema', async () => {
    const run = await runCli([command, 'examples/acme', ...TARGETS, '--format', 'json'], { env });
    expect([0, 2], run.err).toContain(run.code);
    const document = JSON.parse(run.out) as Record<string, unknown>;
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document).toMatchObject({
      complete: true,
      incomplete: [],
      scope: { paths: ['examples/acme'], targets: ['workspace:networking-prod', 'project:platform'], teams: [], projects: [], workspaces: [] },
    });
    const whole = JSON.parse((await runCli([command, 'examples/acme', '--format', 'json'], { env })).out) as Record<string, unknown>;
    expect(whole.scope).toEqual({ paths: ['examples/acme'], targets: [], teams: [], projects: [], workspaces: [] });
  });

  it('in text, right under the summary; in Markdown, a note', async () => {
    const text = await runCli([command, 'examples/acme', ...TARGETS], { env });
    expect(text.out.split('\n')[1]).toBe(FILTERED);
    expect((await runCli([command, 'examples/acme'], { env })).out).not.toContain('Filtered');
    const markdown = await runCli([command, 'examples/acme', ...TARGETS, '--format', 'markdown'], { env });
    expect(markdown.out).toContain(`> [!NOTE]\n> ${FILTERED}\n`);
  });
});

describe('a plan made with a token that cannot see a secret team holding a grant on a managed target', () => {
  const FILE = 'organization: guarded\nprojects:\n  platform:\n    teams:\n      padmin: admin\n      interns: read\n';
  const UNSEEN = 'Partial: grants on project "platform" name teams the token cannot see.';

  it('says partial in JSON (with the reason), in text right under the summary, and in Markdown a warning', async () => {
    const world = await openGuardedWorld('tfe-access-scope-', FILE);
    try {
      const padmin = { ...world.env, TFE_TOKEN: PADMIN_TOKEN };
      const document = JSON.parse((await runCli(['plan', world.file, '--format', 'json'], { env: padmin })).out) as Record<string, unknown>;
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
      expect(document).toMatchObject({
        complete: false,
        incomplete: [{ code: 'grants-of-unseen-teams', targets: ['project "platform"'], message: UNSEEN.slice('Partial: '.length, -1) }],
        scope: { paths: [world.file], targets: [] },
      });
      expect((await runCli(['plan', world.file], { env: padmin })).out.split('\n')[1]).toBe(UNSEEN);
      expect((await runCli(['plan', world.file, '--format', 'markdown'], { env: padmin })).out).toContain(`> [!WARNING]\n> ${UNSEEN}\n`);
      // The owner sees every team: the same plan is whole.
      const owner = JSON.parse((await runCli(['plan', world.file, '--format', 'json'], { env: world.env })).out) as Record<string, unknown>;
      expect(owner).toMatchObject({ complete: true, incomplete: [] });
    } finally {
      await closeGuardedWorld(world);
    }
  });
});
