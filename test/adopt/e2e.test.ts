// drift --adopt end to end against the emulator: live access changed by hand (a grant added,
// changed, removed, under a set and in an entry; a team's setting; a member; a team made by hand)
// -> `drift --adopt` edits the files -> `plan` of the edited files exits 0 with no changes. Comments,
// anchors and quoting outside the edits stay as they were; --target adopts its targets only; an
// edit a policy of the files would refuse is not made, and says so.
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { adoptFromFiles } from '../../src/pipeline/use-cases/adopt.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', '10000'];

const LIVE: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'sre', id: 'team-sre', visibility: 'secret' },
    { name: 'dev', id: 'team-dev' },
    { name: 'audit', id: 'team-audit' },
    { name: 'ops', id: 'team-ops' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners', 'sre'] },
    { email: 'bo@acme.test', username: 'bo', teams: ['sre'] },
  ],
  workspaces: [
    { name: 'api-prod', id: 'ws-api', 'tag-names': ['prod'] },
    { name: 'web-prod', id: 'ws-web', 'tag-names': ['prod'] },
    { name: 'web-dev', id: 'ws-dev' },
  ],
  'team-workspaces': [
    { team: 'sre', workspace: 'api-prod', access: 'admin' },
    { team: 'dev', workspace: 'api-prod', access: 'write' }, // the files say read: changed by hand
    { team: 'audit', workspace: 'api-prod', access: 'read' },
    { team: 'sre', workspace: 'web-prod', access: 'write' }, // the set says admin: changed by hand
    { team: 'audit', workspace: 'web-prod', access: 'read' },
    { team: 'ops', workspace: 'web-dev', access: 'plan' }, // added by hand: not in the files
  ],
};

const FILE = `# Access of acme: reviewed by the platform team.
organization: acme

workspace-sets:
  prod:                        # every production workspace
    match: { tags: [prod] }
    teams:
      sre: admin
      audit: &reader read

workspaces:
  "api-prod":
    teams:
      dev: read                # developers read production
      audit: *reader
  web-dev:
    teams:
      dev: write
      ops-alias: { access: read }

teams:
  sre:
    visibility: organization
    members: [ana@acme.test]
  dev: {}
  audit: {}
`;

const held = perTest();

async function start(text: string, live: SeedOrganization = LIVE): Promise<{ env: Record<string, string>; file: string }> {
  held.emulator = await startEmulator({ seed: oneOrganization(live), rateLimit: 0 });
  held.dir = await mkdtemp(join(tmpdir(), 'tfe-access-adopt-'));
  const file = join(held.dir, 'access.yaml');
  await writeFile(file, text);
  return { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator.url }, file };
}

const cli = (args: string[], env: Record<string, string>) => runCli([...args, ...RATE], { env });

describe('drift --adopt against the emulator', () => {
  it('adopts grants, a team setting and a member; plan is clean after; comments and anchors stay', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    const counted = held.emulator?.counters().total ?? 0;
    const before = await cli(['drift', file], env);
    expect(before.code, before.err).toBe(2);
    const driftRequests = (held.emulator?.counters().total ?? 0) - counted;
    const adopted = await cli(['drift', file, '--adopt'], env);
    expect(adopted.code, adopted.err).toBe(2);
    // The edited files are planned against drift's own read: not one request more than drift.
    expect((held.emulator?.counters().total ?? 0) - counted - driftRequests).toBeLessThanOrEqual(driftRequests);
    expect(adopted.out).toContain(`--- ${file}\n+++ ${file}\n`);
    expect(adopted.out).toContain('     teams:\n-      dev: write\n+      ops: plan\n');
    expect(adopted.err).toContain('review the diff');
    const after = await readFile(file, 'utf8');
    expect(after).toContain('# Access of acme: reviewed by the platform team.\n');
    expect(after).toContain('  prod:                        # every production workspace\n');
    expect(after).toContain('      audit: &reader read\n');
    expect(after).toContain('      audit: *reader\n');
    expect(after).toContain('      dev: write                # developers read production\n');
    expect(after).toContain('  "api-prod":\n');
    expect(after).toContain('    members: [ana@acme.test, bo@acme.test]\n');
    expect(after).toContain('    visibility: secret\n');
    const plan = await cli(['plan', file, '--format', 'json'], env);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out) as { changes: unknown[]; team_changes?: unknown[]; member_changes?: unknown[] };
    expect(json.changes).toEqual([]);
    expect(json.team_changes ?? []).toEqual([]);
    expect(json.member_changes ?? []).toEqual([]);
    const again = await cli(['drift', file], env);
    expect(again.code, again.out + again.err).toBe(0);
  });

  it('with --target adopts the grants of its targets only, and names the rest', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    const adopted = await cli(['drift', file, '--adopt', '--target', 'workspace:api-prod', '--format', 'json'], env);
    expect(adopted.code, adopted.err).toBe(2);
    const json = JSON.parse(adopted.out) as {
      adoption: { adopted: number; files: { path: string; diff: string }[]; not_adopted: { reason: string; item: { text: string } }[] };
    };
    expect(new Ajv2020({ strict: false }).compile(planSchema())(json)).toBe(true);
    expect(json.adoption.adopted).toBe(1);
    expect(json.adoption.files[0]?.diff).toContain('+      dev: write');
    expect(json.adoption.not_adopted.every((n) => n.reason === 'not-targeted')).toBe(true);
    expect(json.adoption.not_adopted.length).toBeGreaterThan(2);
    const after = await readFile(file, 'utf8');
    expect(after).toBe(text.replace('      dev: read                # developers', '      dev: write                # developers'));
  });

  it('finding 9: the revert printed after drift --adopt --target keeps every --target (following it applies inside the targets only)', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    const adopted = await cli(['drift', file, '--adopt', '--target', 'workspace:api-prod', '--target', 'workspace:web-dev'], env);
    expect(adopted.code, adopted.err).toBe(2);
    const targets = '--target workspace:api-prod --target workspace:web-dev';
    expect(adopted.out).toContain(
      `To put it back as the files said (revert): discard the edits, then apply:\n  git checkout -- ${file}\n  tfe-access apply ${file} ${targets}\n`,
    );
    await writeFile(file, text);
    const markdown = await cli(['drift', file, '--adopt', '--target', 'workspace:api-prod', '--format', 'markdown'], env);
    expect(markdown.out).toContain(
      `- put it back as the files said (revert): discard the edits (close the pull request), then \`tfe-access apply ${file} --target workspace:api-prod\``,
    );
  });

  it('does not make an edit a policy of the files would refuse, and names the policy', async () => {
    const text = `${FILE.replace('      ops-alias: { access: read }\n', '')}policies:
  - name: no-admin-on-dev
    workspaces: { names: [web-dev] }
    max-access: write
`;
    const live = {
      ...LIVE,
      'team-workspaces': [...(LIVE['team-workspaces'] ?? []).filter((g) => g.team !== 'ops'), { team: 'ops', workspace: 'web-dev', access: 'admin' }],
    };
    const { env, file } = await start(text, live);
    const adopted = await cli(['drift', file, '--adopt'], env);
    expect(adopted.code, adopted.err).toBe(2);
    expect(adopted.out).toMatch(/grant of team ops on workspace web-dev \(not in the files\): policy: .*no-admin-on-dev/);
    const after = await readFile(file, 'utf8');
    expect(after).not.toContain('ops');
    const plan = await cli(['plan', file, '--format', 'json'], env);
    const json = JSON.parse(plan.out) as { changes: { team: { name: string } }[] };
    expect(json.changes.map((c) => c.team.name)).toEqual(['ops']);
  });

  it('names a team made by hand under teams: with its grants (prune-teams), and prints the diff fenced in Markdown', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '').replace(
      'organization: acme\n',
      'organization: acme\nsettings:\n  prune-teams: true\n',
    );
    const { env, file } = await start(text);
    const adopted = await cli(['drift', file, '--adopt', '--format', 'markdown'], env);
    expect(adopted.code, adopted.err).toBe(2);
    expect(adopted.out).toContain('### Adopted into the files: ');
    expect(adopted.out).toContain(`\`\`\`diff\n--- ${file}\n+++ ${file}\n`);
    const after = await readFile(file, 'utf8');
    expect(after).toContain('  audit: {}\n  ops: {}\n');
    expect(after).toContain('  web-dev:\n    teams:\n      ops: plan\n');
    const plan = await cli(['plan', file, '--format', 'json'], env);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out) as { changes: unknown[]; team_changes?: unknown[] };
    expect([...json.changes, ...(json.team_changes ?? [])]).toEqual([]);
  });

  it('exits 0 and changes nothing when nothing drifted', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    expect((await cli(['drift', file, '--adopt'], env)).code).toBe(2);
    const adopted = await cli(['drift', file, '--adopt', '--format', 'json'], env);
    expect(adopted.code, adopted.err).toBe(0);
    const json = JSON.parse(adopted.out) as { adoption: unknown };
    expect(json.adoption).toEqual({ files: [], adopted: 0, not_adopted: [] });
  });

  it('refuses to write a file changed since it was read', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    // The file changes after drift read it (the hook after loading): its check before writing finds it so.
    const edited = `${text}# edited meanwhile\n`;
    const request = {
      paths: [file],
      cwd: held.dir as string,
      connection: { env: { HOME: '/nonexistent', ...env }, concurrency: 4, rateLimit: 0 },
      run: { afterLoad: () => writeFileSync(file, edited) },
      read: { concurrency: 4, effectiveChanges: true, policyState: 'live' as const },
    };
    await expect(adoptFromFiles(request)).rejects.toThrow(`access.yaml changed since drift read it; nothing was written: run drift --adopt again`);
    expect(await readFile(file, 'utf8')).toBe(edited);
  });

  it('stopped while it reads (Ctrl-C): no file is changed', async () => {
    const text = FILE.replace('      ops-alias: { access: read }\n', '');
    const { env, file } = await start(text);
    const stop = new AbortController();
    const request = {
      paths: [file],
      cwd: held.dir as string,
      connection: { env: { HOME: '/nonexistent', ...env }, concurrency: 4, rateLimit: 0 },
      // The stop arrives as the live read makes progress, as a SIGINT would.
      run: { signal: stop.signal, onProgress: () => stop.abort(new Error('SIGINT')) },
      read: { concurrency: 4, effectiveChanges: true, policyState: 'live' as const },
    };
    const error = await adoptFromFiles(request).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/stop|SIGINT|abort/i);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
