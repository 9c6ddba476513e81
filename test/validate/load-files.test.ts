// Loading PATHS from disk: directories, defaults, I/O failures and the size limit.
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileSystem, loadFiles, nodeFileSystem } from '../../src/load/files.js';
import { MAX_FILE_BYTES } from '../../src/load/limits.js';
import { loadDesiredState } from '../../src/pipeline/disk/desired-state.js';

let dir = '';
const ORG = 'organization: acme\n';

function countingFs(): FileSystem & { reads: string[] } {
  const reads: string[] = [];
  return { ...nodeFileSystem, reads, readFile: (path) => (reads.push(path), nodeFileSystem.readFile(path)) };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-load-'));
  mkdirSync(join(dir, 'conf'));
  writeFileSync(join(dir, 'conf', 'b.yml'), ORG + 'workspaces: { w: { teams: { dev: read } } }\n');
  writeFileSync(join(dir, 'conf', 'a.yaml'), ORG + 'projects: { p: { teams: { dev: read } } }\n');
  writeFileSync(join(dir, 'conf', 'notes.txt'), 'not yaml');
  mkdirSync(join(dir, 'conf', 'nested.yaml'));
  mkdirSync(join(dir, 'empty'));
  // A tree: nested files are read, hidden entries, node_modules and symlinked directories are not.
  mkdirSync(join(dir, 'tree', 'teams', 'deeper'), { recursive: true });
  mkdirSync(join(dir, 'tree', '.hidden'));
  mkdirSync(join(dir, 'tree', 'node_modules', 'tfe-access', 'examples'), { recursive: true });
  for (const file of ['z.yaml', 'a.yaml', 'teams/b.yml', 'teams/deeper/c.yaml', '.hidden/h.yaml', '.dot.yaml', 'node_modules/tfe-access/examples/e.yaml']) {
    writeFileSync(join(dir, 'tree', file), ORG);
  }
  symlinkSync(join(dir, 'conf'), join(dir, 'tree', 'linked'));
  symlinkSync(join(dir, 'conf', 'a.yaml'), join(dir, 'tree', 'teams', 'link.yaml'));
  symlinkSync(join(dir, 'nothing-there.yaml'), join(dir, 'tree', 'teams', 'gone.yaml'));
  writeFileSync(join(dir, 'tfe-access.yaml'), ORG);
  // 50 MB, sparse: costs no disk, but stat reports the full size.
  const fd = openSync(join(dir, 'huge.yaml'), 'w');
  ftruncateSync(fd, 50 * 1024 * 1024);
  closeSync(fd);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadFiles', () => {
  it('reads every *.yaml and *.yml of a directory, in name order', async () => {
    const result = await loadFiles(['conf'], dir);
    expect(result.problems).toEqual([]);
    expect(result.files.map((f) => f.file)).toEqual([join('conf', 'a.yaml'), join('conf', 'b.yml')]);
  });

  it('reads a directory recursively, sorted by path; passes over hidden entries, node_modules and symlinked directories', async () => {
    const result = await loadFiles(['tree'], dir);
    expect(result.files.map((f) => f.file)).toEqual(
      ['tree/a.yaml', 'tree/teams/b.yml', 'tree/teams/deeper/c.yaml', 'tree/teams/link.yaml', 'tree/z.yaml'].map((f) => join(...f.split('/'))),
    );
    // A dangling symlink below the directory is named, never skipped.
    expect(result.problems).toEqual([{ file: join('tree', 'teams', 'gone.yaml'), message: 'no such file or directory' }]);
  });

  it('names a subdirectory it cannot list', async () => {
    const fs: FileSystem = {
      ...nodeFileSystem,
      readdir: (path) => (path.endsWith('deeper') ? Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })) : nodeFileSystem.readdir(path)),
    };
    const result = await loadFiles(['tree'], dir, fs);
    expect(result.problems).toContainEqual({ file: join('tree', 'teams', 'deeper'), message: 'permission denied' });
  });

  it('reads ./tfe-access.yaml when no PATHS are given', async () => {
    const result = await loadFiles([], dir);
    expect(result.files.map((f) => f.file)).toEqual(['tfe-access.yaml']);
  });

  it('reads a file named twice once', async () => {
    const result = await loadFiles(['conf/a.yaml', 'conf'], dir);
    expect(result.files.map((f) => f.file)).toEqual([join('conf', 'a.yaml'), join('conf', 'b.yml')]);
  });

  // Problems of a path itself have no position: no made-up `:1:1:` (issue 19, item 13).
  it('reports a missing path and a directory without YAML files as one-line problems', async () => {
    const result = await loadFiles(['missing.yaml', 'empty'], dir);
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([
      { file: 'missing.yaml', message: 'no such file or directory' },
      { file: 'empty', message: 'directory has no *.yaml or *.yml files' },
    ]);
  });

  it('reports an unreadable file as a problem', async () => {
    const denied: FileSystem = { ...nodeFileSystem, readFile: () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) };
    const result = await loadFiles(['tfe-access.yaml'], dir, denied);
    expect(result.problems).toEqual([{ file: 'tfe-access.yaml', message: 'permission denied' }]);
  });

  it('refuses a 50 MB file from its size alone: it is never read', async () => {
    const fs = countingFs();
    const result = await loadFiles(['huge.yaml', 'tfe-access.yaml'], dir, fs);
    expect(fs.reads).toEqual([join(dir, 'tfe-access.yaml')]);
    expect(result.problems).toEqual([
      { file: 'huge.yaml', message: `the file is 52428800 bytes, over the limit of ${MAX_FILE_BYTES} (MAX_FILE_BYTES); split it into several files` },
    ]);
  });
});

describe('loadDesiredState', () => {
  it('merges a directory into one state and names the files read', async () => {
    const result = await loadDesiredState(['conf'], dir);
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual([join('conf', 'a.yaml'), join('conf', 'b.yml')]);
    expect(result.state?.targets.map((t) => `${t.type}:${t.name}@${t.source?.file}:${t.source?.line}`)).toEqual([
      `project:p@${join('conf', 'a.yaml')}:2`,
      `workspace:w@${join('conf', 'b.yml')}:2`,
    ]);
  });

  it('gives no state when any path fails, even if the rest is valid', async () => {
    const result = await loadDesiredState(['conf', 'missing.yaml'], dir);
    expect(result.state).toBeUndefined();
    expect(result.problems.map((p) => p.file)).toEqual(['missing.yaml']);
  });

  // It printed `../tfe-access.yaml`, and `../../tmp/x.yaml` from deeper down (issue 19, item 13).
  it('prints paths outside the working directory as absolute paths, those inside relative to it', async () => {
    const result = await loadDesiredState([join(dir, 'tfe-access.yaml'), join(dir, 'conf', 'a.yaml')], join(dir, 'conf'));
    expect(result.files).toEqual([join(dir, 'tfe-access.yaml'), 'a.yaml']);
    const missing = await loadDesiredState([join('..', 'missing.yaml')], join(dir, 'conf'));
    expect(missing.problems).toEqual([{ file: join(dir, 'missing.yaml'), message: 'no such file or directory' }]);
  });
});
