// export --all --authoritative (docs/sets.md, "Sets"): the export plus the `all` sets, so the adopted
// organization is authoritative from day one: the file plans clean, and a grant made by hand on a
// workspace the file does not list is drift.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-authoritative-', env: { TFE_ORGANIZATION: 'globex' } });

const ALL = { match: { names: ['*'] }, prune: true, teams: {} };

async function grantByHand(workspaceId: string, teamId: string): Promise<void> {
  const body = {
    data: {
      type: 'team-workspaces',
      attributes: { access: 'admin' },
      relationships: { workspace: { data: { type: 'workspaces', id: workspaceId } }, team: { data: { type: 'teams', id: teamId } } },
    },
  };
  const reply = await fetch(`${world.emulator.url}/api/v2/team-workspaces`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ORG_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  expect(reply.ok).toBe(true);
}

describe('export --all --authoritative', () => {
  it('adds the all sets; the file plans clean, and a hand-made grant on an unlisted workspace is drift', async () => {
    const run = await runCli(['export', '--all', '--authoritative', '--out', 'access.yaml'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(0);
    const document = parse(readFileSync(join(world.dir, 'access.yaml'), 'utf8')) as Record<string, unknown>;
    expect(document['workspace-sets']).toEqual({ all: ALL });
    expect(document['project-sets']).toEqual({ all: ALL });
    expect(Object.keys(document.workspaces as object)).toEqual(['lake-etl', 'net-prod']);
    expect((await runCli(['drift', 'access.yaml'], { env: world.env, cwd: world.dir })).code).toBe(0);
    // `quiet` has no grant, so no entry: only the set speaks for it.
    await grantByHand('ws-quiet', 'team-dev');
    const drift = await runCli(['drift', 'access.yaml', '--format', 'json'], { env: world.env, cwd: world.dir });
    expect(drift.code).toBe(2);
    const changes = (JSON.parse(drift.out) as { changes: Array<{ action: string; target: { name: string }; team: { name: string }; source: unknown }> })
      .changes;
    expect(changes.map((c) => ({ action: c.action, target: c.target.name, team: c.team.name, source: c.source }))).toEqual([
      { action: 'remove', target: 'quiet', team: 'developers', source: { kind: 'set', name: 'all' } },
    ]);
    // the plain export of the same organization stays blind to it
    await runCli(['export', '--all', '--out', 'plain.yaml'], { env: world.env, cwd: world.dir });
    expect((await runCli(['drift', 'plain.yaml'], { env: world.env, cwd: world.dir })).code).toBe(0);
  });

  it('with --split-by project, the sets get a file of their own and the directory plans clean', async () => {
    const run = await runCli(['export', '--all', '--authoritative', '--split-by', 'project', '--out', 'split'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(0);
    expect(readdirSync(join(world.dir, 'split')).sort()).toEqual(['Data-Lake.yaml', '_all.yaml', 'platform.yaml']);
    expect(parse(readFileSync(join(world.dir, 'split', '_all.yaml'), 'utf8'))).toEqual({
      organization: 'globex',
      'project-sets': { all: ALL },
      'workspace-sets': { all: ALL },
    });
    expect((await runCli(['drift', 'split'], { env: world.env, cwd: world.dir })).code).toBe(0);
  });

  it('--authoritative without --all is refused on one line', async () => {
    const run = await runCli(['export', '--workspace', 'net-prod', '--authoritative'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe('tfe-access export: --authoritative makes the files speak for the whole organization: use it with --all.\n');
  });
});
