// plan and drift end to end: the acme example against a seeded emulator over real HTTP.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { grantChanges } from '../../src/core/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';

// The demo organization: examples/acme after a few changes by hand.
const SEED = demoSeed();
const ORG_TOKEN = DEMO_TOKEN;

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(() => emulator.stop());

describe('tfe-access plan', () => {
  it('prints the text plan of a drifted organization', async () => {
    const run = await runCli(['plan', 'examples/acme'], { env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    await expect(run.out).toMatchFileSnapshot('__snapshots__/acme.plan.txt');
  });

  it('prints the JSON plan, valid against schemas/plan.schema.json', async () => {
    const run = await runCli(['plan', 'examples/acme', '--format', 'json'], { env });
    expect(run.code).toBe(0);
    const schema = JSON.parse(readFileSync(`${ROOT}schemas/plan.schema.json`, 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const document = JSON.parse(run.out) as { summary: unknown; changes: Array<{ action: string; team: { name: string }; target: { name: string } }> };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.summary).toEqual({ add: 1, update: 2, remove: 1 });
    expect(document.changes.map((c) => `${c.action} ${c.target.name} ${c.team.name}`)).toEqual([
      'add platform auditors',
      'update platform developers',
      'remove platform interns',
      'update networking-prod developers',
    ]);
    await expect(run.out).toMatchFileSnapshot('__snapshots__/acme.plan.json');
  });

  it('prints the markdown plan with its marker', async () => {
    const run = await runCli(['plan', 'examples/acme', '--format', 'markdown'], { env });
    expect(run.code).toBe(0);
    expect(run.out.startsWith('<!-- tfe-access-plan organization=acme -->')).toBe(true);
    await expect(run.out).toMatchFileSnapshot('__snapshots__/acme.plan.md');
  });

  it("regression: the README says the plan shows a role's name; no format does", async () => {
    // examples/acme grants `developers: deployer` on platform, where developers have `write` live.
    const text = await runCli(['plan', 'examples/acme'], { env });
    expect(text.out).toMatch(/^ {2}~ developers {2}write -> custom \(role deployer\)$/m);
    const markdown = await runCli(['plan', 'examples/acme', '--format', 'markdown'], { env });
    expect(markdown.out).toContain('! developers: write -> custom (role deployer)');
    const json = await runCli(['plan', 'examples/acme', '--format', 'json'], { env });
    const changes = (
      JSON.parse(json.out) as {
        changes: Array<{ team: { name: string }; target: { name: string }; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
      }
    ).changes;
    const developers = changes.find((c) => c.team.name === 'developers' && c.target.name === 'platform');
    expect(developers?.after).toMatchObject({ access: 'custom', role: 'deployer' });
    expect(developers?.before).toEqual(expect.not.objectContaining({ role: expect.anything() }));
    // Only role grants name a role.
    expect(changes.filter((c) => c.after?.role !== undefined || c.before?.role !== undefined)).toEqual([developers]);
  });

  it('prints byte-identical plans on two runs over the same state', async () => {
    const first = await runCli(['plan', 'examples/acme', '--format', 'json'], { env });
    const second = await runCli(['plan', 'examples/acme', '--format', 'json'], { env });
    expect(second.out).toBe(first.out);
  });

  it('--target narrows the plan; an unknown target is an error', async () => {
    const run = await runCli(['plan', 'examples/acme', '--target', 'workspace:networking-prod', '--format', 'json'], { env });
    expect((JSON.parse(run.out) as { summary: unknown }).summary).toEqual({ add: 0, update: 1, remove: 0 });
    const bad = await runCli(['plan', 'examples/acme', '--target', 'workspace:nope'], { env });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--target names what the files do not manage: workspace:nope');
  });

  it('--detailed-exitcode exits 2 on changes; an unknown format is refused', async () => {
    expect((await runCli(['plan', 'examples/acme', '--detailed-exitcode'], { env })).code).toBe(2);
    const bad = await runCli(['plan', 'examples/acme', '--format', 'yaml'], { env });
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('tfe-access plan: --format must be one of text, json, markdown, got "yaml".\n');
  });

  it('exits 1 with a clear message for a rejected token, without printing it', async () => {
    const run = await runCli(['plan', 'examples/acme'], { env: { ...env, TFE_TOKEN: 'canary-token-4711' } });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toContain('the token was rejected');
    expect(run.err).not.toContain('canary-token-4711');
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it('exits 1 when the token may not see a managed target', async () => {
    // interns has no access to anything the file manages: the service answers 404 for all of it.
    const teamToken = 'interns-token';
    const emu = await startEmulator({
      seed: {
        organizations: [
          { ...SEED.organizations[0]!, teams: SEED.organizations[0]!.teams!.map((t) => (t.name === 'interns' ? { ...t, tokens: [teamToken] } : t)) },
        ],
      },
      rateLimit: 0,
    });
    try {
      const run = await runCli(['plan', 'examples/acme'], { env: { TFE_TOKEN: teamToken, TFE_ADDRESS: emu.url } });
      expect(run.code).toBe(1);
      expect(run.err).toContain('not found, or the token may not see it');
      expect(run.out).toBe('');
    } finally {
      await emu.stop();
    }
  });

  it('--out saves the plan with its basis: mode 0600, no token, the same checksum', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-plan-'));
    try {
      const run = await runCli(['plan', 'examples/acme', '--format', 'json', '--out', join(dir, 'acme.tfplan.json')], { env });
      expect(run.code).toBe(0);
      expect(run.err).toContain('Saved the plan to');
      const file = join(dir, 'acme.tfplan.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(ORG_TOKEN);
      const saved = JSON.parse(text) as { plan: { checksum: string }; basis: { targets: unknown[] } };
      expect(saved.plan.checksum).toBe((JSON.parse(run.out) as { checksum: string }).checksum);
      expect(saved.basis.targets).toHaveLength(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns when a workspace grant is below what the project grant already gives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-plan-'));
    try {
      const file = join(dir, 'access.yaml');
      writeFileSync(
        file,
        [
          'organization: acme',
          'projects:',
          '  platform:',
          '    teams:',
          '      developers: maintain',
          'workspaces:',
          '  networking-prod:',
          '    teams:',
          '      developers: read',
          '',
        ].join('\n'),
      );
      const run = await runCli(['plan', file, '--format', 'json'], { env });
      expect(run.code).toBe(0);
      const warnings = (JSON.parse(run.out) as { warnings: Array<{ code: string; team: string; message: string }> }).warnings;
      const below = warnings.filter((w) => w.code === 'below-project-access');
      expect(below).toHaveLength(1);
      expect(below[0]).toMatchObject({ team: 'developers' });
      expect(below[0]?.message).toContain('admin workspace role from its maintain grant');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('invalid files fail before any request', async () => {
    emulator.resetLog();
    const run = await runCli(['plan', 'test/fixtures/invalid/several-problems.yaml'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toContain('tfe-access plan: 6 problems in 1 file:\n  test/fixtures/invalid/several-problems.yaml:');
    expect(emulator.counters().total).toBe(0);
  });
});

describe('tfe-access drift', () => {
  it('exits 2 on drift, then 0 once the changes are made', async () => {
    const drifted = await runCli(['drift', 'examples/acme', '--format', 'json'], { env });
    expect(drifted.code).toBe(2);
    expect(drifted.err).toContain('drift: live access differs from the files (1 missing, 2 different, 1 not in the files).');

    // Make the planned changes directly through the client, as apply would.
    const { planFromFiles } = await import('../../src/pipeline/use-cases/plan.js');
    const { openClient } = await import('../../src/pipeline/run/request.js');
    const connection = { env, rateLimit: 1000, concurrency: 4 };
    const result = await planFromFiles({ paths: ['examples/acme'], cwd: ROOT, connection, read: { concurrency: 4 } });
    expect(result.plan.checksum).toBe((JSON.parse(drifted.out) as { checksum: string }).checksum);
    const client = openClient(connection);
    for (const change of grantChanges(result.plan)) {
      if (change.action === 'add') await client.addGrant({ type: change.target.type, id: change.target.id }, change.team.id, change.after);
      else if (change.action === 'update') await client.updateGrant(change.resource, change.id, change.after);
      else await client.removeGrant(change.resource, change.id);
    }
    await client.close();

    const clean = await runCli(['drift', 'examples/acme'], { env });
    expect(clean.code).toBe(0);
    expect(clean.out).toContain('No drift: access in acme matches the files.');
    expect((await runCli(['plan', 'examples/acme', '--detailed-exitcode'], { env })).code).toBe(0);
  });

  it('exits 1 for a rejected token', async () => {
    const run = await runCli(['drift', 'examples/acme'], { env: { ...env, TFE_TOKEN: 'nope' } });
    expect(run.code).toBe(1);
  });
});

describe('ids', () => {
  it("regression: the demo's own ids cannot be pinned", async () => {
    // Every target id the demo's plan prints, pinned in a file of those targets, validates and plans.
    const demo = await startEmulator({ seed: SEED, rateLimit: 0 });
    const demoEnv = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: demo.url };
    const run = await runCli(['plan', 'examples/acme', '--format', 'json'], { env: demoEnv });
    const targets = new Map<string, { type: string; name: string; id: string }>();
    for (const change of (JSON.parse(run.out) as { changes: Array<{ target: { type: string; name: string; id: string } }> }).changes)
      targets.set(change.target.id, change.target);
    expect(targets.size).toBeGreaterThan(1);
    const lines = ['organization: acme', 'settings: { prune: false }'];
    for (const type of ['project', 'workspace']) {
      lines.push(`${type}s:`);
      for (const target of [...targets.values()].filter((t) => t.type === type)) lines.push(`  ${target.name}: { id: ${target.id}, teams: {} }`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-plan-'));
    try {
      const file = join(dir, 'pinned.yaml');
      writeFileSync(file, `${lines.join('\n')}\n`);
      const validate = await runCli(['validate', file]);
      expect(validate.out).toMatch(/^valid: 1 file/);
      expect(validate.code).toBe(0);
      const pinned = await runCli(['plan', file], { env: demoEnv });
      expect(pinned.err).toBe('');
      expect(pinned.out).toContain('No changes: access in acme matches the files.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await demo.stop();
    }
  });

  it('the demo organization and the ids the emulator makes have the shapes of the real service', async () => {
    const shapes: Record<string, RegExp> = {
      teams: /^team-[A-Za-z0-9]{16}$/,
      projects: /^prj-[A-Za-z0-9]{16}$/,
      workspaces: /^ws-[A-Za-z0-9]{16}$/,
      'team-projects': /^tprj-[A-Za-z0-9]{16}$/,
      'team-workspaces': /^tws-[A-Za-z0-9]{16}$/,
    };
    const org = SEED.organizations[0]! as unknown as Record<string, Array<{ id?: string }>>;
    for (const [key, shape] of Object.entries(shapes)) for (const entry of org[key] ?? []) expect(entry.id, key).toMatch(shape);
    const created = await fetch(`${emulator.url}/api/v2/organizations/acme/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ORG_TOKEN}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'workspaces', attributes: { name: 'made-now' } } }),
    });
    expect(((await created.json()) as { data: { id: string } }).data.id).toMatch(shapes.workspaces!);
  });
});
