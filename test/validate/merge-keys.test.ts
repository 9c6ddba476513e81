// YAML merge keys through `validate` (issue 24, finding 8): refused at their place in entries,
// roles and sets, flow and block, one line each; `<<` never becomes a team, a role or a key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tfe-access-merge-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REFUSED = 'merge keys (<<) are not supported; write the keys out or use an anchor for the whole value';

// Each file: its text, and the one problem expected (line, col, the mapping's path).
const FILES: Record<string, { text: string; line: number; col: number; path: string }> = {
  'entries-flow.yaml': {
    text: 'organization: acme\nprojects:\n  platform:\n    teams: &defaults { dev: read }\n  data:\n    teams: { <<: *defaults, sre: write }\n',
    line: 6,
    col: 14,
    path: 'projects.data.teams',
  },
  'entries-block.yaml': {
    text: 'organization: acme\nprojects:\n  platform:\n    teams: &defaults { dev: read }\n  data:\n    teams:\n      <<: *defaults\n      sre: write\n',
    line: 7,
    col: 7,
    path: 'projects.data.teams',
  },
  // A grant that is itself valid: the merge key alone would have been a team named "<<".
  'entries-grant.yaml': {
    text: 'organization: acme\nworkspaces:\n  api:\n    teams: { dev: &grant { access: write } }\n  web:\n    teams: { <<: *grant, sre: write }\n',
    line: 6,
    col: 14,
    path: 'workspaces.web.teams',
  },
  'roles-flow.yaml': {
    text: 'organization: acme\nroles:\n  workspace:\n    base: &base { runs: apply, variables: read }\n    planner: { <<: *base, state-versions: read }\nworkspaces:\n  api:\n    teams: { sre: planner }\n',
    line: 5,
    col: 16,
    path: 'roles.workspace.planner',
  },
  'roles-block.yaml': {
    text: 'organization: acme\nroles:\n  workspace:\n    base: &base { runs: apply, variables: read }\n    planner:\n      <<: *base\n      state-versions: read\nworkspaces:\n  api:\n    teams: { sre: planner }\n',
    line: 6,
    col: 7,
    path: 'roles.workspace.planner',
  },
  'sets-flow.yaml': {
    text: 'organization: acme\nworkspaces:\n  api:\n    teams: &defaults { dev: read }\nworkspace-sets:\n  prod:\n    match: { tags: [prod] }\n    teams: { <<: *defaults, sre: write }\n',
    line: 8,
    col: 14,
    path: 'workspace-sets.prod.teams',
  },
  'sets-block.yaml': {
    text: 'organization: acme\nworkspaces:\n  api:\n    teams: &defaults { dev: read }\nworkspace-sets:\n  prod:\n    match: { tags: [prod] }\n    teams:\n      <<: *defaults\n      sre: write\n',
    line: 9,
    col: 7,
    path: 'workspace-sets.prod.teams',
  },
};

describe('regression: merge keys `<<:` are read as a team name', () => {
  it.each(Object.entries(FILES))('%s: one problem at the merge key, exit 1', async (name, { text, line, col, path }) => {
    writeFileSync(join(dir, name), text);
    const run = await runCli(['validate', name], { cwd: dir });
    expect(run).toEqual({ code: 1, out: `${name}:${line}:${col}: ${path}: ${REFUSED}\n1 problem in 1 file.\n`, err: '' });
    const json = JSON.parse((await runCli(['validate', name, '--format', 'json'], { cwd: dir })).out) as { problems: unknown[] };
    expect(json.problems).toEqual([{ file: name, line, col, message: `${path}: ${REFUSED}`, path }]);
  });

  it('the same files with the keys written out are valid', async () => {
    writeFileSync(
      join(dir, 'written-out.yaml'),
      'organization: acme\nprojects:\n  platform:\n    teams: &defaults { dev: read }\n  data:\n    teams: { dev: read, sre: write }\n  web:\n    teams: *defaults\n',
    );
    const run = await runCli(['validate', 'written-out.yaml'], { cwd: dir });
    expect(run.code, run.out).toBe(0);
  });
});
