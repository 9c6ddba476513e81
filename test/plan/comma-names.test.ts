// A team or project whose name holds a comma (docs/api.md, "Teams": the service takes them) cannot be
// sent in `filter[names]`, whose names the service splits at each comma: the client reads the whole
// list for such a name and matches it as the filter does, so a scoped plan (which looks its teams up
// by name) and a plan over such a project are the plans of the names as written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'acme-org-token';
const OPS = 'Ops, night';
const DATA = 'Data, Platform';

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: OPS, id: 'team-ops' },
        { name: 'Ops', id: 'team-opsday' },
        { name: 'dev', id: 'team-dev' },
      ],
      projects: [
        { name: DATA, id: 'prj-data' },
        { name: 'Data', id: 'prj-dataplain' },
      ],
      workspaces: [{ name: 'web', id: 'ws-web', project: DATA }],
      'team-workspaces': [{ team: 'dev', workspace: 'web', access: 'read' }],
    },
  ],
};

const BASE = `organization: acme
workspaces:
  web:
    teams:
      dev: read
`;

const at = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-comma-' });

/** Writes `text` as the one file of the folder `name` under the test's folder; the folder's path. */
function folder(name: string, text: string): string {
  const dir = join(at.dir, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'access.yaml'), text);
  return dir;
}

interface Change {
  readonly action: string;
  readonly team: { readonly name: string };
  readonly target: { readonly type: string; readonly name: string };
}
const said = (changes: readonly Change[]): string[] => changes.map((c) => `${c.action} ${c.team.name} ${c.target.type}:${c.target.name}`);

describe('names with a comma in the lookups by name', () => {
  let client: TfeClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('the client finds a team and a project named with a comma, not the names either side of it', async () => {
    client = new TfeClient({ baseUrl: `${at.emulator.url}/api/v2`, token: TOKEN, rateLimit: 1000 });
    const asked = (): string[] => at.emulator.requests.map((r) => `${r.path}?${r.query}`.replace(/&?page%5B\w+%5D=\d+/g, ''));
    at.emulator.resetLog();
    expect((await client.listTeams('acme', [OPS, 'dev'])).map((t) => t.id).sort()).toEqual(['team-dev', 'team-ops']);
    expect((await client.listProjects('acme', [DATA])).map((p) => p.id)).toEqual(['prj-data']);
    expect(asked()).toEqual(['/api/v2/organizations/acme/teams?', '/api/v2/organizations/acme/projects?']);
    // Without a comma the filter is sent, one request, matched without case as the service does.
    at.emulator.resetLog();
    expect((await client.listTeams('acme', ['ops'])).map((t) => t.id)).toEqual(['team-opsday']);
    expect(asked()).toEqual(['/api/v2/organizations/acme/teams?filter%5Bnames%5D=ops']);
  });

  it('a scoped plan of a grant to a team named with a comma plans that grant, as the full plan does', async () => {
    const base = folder('base', BASE);
    const files = folder('files', `${BASE}      "${OPS}": write\n`);
    const full = await runCli(['plan', files, '--format', 'json'], { env: at.env });
    expect(full.code, full.err).toBe(0);
    const scoped = await runCli(['plan', files, '--changed-from', base, '--format', 'json'], { env: at.env });
    expect(scoped.code, scoped.err).toBe(0);
    expect(said(JSON.parse(scoped.out).changes)).toEqual([`add ${OPS} workspace:web`]);
    expect(JSON.parse(scoped.out).changes).toEqual(JSON.parse(full.out).changes);
  });

  it('a grant on a project named with a comma is planned on that project', async () => {
    const files = folder('files', `${BASE}projects:\n  "${DATA}":\n    teams:\n      "${OPS}": read\n`);
    const run = await runCli(['plan', files, '--format', 'json'], { env: at.env });
    expect(run.code, run.err).toBe(0);
    const changes: Change[] = JSON.parse(run.out).changes;
    expect(said(changes)).toEqual([`add ${OPS} project:${DATA}`]);
  });
});
