// The `$schema=` comment export writes (issue 19, item 10), through the built CLI: a reference that
// works on another machine (the project's installed tfe-access, relative to the file, or --schema),
// never a path into the exporting machine's checkout.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-schema-ref-', env: { TFE_ORGANIZATION: 'globex' }, per: 'file' });

const refOf = (text: string): string => /^# yaml-language-server: \$schema=(\S+)\n/.exec(text)?.[1] ?? '';

/** A repository that installs tfe-access: a package.json and the package's schema under node_modules. */
function project(name: string, marker: 'package.json' | '.git'): string {
  const dir = join(world.dir, name);
  mkdirSync(dir, { recursive: true });
  if (marker === 'package.json') writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  else mkdirSync(join(dir, '.git'));
  cpSync(join(ROOT, 'schemas'), join(dir, 'node_modules', 'tfe-access', 'schemas'), { recursive: true });
  return dir;
}

describe('export $schema reference', () => {
  it("regression: export writes a $schema path into the exporting machine's checkout", async () => {
    const repo = project('repo', 'package.json');
    const run = await spawnCli(['export', '--all', '--out', 'access/all.yaml'], { env: world.env, cwd: repo });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toBe('');
    const ref = refOf(readFileSync(join(repo, 'access', 'all.yaml'), 'utf8'));
    // Before: ../../../<path of this checkout>/schemas/tfe-access.schema.json.
    expect(ref).toBe('../node_modules/tfe-access/schemas/tfe-access.schema.json');
    expect(ref).not.toContain(ROOT.replace(/^\/|\/$/g, ''));
    expect(readFileSync(resolve(repo, 'access', ref), 'utf8')).toContain('"title": "tfe-access desired-state file (version 1)"');
  });

  it('finds the project by .git too; --split-by project writes the same reference into every file', async () => {
    const repo = project('gitrepo', '.git');
    const run = await spawnCli(['export', '--all', '--split-by', 'project', '--out', 'teams/access'], { env: world.env, cwd: repo });
    expect(run.code, run.err).toBe(0);
    for (const file of ['Data-Lake.yaml', 'platform.yaml']) {
      expect(refOf(readFileSync(join(repo, 'teams', 'access', file), 'utf8'))).toBe('../../node_modules/tfe-access/schemas/tfe-access.schema.json');
    }
  });

  it('stdout: relative to the working directory; --schema wins', async () => {
    const repo = project('stdout', 'package.json');
    mkdirSync(join(repo, 'access'));
    const plain = await spawnCli(['export', '--workspace', 'net-prod'], { env: world.env, cwd: join(repo, 'access') });
    expect(plain.code, plain.err).toBe(0);
    expect(refOf(plain.out)).toBe('../node_modules/tfe-access/schemas/tfe-access.schema.json');
    const custom = await spawnCli(['export', '--workspace', 'net-prod', '--schema', 'https://example.com/s.json'], { env: world.env, cwd: repo });
    expect(refOf(custom.out)).toBe('https://example.com/s.json');
  });
});
