// The snapshot reader checks a report against the schema of what `report diff` reads
// (src/evidence/snapshot-schema.ts, through Ajv): a file of another shape is said in one line,
// where and what, and never half-read (a permission of the wrong type was silently dropped before).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/evidence/snapshot.js';
import { runCli } from '../support/cli.js';

const report = (workspaceTeam: Record<string, unknown>, more: Record<string, unknown> = {}): string =>
  JSON.stringify({
    format_version: 1,
    organization: 'acme',
    state: 'live',
    generated_at: '2026-01-01T00:00:00Z',
    projects: [],
    teams: [{ name: 'a', id: 'team-a' }],
    workspaces: [{ name: 'w', id: 'ws-1', teams: [{ name: 'a', id: 'team-a', access: 'read', permissions: {}, sources: [], ...workspaceTeam }] }],
    ...more,
  });

describe('parseSnapshot against the schema of what is read', () => {
  it('a permission neither a string nor true or false is a problem, not a permission left out', () => {
    expect(parseSnapshot(report({ permissions: { runs: 3 } }))).toEqual({
      problem: 'workspaces[0].teams[0].permissions.runs is not a string, true or false, or a group of them',
    });
    expect(parseSnapshot(report({ permissions: { 'project-access': { settings: ['read'] } } }))).toEqual({
      problem: 'workspaces[0].teams[0].permissions.project-access.settings is not a string, true or false',
    });
  });

  it('says a missing field as missing, and a wrong type by its words', () => {
    expect(parseSnapshot(report({}, { state: undefined }))).toEqual({ problem: 'state is missing' });
    expect(parseSnapshot(report({ access: 2 }))).toEqual({ problem: 'workspaces[0].teams[0].access is not a string' });
    expect(parseSnapshot(report({ sources: [{ kind: 'project', name: 'p' }] }))).toEqual({ problem: 'workspaces[0].teams[0].sources[0].access is missing' });
    expect(parseSnapshot(report({}, { people: [{ email: 'a@x', access: [{ target: { type: 'team', name: 'w', id: 'ws-1' }, access: 'read' }] }] }))).toEqual({
      problem: 'people[0].access[0].target.type is not project or workspace',
    });
  });

  it('still reads fields added later and fields an older report lacks', () => {
    const parsed = parseSnapshot(report({ added_later: true }, { teams: [{ name: 'a', id: 'team-a', visibility: 'secret' }], also_new: {} }));
    expect(parsed).toMatchObject({ snapshot: { teams: [{ name: 'a', id: 'team-a', powers: [] }] } });
  });
});

describe('report diff of a file of another shape', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tfe-snapshot-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file and what is wrong, in one line, exit 1', async () => {
    writeFileSync(join(dir, 'old.json'), report({}));
    writeFileSync(join(dir, 'new.json'), report({ permissions: { runs: 3 } }));
    expect(await runCli(['report', 'diff', 'old.json', 'new.json'], { cwd: dir })).toMatchObject({
      code: 1,
      out: '',
      err: 'tfe-access report diff: new.json is not a report of tfe-access (report --format json): workspaces[0].teams[0].permissions.runs is not a string, true or false, or a group of them.\n',
    });
  });
});
