// Policies end to end against the emulator (docs/effective-access.md, "Policies"): plan lists every violation of the
// access once applied, in every format, and exits 3; apply refuses with exit 3 and writes nothing
// (the emulator's request log); drift lists the live violations and exits 2; each kind violated and
// respected, on targets the files manage and on those they do not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { runCli } from '../support/cli.js';
import { type JsonViolation, violationsOf } from '../support/violations.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'policies-org-token';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        ...['owners', 'sre', 'dev', 'auditors', 'interns', 'data-a', 'data-b'].map((name) => ({
          name,
          id: `team-${name}`,
          visibility: 'organization' as const,
        })),
        { name: 'ops', id: 'team-ops', visibility: 'organization' as const, 'organization-access': { 'read-workspaces': true } },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform1' },
        { name: 'data', id: 'prj-data1' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data', 'tag-names': ['prod'] },
      ],
      'team-projects': [
        { team: 'auditors', project: 'platform', access: 'read', id: 'tprj-audplat' },
        { team: 'data-a', project: 'data', access: 'admin', id: 'tprj-dataa' },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        { team: 'dev', workspace: 'api-prod', access: 'write', id: 'tws-devapi' },
      ],
    },
  ],
};

const POLICIES = `policies:
  - name: only sre administers production
    workspaces: { tags: [prod] }
    max-access: write
    except-teams: [sre, data-a]
  - name: auditors see platform
    workspaces: { projects: [platform] }
    min-access: { team: auditors, access: read }
  - name: one admin team per project
    projects: { names: ["*"] }
    max-teams: { access: admin, count: 1 }
`;

/** The files: api-prod with sre, auditors and dev at `dev`, the policies, and `more` (entries of projects). */
const files = (dev: string, more = ''): string => `organization: acme
workspaces:
  api-prod:
    teams: { sre: admin, auditors: read, dev: ${dev} }
${more}${POLICIES}`;

/** Breaks each kind: dev admin on api-prod; auditors' project grant pruned (api-dev, unmanaged); a second admin team on data (and so on etl-prod). */
const BREAKS_ALL = files(
  'admin',
  `projects:
  platform:
    teams: { data-b: write }
  data:
    prune: false
    teams: { data-b: admin }
`,
);

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-policies-' });
const { file, writes } = world;

const rows = (violations: JsonViolation[]): string[] => violations.map((v) => `${v.policy} | ${v.target?.type}:${v.target?.name} | ${v.team?.name ?? '-'}`);

describe('policies against the emulator', () => {
  it('respected: each kind holds on every target it covers, managed or not; plan exits 0 with no violation', async () => {
    const run = await runCli(['plan', file(files('write')), '--format', 'json'], { env: world.env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(violationsOf(run.out)).toEqual([]);
  });

  it('violated: plan lists every violation of the access once applied, in JSON (valid against the schema), text and Markdown, and exits 3', async () => {
    const path = file(BREAKS_ALL);
    const json = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    expect(json.code).toBe(3);
    expect(json.err).toBe('plan: the access once applied breaks policies (4 violations) of the files; apply will refuse this plan.\n');
    const violations = violationsOf(json.out);
    expect(rows(violations)).toEqual([
      'only sre administers production | workspace:api-prod | dev',
      'only sre administers production | workspace:etl-prod | data-b',
      'auditors see platform | workspace:api-dev | -',
      'one admin team per project | project:data | -',
    ]);
    expect(violations.map((v) => v.message)).toEqual([
      'team "dev" has admin on workspace "api-prod", above write (workspace grant: admin)',
      'team "data-b" has admin on workspace "etl-prod", above write (project data: admin)',
      'team "auditors" has no access on workspace "api-dev", below read',
      '2 teams have admin on project "data", more than 1: data-a, data-b',
    ]);
    expect(violations[0]?.team).toEqual({ name: 'dev', id: 'team-dev' });
    expect(violations[0]?.target).toEqual({ type: 'workspace', name: 'api-prod', id: 'ws-apiprod' });
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(JSON.parse(json.out)), JSON.stringify(validate.errors)).toBe(true);
    const text = await runCli(['plan', path], { env: world.env });
    expect(text.code).toBe(3);
    expect(text.out).toContain(
      'Policies broken (4 violations); plan and apply refuse (exit 3), drift reports them (exit 2):\n  [only sre administers production] team "dev" has admin on workspace "api-prod", above write (workspace grant: admin)\n',
    );
    const markdown = await runCli(['plan', path, '--format', 'markdown'], { env: world.env });
    expect(markdown.code).toBe(3);
    expect(markdown.out).toContain('> - [one admin team per project] 2 teams have admin on project "data", more than 1: data-a, data-b');
  });

  it('apply refuses a plan that breaks a policy with exit 3 and writes nothing; --force does not lift it', async () => {
    world.emulator.resetLog();
    const run = await runCli(['apply', file(BREAKS_ALL), '--auto-approve', '--force'], { env: world.env });
    expect(run.code).toBe(3);
    expect(run.err).toContain('refused: the access once applied breaks policies (4 violations) of the files; nothing was changed.');
    expect(run.err).toContain('  [auditors see platform] team "auditors" has no access on workspace "api-dev", below read');
    expect(world.emulator.requests.length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    // A saved plan keeps its violations: `plan --out` saves it (exit 3), `apply --plan` refuses it.
    const saved = join(world.dir, 'broken.tfplan.json');
    expect((await runCli(['plan', join(world.dir, 'access.yaml'), '--out', saved], { env: world.env })).code).toBe(3);
    const applied = await runCli(['apply', '--plan', saved, '--auto-approve'], { env: world.env });
    expect(applied.code).toBe(3);
    expect(applied.err).toContain('refused: the access once applied breaks policies (4 violations)');
    expect(writes()).toEqual([]);
  });

  it('a saved plan is stale for files whose policies changed since (apply --plan FILE PATHS)', async () => {
    const path = file(files('write'));
    const saved = join(world.dir, 'clean.tfplan.json');
    expect((await runCli(['plan', path, '--out', saved], { env: world.env })).code).toBe(0);
    writeFileSync(path, files('write').replace('max-access: write', 'max-access: read'));
    const run = await runCli(['apply', '--plan', saved, path, '--auto-approve'], { env: world.env });
    expect(run.code).toBe(1);
    expect(run.err).toContain('is stale: the policies of the desired-state files changed since it was planned; nothing was changed.');
    expect(writes()).toEqual([]);
  });

  it('drift lists the live violations and exits 2 even with no drift; plan checks the access once applied', async () => {
    // dev made admin on api-prod by files without policies: the live access now breaks one.
    const without = join(world.dir, 'no-policies.yaml');
    writeFileSync(without, 'organization: acme\nworkspaces:\n  api-prod:\n    teams: { sre: admin, auditors: read, dev: admin }\n');
    expect((await runCli(['apply', without, '--auto-approve'], { env: world.env })).code).toBe(0);
    const same = await runCli(['drift', file(files('admin')), '--format', 'json'], { env: world.env });
    expect(same.code).toBe(2);
    expect(same.err).toBe('drift: live access breaks a policy of the files.\n');
    expect(JSON.parse(same.out)).toMatchObject({ changes: [] });
    expect(rows(violationsOf(same.out))).toEqual(['only sre administers production | workspace:api-prod | dev']);
    // Files that fix it: the plan's after-state is clean (exit 0), the live access still is not (drift 2).
    const fix = file(files('write'));
    const plan = await runCli(['plan', fix, '--format', 'json'], { env: world.env });
    expect(plan.code).toBe(0);
    expect(violationsOf(plan.out)).toEqual([]);
    const drift = await runCli(['drift', fix], { env: world.env });
    expect(drift.code).toBe(2);
    expect(drift.out).toContain('[only sre administers production] team "dev" has admin on workspace "api-prod"');
    expect((await runCli(['apply', fix, '--auto-approve'], { env: world.env })).code).toBe(0);
    expect((await runCli(['drift', fix], { env: world.env })).code).toBe(0);
  });

  it('report lists the live violations (and --after those once applied) in json, text, csv and html', async () => {
    const path = file(BREAKS_ALL);
    const live = await runCli(['report', path, '--format', 'json'], { env: world.env });
    expect(live.code).toBe(0);
    expect(violationsOf(live.out)).toEqual([]);
    const after = await runCli(['report', path, '--after', '--format', 'json'], { env: world.env });
    expect(after.code).toBe(0);
    const plan = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    // The report sees one state: the plan's violations without the plan's comparison with live access (all new here).
    const planned = violationsOf(plan.out);
    expect(planned.map((v) => v.status)).toEqual(planned.map(() => 'new'));
    expect(violationsOf(after.out)).toEqual(planned.map(({ status: _, ...v }) => v));
    // Live access that breaks one: dev made admin by files without policies.
    writeFileSync(join(world.dir, 'no-policies.yaml'), 'organization: acme\nworkspaces:\n  api-prod:\n    teams: { sre: admin, auditors: read, dev: admin }\n');
    expect((await runCli(['apply', join(world.dir, 'no-policies.yaml'), '--auto-approve'], { env: world.env })).code).toBe(0);
    const json = await runCli(['report', path, '--format', 'json'], { env: world.env });
    expect(rows(violationsOf(json.out))).toEqual(['only sre administers production | workspace:api-prod | dev']);
    const text = await runCli(['report', path], { env: world.env });
    expect(text.out).toContain('Policies broken (1 violation)');
    expect(text.out).toContain('  [only sre administers production] team "dev" has admin on workspace "api-prod", above write (workspace grant: admin)');
    const csv = await runCli(['report', path, '--format', 'csv'], { env: world.env });
    expect(csv.out.split('\r\n').filter((r) => r.includes('[only sre'))).toEqual([
      expect.stringMatching(/^dev,team-dev,workspace,api-prod,ws-apiprod,platform,admin,.*,"\[only sre administers production\] team ""dev"" has admin/),
    ]);
    const html = await runCli(['report', path, '--format', 'html'], { env: world.env });
    expect(html.out.match(/class="cell lvl-admin violated"/g)).toHaveLength(1);
    expect(html.out).toContain('<section id="violations">');
    // --team narrows the violations with the access.
    const other = await runCli(['report', path, '--format', 'json', '--team', 'sre'], { env: world.env });
    expect(violationsOf(other.out)).toEqual([]);
  });

  it('reads only what the matches select: the grants of each selected target the files do not manage, and of its project', async () => {
    const grantReads = (): string[] =>
      world.emulator.requests
        .filter((r) => r.method === 'GET' && /team-(workspaces|projects)$/.test(r.path))
        .map((r) => decodeURIComponent(r.query).replace(/.*filter\[(workspace|project)\]\[id\]=([^&]+).*/, '$2'))
        .sort();
    const base = 'organization: acme\nworkspaces:\n  api-prod:\n    teams: { sre: admin, dev: write }\n';
    world.emulator.resetLog();
    expect((await runCli(['plan', file(base)], { env: world.env })).code).toBe(0);
    expect(grantReads()).toEqual(['ws-apiprod']);
    world.emulator.resetLog();
    const narrow = `${base}policies:\n  - name: data at most write\n    workspaces: { projects: [data] }\n    max-access: write\n    except-teams: [data-a]\n`;
    const run = await runCli(['plan', file(narrow), '--format', 'json'], { env: world.env });
    expect(run.code).toBe(0);
    expect(violationsOf(run.out)).toEqual([]);
    expect(grantReads()).toEqual(['prj-data1', 'ws-apiprod', 'ws-etlprod']);
  });

  it('regression: read by team, a policy re-read one grant list per unmanaged workspace the read by team had already read', async () => {
    const perWorkspace = (): string[] =>
      world.emulator.requests
        .filter((r) => r.method === 'GET' && r.path.endsWith('/team-workspaces') && decodeURIComponent(r.query).includes('filter[workspace][id]'))
        .map((r) => r.query);
    const text =
      'organization: acme\nworkspaces:\n  api-prod:\n    teams: { sre: admin, dev: write }\npolicies:\n  - name: data at most write\n    workspaces: { projects: [data] }\n    max-access: write\n    except-teams: [data-a]\n';
    world.emulator.resetLog();
    const run = await runCli(['plan', file(text), '--format', 'json', '--read-by', 'team'], { env: world.env });
    expect(run.code, run.err).toBe(0);
    expect((JSON.parse(run.out) as { read: { strategy: string } }).read.strategy).toBe('by-team');
    expect(violationsOf(run.out)).toEqual([]);
    // Every workspace's grants came with the lists by team: none is listed again for the policy.
    expect(perWorkspace()).toEqual([]);
  });

  it('a policy naming a team the token does not see is one error with a near miss, before anything is checked', async () => {
    const run = await runCli(['plan', file(files('write').replace('team: auditors', 'team: auditor'))], { env: world.env });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      /access\.yaml:\d+:\d+: policy "auditors see platform": team "auditor" in organization "acme": not found.*Did you mean "auditors"\?/,
    );
  });
});
