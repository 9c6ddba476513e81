// --target (issue 19, item 4): an unknown target gets the one meant (the same name of the other
// kind first), and a targeted plan says in its header that it is filtered, in text and Markdown, and
// as `targeted` in JSON (in the plan schema), saved plans included. The built CLI, spawned.
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { runBuilt } from '../support/spawn.js';
import { emulatorAndFolder } from '../support/world.js';

const world = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-target-', per: 'file' });

const PARTIAL = 'Filtered: target workspace:networking-prod, target project:platform; the other targets of the files were not read.';
const plan = (...extra: string[]) => runBuilt(['plan', 'examples/acme', ...extra], { env: world.env });

describe('an unknown --target', () => {
  it('of the other kind suggests the kind the files manage it as', async () => {
    const run = await plan('--target', 'project:networking-prod');
    expect(run).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access plan: --target names what the files do not manage: project:networking-prod (did you mean workspace:networking-prod?).\n',
    });
  });

  it('with a typo suggests the closest of its kind, and a bare name the target of that name', async () => {
    expect((await plan('--target', 'workspace:networking-prd')).err).toBe(
      'tfe-access plan: --target names what the files do not manage: workspace:networking-prd (did you mean workspace:networking-prod?).\n',
    );
    expect((await plan('--target', 'platform')).err).toBe(
      'tfe-access plan: --target "platform" must be project:NAME or workspace:NAME (did you mean project:platform?).\n',
    );
    expect((await plan('--target', 'workspace:nothing-like-it')).err).toBe(
      'tfe-access plan: --target names what the files do not manage: workspace:nothing-like-it.\n',
    );
  });
});

describe('a targeted plan', () => {
  it('says it is filtered right under the summary, in text and Markdown', async () => {
    const text = await plan('--target', 'workspace:networking-prod', '--target', 'project:platform');
    expect(text.code).toBe(0);
    expect(text.out.split('\n')[1]).toBe(PARTIAL);
    const markdown = await plan('--target', 'workspace:networking-prod', '--target', 'project:platform', '--format', 'markdown');
    expect(markdown.out).toContain(`> [!NOTE]\n> ${PARTIAL}\n`);
    const whole = await plan();
    expect(whole.out).not.toContain('Filtered');
  });

  it('carries `targeted` in JSON, valid against the plan schema, and in a saved plan', async () => {
    const json = await plan('--target', 'project:platform', '--target', 'project:platform', '--format', 'json');
    const document = JSON.parse(json.out) as { targeted?: string[] };
    expect(document.targeted).toEqual(['project:platform']);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...document, targeted: ['platform'] })).toBe(false);
    expect(JSON.parse((await plan('--format', 'json')).out)).not.toHaveProperty('targeted');
    const out = join(world.dir, 'targeted.plan.json');
    expect((await plan('--target', 'project:platform', '--out', out)).code).toBe(0);
    const shown = await runBuilt(['apply', '--plan', out, '--auto-approve', '--format', 'markdown'], { env: world.env });
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toContain('> Filtered: target project:platform;');
  });
});
