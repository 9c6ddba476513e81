// export --out never replaces a file it did not write (issue 24, finding 7): a desired-state file
// written by hand, or an exported one edited since, holds settings, roles, sets and policies an
// export does not write. Exported files say so in a header line; --force replaces anything.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-export-overwrite-', env: { TFE_ORGANIZATION: 'globex' }, per: 'file' });

const HAND_WRITTEN = `# Our access, reviewed by the platform team.
organization: globex
settings:
  max-removals: 3
roles:
  auditor:
    access: custom
    project-access:
      teams: read
projects:
  platform:
    teams:
      auditors: auditor
      platform-admins: admin
`;

const export_ = (args: string[]) => runCli(['export', ...args], { env: world.env, cwd: world.dir });
const read = (path: string): string => readFileSync(join(world.dir, path), 'utf8');

describe('export --out and existing files', () => {
  it('regression: export --out FILE silently overwrites a hand-written desired-state file', async () => {
    writeFileSync(join(world.dir, 'access.yaml'), HAND_WRITTEN);
    const run = await export_(['--all', '--out', 'access.yaml']);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      'tfe-access export: refusing to replace access.yaml: the file exists and tfe-access export did not write it (its settings, roles, sets and policies would be lost). Pass --force to replace it, or choose another --out.\n',
    );
    // Byte for byte as it was, and no temporary file left beside it.
    expect(read('access.yaml')).toBe(HAND_WRITTEN);
    expect(readdirSync(world.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('an exported file is replaced by a second export, without --force', async () => {
    const first = await export_(['--project', 'platform', '--out', 'exported.yaml']);
    expect(first.code, first.err).toBe(0);
    const header = read('exported.yaml').split('\n')[1] ?? '';
    expect(header).toMatch(
      /^# Written by tfe-access export \(sha256 of the other lines: [0-9a-f]{64}\)\. Once edited, export replaces it only with --force\.$/,
    );
    const second = await export_(['--all', '--out', 'exported.yaml']);
    expect(second.code, second.err).toBe(0);
    expect(second.err).toBe('export: wrote 4 projects and workspaces of "globex" to exported.yaml.\n');
    expect(Object.keys((parse(read('exported.yaml')) as { workspaces: object }).workspaces)).toEqual(['lake-etl', 'net-prod']);
  });

  it('what export printed to stdout, saved by hand, is recognised as its own', async () => {
    const printed = await export_(['--workspace', 'net-prod']);
    expect(printed.code).toBe(0);
    writeFileSync(join(world.dir, 'printed.yaml'), printed.out);
    const run = await export_(['--workspace', 'net-prod', '--workspace', 'lake-etl', '--out', 'printed.yaml']);
    expect(run.code, run.err).toBe(0);
    expect(read('printed.yaml')).toContain('lake-etl:');
  });

  it('finding 7 (issue 36): an exported file checked out with CRLF is replaced with CRLF only; an LF one stays LF', async () => {
    expect((await export_(['--project', 'platform', '--out', 'crlf.yaml'])).code).toBe(0);
    writeFileSync(join(world.dir, 'crlf.yaml'), read('crlf.yaml').replace(/\n/g, '\r\n'));
    const again = await export_(['--all', '--out', 'crlf.yaml']);
    expect(again.code, again.err).toBe(0);
    const text = read('crlf.yaml');
    expect(text).toContain('lake-etl:');
    expect(text.match(/\r\n/g)?.length).toBe(text.match(/\n/g)?.length);
    expect((await export_(['--all', '--out', 'crlf.yaml'])).code).toBe(0);
    expect((await export_(['--all', '--out', 'lf.yaml'])).code).toBe(0);
    expect((await export_(['--all', '--out', 'lf.yaml'])).code).toBe(0);
    expect(read('lf.yaml')).not.toContain('\r');
  });

  it('an exported file edited since is refused like a hand-written one, unchanged', async () => {
    expect((await export_(['--project', 'platform', '--out', 'edited.yaml'])).code).toBe(0);
    const edited = `${read('edited.yaml')}settings:\n  max-removals: 2\n`;
    writeFileSync(join(world.dir, 'edited.yaml'), edited);
    const run = await export_(['--project', 'platform', '--out', 'edited.yaml']);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      'tfe-access export: refusing to replace edited.yaml: tfe-access export wrote it, but it was edited since (its settings, roles, sets and policies would be lost). Pass --force to replace it, or choose another --out.\n',
    );
    expect(read('edited.yaml')).toBe(edited);
  });

  it('--force replaces a hand-written file', async () => {
    writeFileSync(join(world.dir, 'forced.yaml'), HAND_WRITTEN);
    const run = await export_(['--project', 'platform', '--out', 'forced.yaml', '--force']);
    expect(run.code, run.err).toBe(0);
    expect(read('forced.yaml')).not.toContain('max-removals');
    expect(parse(read('forced.yaml'))).toMatchObject({ organization: 'globex', projects: { platform: { teams: { vault: 'write' } } } });
  });

  it('--force without --out is refused: there is nothing to replace on stdout', async () => {
    const run = await export_(['--all', '--force']);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe('tfe-access export: --force replaces an existing --out file; without --out, export writes to stdout.\n');
  });

  it('--split-by project: the same rule for every file of the directory; a refusal writes no file', async () => {
    const first = await export_(['--all', '--split-by', 'project', '--out', 'split']);
    expect(first.code, first.err).toBe(0);
    const before = read('split/Data-Lake.yaml');
    // A second export replaces its own files and leaves files of other names alone.
    writeFileSync(join(world.dir, 'split', 'notes.yaml'), HAND_WRITTEN);
    expect((await export_(['--all', '--split-by', 'project', '--out', 'split'])).code).toBe(0);
    expect(read('split/notes.yaml')).toBe(HAND_WRITTEN);
    // A hand-written file where the export would write: nothing is written, not even the other files.
    writeFileSync(join(world.dir, 'split', 'platform.yaml'), HAND_WRITTEN);
    writeFileSync(join(world.dir, 'split', 'Data-Lake.yaml'), `${before}# a note\n`);
    const refused = await export_(['--all', '--split-by', 'project', '--out', 'split']);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'tfe-access export: refusing to replace 2 files in split that tfe-access export did not write or that were edited since: Data-Lake.yaml, platform.yaml (their settings, roles, sets and policies would be lost). Pass --force to replace them, or choose another --out.\n',
    );
    expect(read('split/platform.yaml')).toBe(HAND_WRITTEN);
    expect(read('split/Data-Lake.yaml')).toBe(`${before}# a note\n`);
    const forced = await export_(['--all', '--split-by', 'project', '--out', 'split', '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(read('split/Data-Lake.yaml')).toBe(before);
    expect(read('split/platform.yaml')).toContain('# Written by tfe-access export');
  });

  it('something that is not a regular file is refused, even with --force', async () => {
    mkdirSync(join(world.dir, 'adir.yaml'));
    const run = await export_(['--all', '--out', 'adir.yaml', '--force']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('is a directory');
  });
});
