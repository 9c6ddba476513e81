// `tfe-access validate` through the CLI entry, with a fake IO: exit codes, formats, streams.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function run(args: string[], cwd = ROOT): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: IO = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env: {}, isTTY: false, cwd };
  const code = await main(['validate', ...args], io);
  return { code, out, err };
}

describe('tfe-access validate', () => {
  it('exits 0 on the acme example with a summary on stdout', async () => {
    const { code, out, err } = await run(['examples/acme']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toBe('valid: 3 files, organization "acme": 3 projects, 3 workspaces, 1 set, 15 grants.\n');
  });

  it('validates several PATHS merged, and the default ./tfe-access.yaml', async () => {
    expect((await run(['examples/focused/minimal.yaml', 'examples/focused/roles.yaml'])).code).toBe(0);
    const missing = await run([], `${ROOT}test/fixtures/invalid`);
    expect(missing.code).toBe(1);
    // No made-up position for a path, and the one summary style (issue 19, item 13).
    expect(missing.out).toBe('tfe-access.yaml: no such file or directory\n1 problem in 1 file.\n');
  });

  it('exits 1 and prints every problem as FILE:LINE:COL: message, paths relative to the working directory', async () => {
    const { code, out } = await run(['test/fixtures/invalid/several-problems.yaml']);
    expect(code).toBe(1);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[2]).toBe(
      'test/fixtures/invalid/several-problems.yaml:9:12: projects.platform.teams.dev: "writ" is not an access level or a project role. Did you mean "write"?',
    );
    expect(lines[6]).toBe('6 problems in 1 file.');
  });

  it('--format json prints one parseable object and nothing else', async () => {
    const { code, out } = await run(['--format', 'json', 'test/fixtures/invalid/level-typo.yaml']);
    expect(code).toBe(1);
    const body = JSON.parse(out) as { valid: boolean; problems: unknown[] };
    expect(body.valid).toBe(false);
    expect(body.problems).toEqual([
      {
        file: 'test/fixtures/invalid/level-typo.yaml',
        line: 5,
        col: 12,
        message: 'projects.platform.teams.dev: "writ" is not an access level or a project role. Did you mean "write"?',
        path: 'projects.platform.teams.dev',
      },
    ]);
  });

  it('--format github prints one workflow command per problem, then the summary', async () => {
    const several = (await run(['--format', 'github', 'test/fixtures/invalid/several-problems.yaml'])).out.trimEnd().split('\n');
    expect(several).toHaveLength(7);
    for (const line of several.slice(0, 6)) expect(line).toMatch(/^::error file=[^,:%\r\n]+,line=\d+,col=\d+::[^\r\n]+$/);
    expect(several[6]).toBe('6 problems in 1 file.');
    const { code, out } = await run(['--format=github', 'test/fixtures/invalid/duplicate-key.yaml']);
    expect(code).toBe(1);
    expect(out.split('\n')[0]).toBe(
      '::error file=test/fixtures/invalid/duplicate-key.yaml,line=7,col=7::projects.platform.teams: key "dev" appears twice in this mapping (first at line 5, col 7)',
    );
  });

  it('refuses an unknown format or flag on stderr with exit 1', async () => {
    const bad = await run(['--format', 'xml']);
    expect(bad).toEqual({ code: 1, out: '', err: 'tfe-access validate: --format must be one of text, json, github, got "xml".\n' });
    const flag = await run(['--colour']);
    expect(flag.code).toBe(1);
    expect(flag.err).toMatch(/^tfe-access validate: Unknown option '--colour'.*--help/);
  });

  it('--help prints the usage and exits 0', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: tfe-access validate \[PATHS\.\.\.\] \[--format text\|json\|github\]/);
    expect(out).toContain('Exit codes: 0 valid, 1 invalid');
  });
});
