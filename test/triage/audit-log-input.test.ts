// `drift --audit-log FILE` keeps a file beside its output, by the rule of every --out (docs/files.md,
// "Outputs"): never one of the desired-state PATHS, nor a YAML file below a directory of PATHS,
// which the next run would read as one. One line, exit 1, before any request, nothing written.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { ROOT, runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const at = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-audit-input-' });

describe('drift --audit-log is never an input of the run', () => {
  it('one of the desired-state files, or a YAML file below a directory of PATHS: one line, exit 1, the file as it was', async () => {
    const files = join(at.dir, 'acme');
    cpSync(join(ROOT, 'examples/acme'), files, { recursive: true });
    const file = join(files, '00-organization.yaml');
    const before = readFileSync(file, 'utf8');
    at.emulator.resetLog();
    const same = await runCli(['drift', files, '--audit-log', file], { env: at.env });
    expect([same.code, same.err]).toEqual([
      1,
      `tfe-access drift: --audit-log ${file}: it is one of the desired-state files this run reads; nothing was read or written.\n`,
    ]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const below = join(files, 'audit.yaml');
    const run = await runCli(['drift', files, '--audit-log', below], { env: at.env });
    expect([run.code, run.err]).toEqual([
      1,
      `tfe-access drift: --audit-log ${below}: it is below ${files}, a directory given as PATHS, and would be read as a desired-state file; nothing was read or written.\n`,
    ]);
    expect(existsSync(below)).toBe(false);
    expect(at.emulator.requests).toHaveLength(0);
  });
});
