// Every JSON output of the CLI validates against its schema in schemas/ (issue 19, item 12), through
// the built CLI: validate (valid and invalid), plan, drift, apply (applied, then nothing to apply),
// report (now and --after), and show when the command is there. A schema that says less than the
// output fails here, as does an output that drifts from its schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { COMMANDS } from '../../src/cli/registry.js';
import { ROOT } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { emulatorAndFolder } from '../support/world.js';

const SCHEMAS = ['validate', 'plan', 'apply', 'report'] as const;
const ajv = new Ajv2020({ allErrors: true, strict: false });
const schema = Object.fromEntries(
  SCHEMAS.map((name) => [name, ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', `${name}.schema.json`), 'utf8')) as object)]),
) as Record<(typeof SCHEMAS)[number], ValidateFunction>;

const world = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-json-', per: 'file' });

/** Runs the CLI, expects `code`, and returns its stdout parsed, checked against `name`'s schema. */
async function validOutput(name: (typeof SCHEMAS)[number], args: string[], code: number): Promise<Record<string, unknown>> {
  const run = await spawnCli(args, { env: world.env });
  expect(run.code, run.err).toBe(code);
  const document = JSON.parse(run.out) as Record<string, unknown>;
  const validate = schema[name];
  expect(validate(document), `${args.join(' ')}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return document;
}

describe('every JSON output validates against its schema', () => {
  it('validate: valid and invalid', async () => {
    expect(await validOutput('validate', ['validate', 'examples/acme', '--format', 'json'], 0)).toMatchObject({ valid: true, organization: 'acme' });
    expect(await validOutput('validate', ['validate', 'test/fixtures/invalid/several-problems.yaml', '--format', 'json'], 1)).toMatchObject({ valid: false });
    expect(await validOutput('validate', ['validate', 'no/such/file.yaml', '--format', 'json'], 1)).toMatchObject({ valid: false, files: [] });
  });

  it('plan, drift, report and report --after; show of a saved plan when the command is there', async () => {
    expect(await validOutput('plan', ['plan', 'examples/acme', '--format', 'json'], 0)).toMatchObject({ organization: 'acme' });
    expect(await validOutput('plan', ['drift', 'examples/acme', '--format', 'json'], 2)).toHaveProperty('effective_changes');
    await validOutput('report', ['report', '--organization', 'acme', '--format', 'json'], 0);
    await validOutput('report', ['report', 'examples/acme', '--after', '--format', 'json'], 0);
    // `show PLANFILE` renders a saved plan (issue 19, item 8): its JSON is the plan's.
    if (COMMANDS.show === undefined) return;
    const out = join(world.dir, 'acme.plan.json');
    expect((await spawnCli(['plan', 'examples/acme', '--out', out], { env: world.env })).code).toBe(0);
    await validOutput('plan', ['show', out, '--format', 'json'], 0);
  });

  it('apply: the changes applied, then nothing to apply', async () => {
    const applied = await validOutput('apply', ['apply', 'examples/acme', '--auto-approve', '--format', 'json'], 0);
    expect(applied).toMatchObject({ result: 'applied', converged: true });
    expect(await validOutput('apply', ['apply', 'examples/acme', '--auto-approve', '--format', 'json'], 0)).toMatchObject({ result: 'no-changes' });
  });
});
