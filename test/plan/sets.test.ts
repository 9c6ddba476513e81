// Sets end to end (docs/sets.md, "Sets"): tagged workspaces in two projects of an emulator, files with
// sets and entries, plans in JSON with their sources, a workspace created afterwards, drift under
// the `all` set, conflicts, the guard naming the set, and what reading costs.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'sets-org-token';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'ci', 'auditors', 'dev', 'interns'].map((name) => ({ name, id: `team-${name}`, visibility: 'organization' as const })),
      projects: [
        { name: 'platform', id: 'prj-platform1', 'tag-bindings': { 'cost-center': '42' } },
        { name: 'data', id: 'prj-data1' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data', 'tag-names': ['prod'], 'tag-bindings': { 'cost-center': '42' } },
        { name: 'legacy-prod', id: 'ws-legacyprod', project: 'data', 'tag-names': ['prod'] },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        { team: 'dev', workspace: 'api-prod', access: 'write', id: 'tws-devapi' },
        { team: 'interns', workspace: 'legacy-prod', access: 'admin', id: 'tws-internslegacy' },
      ],
    },
  ],
};

const SETS = `organization: acme
settings: { prune: false }
workspace-sets:
  prod:
    match:
      tags: [prod, "cost-center:42"]
      exclude: ["legacy-*"]
    prune: true
    teams:
      sre: admin
      ci: plan
  platform:
    match: { projects: [platform] }
    teams:
      auditors: read
workspaces:
  api-prod:
    teams:
      ci: write
`;

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-sets-' });
const file = (name: string, text: string): string => world.file(text, name);

interface JsonChange {
  action: string;
  team: { name: string };
  target: { type: string; name: string };
  before: { access: string } | null;
  after: { access: string } | null;
  source: { kind: string; name: string; overrides?: string[] };
}
const changesOf = (out: string): JsonChange[] => (JSON.parse(out) as { changes: JsonChange[] }).changes;
const rows = (changes: JsonChange[]): string[] =>
  changes.map(
    (c) =>
      `${c.action} ${c.target.type}:${c.target.name} ${c.team.name} ${c.before?.access ?? '-'}->${c.after?.access ?? '-'} [${c.source.kind} ${c.source.name}${c.source.overrides ? ` over ${c.source.overrides.join(',')}` : ''}]`,
  );

describe('sets against the emulator', () => {
  it('two sets and an entry give exactly the expected plan, sources included', async () => {
    const run = await runCli(['plan', file('access.yaml', SETS), '--format', 'json'], { env: world.env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(rows(changesOf(run.out))).toEqual([
      'add workspace:api-dev auditors -->read [set platform]',
      'add workspace:api-prod auditors -->read [set platform]',
      'add workspace:api-prod ci -->write [entry api-prod over prod]',
      'remove workspace:api-prod dev write->- [set prod]',
      'add workspace:etl-prod ci -->plan [set prod]',
      'add workspace:etl-prod sre -->admin [set prod]',
    ]);
    // the text plan names the sources once sets take part
    const text = await runCli(['plan', join(world.dir, 'access.yaml')], { env: world.env });
    expect(text.out).toMatch(/^ {2}\+ ci +write +\[entry, overrides set prod\]$/m);
    expect(text.out).toMatch(/^ {2}- dev +write +\[set prod\]$/m);
  });

  it('a matching workspace created afterwards gets its grants on the next plan', async () => {
    const path = file('access.yaml', SETS);
    expect((await runCli(['apply', path, '--auto-approve'], { env: world.env })).code).toBe(0);
    expect(changesOf((await runCli(['plan', path, '--format', 'json'], { env: world.env })).out)).toEqual([]);
    const created = await fetch(`${world.emulator.url}/api/v2/organizations/acme/workspaces`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'workspaces',
          attributes: { name: 'web-prod', 'tag-names': ['prod'] },
          relationships: { project: { data: { type: 'projects', id: 'prj-platform1' } } },
        },
      }),
    });
    expect(created.status).toBe(201);
    expect(rows(changesOf((await runCli(['plan', path, '--format', 'json'], { env: world.env })).out))).toEqual([
      'add workspace:web-prod auditors -->read [set platform]',
      'add workspace:web-prod ci -->plan [set prod]',
      'add workspace:web-prod sre -->admin [set prod]',
    ]);
  });

  it("an unlisted workspace's hand-made grant is drift under the `all` set", async () => {
    const all = `organization: acme\nworkspace-sets:\n  all:\n    match: { names: ["*"] }\n    teams: {}\n    prune: true\n`;
    const path = file('all.yaml', all);
    const drift = await runCli(['drift', path, '--format', 'json'], { env: world.env });
    expect(drift.code).toBe(2);
    expect(rows(changesOf(drift.out))).toEqual([
      'remove workspace:api-prod dev write->- [set all]',
      'remove workspace:api-prod sre admin->- [set all]',
      'remove workspace:legacy-prod interns admin->- [set all]',
    ]);
    // without the set, the same files see nothing
    expect((await runCli(['drift', file('none.yaml', 'organization: acme\n')], { env: world.env })).code).toBe(0);
  });

  it('conflicting sets fail the plan naming both sets and the target', async () => {
    // a third set gives sre read on etl-prod, where the set prod gives admin
    const conflicting = SETS.replace('workspaces:\n', '  readers:\n    match: { names: ["etl-*"] }\n    teams:\n      sre: read\nworkspaces:\n');
    const run = await runCli(['plan', file('conflict.yaml', conflicting)], { env: world.env });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(
      /workspace "etl-prod": sets "prod" \(.*conflict\.yaml:\d+:\d+\) and "readers" \(.*conflict\.yaml:\d+:\d+\) give team "sre" different grants \(admin, read\)/,
    );
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it('max-removals refuses a pruning set, naming it', async () => {
    const all = `organization: acme\nsettings: { max-removals: 1 }\nworkspace-sets:\n  all:\n    match: { names: ["*"] }\n    teams: {}\n    prune: true\n`;
    const run = await runCli(['apply', file('all.yaml', all), '--auto-approve'], { env: world.env });
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/removes 3 grants, more than settings\.max-removals \(1\)\. Pruned by set "all" \(3 removals\)/);
    expect(world.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('reading costs the workspace list pages, nothing per workspace', async () => {
    world.emulator.resetLog();
    await runCli(['plan', file('access.yaml', SETS)], { env: world.env });
    const lists = world.emulator.requests.filter((r) => r.path === '/api/v2/organizations/acme/workspaces');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.query).toContain('include=effective_tag_bindings');
    expect(world.emulator.requests.filter((r) => /^\/api\/v2\/workspaces\//.test(r.path))).toEqual([]);
  });

  it('a saved plan of sets applies as reviewed, and is stale once a set matches more', async () => {
    const path = file('access.yaml', SETS);
    const saved = join(world.dir, 'reviewed.plan.json');
    expect((await runCli(['plan', path, '--out', saved], { env: world.env })).code).toBe(0);
    const applied = await runCli(['apply', '--plan', saved, '--auto-approve'], { env: world.env });
    expect(applied.err).toBe('');
    expect(applied.code).toBe(0);
    expect(changesOf((await runCli(['plan', path, '--format', 'json'], { env: world.env })).out)).toEqual([]);
    // reviewed again, then the set prod is widened: given the files, apply sees they no longer mean what was reviewed
    expect((await runCli(['plan', path, '--out', saved], { env: world.env })).code).toBe(0);
    file('access.yaml', SETS.replace('exclude: ["legacy-*"]', 'exclude: ["nothing-*"]'));
    world.emulator.resetLog();
    const stale = await runCli(['apply', path, '--plan', saved, '--auto-approve'], { env: world.env });
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/is stale: the desired-state files changed since it was planned; nothing was changed/);
    expect(world.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("a set's grant that has expired is removed, marked expired and named by its set; one not yet expired is added", async () => {
    const text = `organization: acme\nsettings: { prune: false }\nworkspace-sets:\n  prod:\n    match: { names: [api-prod] }\n    teams:\n      sre: { access: admin, expires: 2026-01-01 }\n      ci: { access: plan, expires: 2026-12-31 }\n`;
    const run = await runCli(['plan', file('expiry.yaml', text), '--format', 'json'], { env: { ...world.env, TFE_ACCESS_NOW: '2026-06-01T00:00:00Z' } });
    expect(run.err).toBe('');
    const changes = JSON.parse(run.out).changes as Array<JsonChange & { reason?: string; expires?: string }>;
    expect(changes.map((c) => ({ row: rows([c])[0], reason: c.reason, expires: c.expires }))).toEqual([
      { row: 'add workspace:api-prod ci -->plan [set prod]', reason: undefined, expires: '2027-01-01T00:00:00Z' },
      { row: 'remove workspace:api-prod sre admin->- [set prod]', reason: 'expired', expires: '2026-01-02T00:00:00Z' },
    ]);
  });

  it("regression: report --after kept a set's grant past its expiry (the plan removed it, the report did not)", async () => {
    const text = `organization: acme\nsettings: { prune: false }\nworkspace-sets:\n  prod:\n    match: { names: [api-prod] }\n    teams:\n      sre: { access: admin, expires: 2026-01-01 }\n      ci: { access: plan, expires: 2026-12-31 }\n`;
    const run = await runCli(['report', file('expiry.yaml', text), '--after', '--format', 'json'], {
      env: { ...world.env, TFE_ACCESS_NOW: '2026-06-01T00:00:00Z' },
    });
    expect(run.code, run.err).toBe(0);
    type Row = { name: string; teams: Array<{ name: string; access: string }> };
    const workspace = (JSON.parse(run.out) as { workspaces: Row[] }).workspaces.find((w) => w.name === 'api-prod');
    // As the plan above: sre's expired admin goes, ci's plan comes; dev's write stays (prune: false).
    expect(workspace?.teams.map((t) => `${t.name} ${t.access}`).filter((t) => !t.startsWith('owners'))).toEqual(['ci plan', 'dev write']);
  });

  it('--target names a workspace a set matches', async () => {
    const run = await runCli(['plan', file('access.yaml', SETS), '--target', 'workspace:etl-prod', '--format', 'json'], { env: world.env });
    expect(rows(changesOf(run.out))).toEqual(['add workspace:etl-prod ci -->plan [set prod]', 'add workspace:etl-prod sre -->admin [set prod]']);
    const unknown = await runCli(['plan', join(world.dir, 'access.yaml'), '--target', 'workspace:nope'], { env: world.env });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--target names what the files do not manage: workspace:nope.');
  });
});

describe('sets against a server without key-value tags', () => {
  it('matches flat tags only, and the plan warns that key-value tags were not read', async () => {
    const flat = {
      ...SEED,
      profile: 'seed' as const,
      organizations: SEED.organizations.map((o) => ({
        ...o,
        projects: o.projects?.map(({ name, id }) => ({ name, id })),
        workspaces: o.workspaces?.map(({ 'tag-bindings': _, ...w }) => w),
      })),
    };
    const old = await startEmulator({ seed: flat, rateLimit: 0 });
    try {
      const text = 'organization: acme\nsettings: { prune: false }\nworkspace-sets:\n  prod:\n    match: { tags: [prod] }\n    teams: { ci: plan }\n';
      const run = await runCli(['plan', file('flat.yaml', text), '--format', 'json'], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: old.url } });
      expect(run.code).toBe(0);
      const plan = JSON.parse(run.out) as { changes: JsonChange[]; warnings: Array<{ code: string; message: string }> };
      expect(rows(plan.changes).map((r) => r.split(' ')[1])).toEqual(['workspace:api-prod', 'workspace:etl-prod', 'workspace:legacy-prod']);
      expect(plan.warnings).toContainEqual({
        code: 'key-value-tags-not-read',
        message: expect.stringContaining('workspace set "prod" matched flat tags only'),
      });
    } finally {
      await old.stop();
    }
  });
});
