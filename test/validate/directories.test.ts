// PATHS directories through the built CLI (issue 19, item 9): read recursively, sorted by path,
// hidden entries, node_modules and symlinked directories passed over; a file below a directory is
// never silently skipped.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/spawn-cli.js';

let dir: string;

function write(path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-dirs-'));
  write('access/main.yaml', 'organization: acme\nprojects: { platform: { teams: { sre: admin } } }\n');
  write('access/workspaces/prod/networking.yml', 'organization: acme\nworkspaces: { networking-prod: { teams: { sre: write } } }\n');
  write('access/workspaces/dev.yaml', 'organization: acme\nworkspaces: { app-dev: { teams: { dev: write } } }\n');
  // Each of these would make the run invalid if it were read.
  write('access/.github/workflows/ci.yml', 'on: push\n');
  write('access/node_modules/tfe-access/examples/acme.yaml', 'organization: other\n');
  write('outside/other.yaml', 'organization: other\n');
  symlinkSync(join(dir, 'outside'), join(dir, 'access', 'linked'));
  write('access/README.md', '# not YAML\n');
  // A typo in a nested file only.
  write('typo/main.yaml', 'organization: acme\n');
  write('typo/teams/dev.yaml', 'organization: acme\nprojects: { platform: { teams: { dev: writ } } }\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PATHS directories', () => {
  it('reads every YAML file below a directory, sorted by path, and names them', async () => {
    const run = await spawnCli(['validate', 'access', '--format', 'json'], { cwd: dir });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as { valid: boolean; files: string[] };
    expect(report.valid).toBe(true);
    expect(report.files).toEqual(['access/main.yaml', 'access/workspaces/dev.yaml', 'access/workspaces/prod/networking.yml']);
    const text = await spawnCli(['validate', 'access'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.out).toBe('valid: 3 files, organization "acme": 1 project, 2 workspaces, 3 grants.\n');
  });

  it('regression: a file below a directory PATH is silently skipped', async () => {
    // Before: only typo/main.yaml was read, and the run was valid.
    const run = await spawnCli(['validate', 'typo'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
    expect(run.out).toContain('typo/teams/dev.yaml:2:');
    expect(run.out).toContain('Did you mean "write"?');
  });

  it('names a dangling symlink below a directory in an error', async () => {
    write('dangling/main.yaml', 'organization: acme\n');
    symlinkSync(join(dir, 'nowhere.yaml'), join(dir, 'dangling', 'gone.yaml'));
    const run = await spawnCli(['validate', 'dangling'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.out).toContain('dangling/gone.yaml: no such file or directory');
  });
});
