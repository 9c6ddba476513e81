// A text parsed once a run (load/files.ts, ParsedFiles): the base of `--changed-from` at a revision
// takes the work tree's unchanged files as already parsed (docs/performance.md, "Scoped plans").
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadFiles, nodeFileSystem, type ParsedFiles } from './files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-parsed-once-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadFiles with the files parsed in the run', () => {
  it('takes the same text under the same name as parsed, and parses a changed text again', async () => {
    writeFileSync(join(dir, 'a.yaml'), 'organization: acme\nworkspaces:\n  web: { teams: { dev: read } }\n');
    const parsed: ParsedFiles = new Map();
    const first = await loadFiles(['a.yaml'], dir, nodeFileSystem, parsed);
    const again = await loadFiles(['a.yaml'], dir, nodeFileSystem, parsed);
    expect(again.files[0]).toBe(first.files[0]);
    const alone = await loadFiles(['a.yaml'], dir);
    expect(alone.files[0]).not.toBe(first.files[0]);
    expect(alone.files[0]).toEqual(first.files[0]);
    writeFileSync(join(dir, 'a.yaml'), 'organization: acme\nworkspaces:\n  web: { teams: { dev: admin } }\n');
    const changed = await loadFiles(['a.yaml'], dir, nodeFileSystem, parsed);
    expect(changed.files[0]).not.toBe(first.files[0]);
    expect(changed.files[0]?.data).toEqual({ organization: 'acme', workspaces: { web: { teams: { dev: 'admin' } } } });
  });

  it("gives a file's problems each time, never one list shared between loads", async () => {
    writeFileSync(join(dir, 'a.yaml'), 'organization: acme\norganization: again\n');
    const parsed: ParsedFiles = new Map();
    const first = await loadFiles(['a.yaml'], dir, nodeFileSystem, parsed);
    const again = await loadFiles(['a.yaml'], dir, nodeFileSystem, parsed);
    expect(first.problems.length).toBeGreaterThan(0);
    expect(again.problems).toEqual(first.problems);
    expect(again.problems).not.toBe(first.problems);
  });
});
