// New and live violations, and accepted exceptions, end to end against the emulator with the real CLI
// (docs/evidence.md): a plan whose change adds no violation exits 0 while live access breaks a
// policy, and lists that one apart (collapsed in Markdown, `status: live` in JSON); a change that
// adds one exits 3 and apply refuses it. An exception accepts a violation until it ends (the clock
// injected, TFE_ACCESS_NOW); a saved plan seals its exceptions and apply --plan, at a later clock,
// refuses once it has ended. The live check costs no request.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { violationsOf } from '../support/violations.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'new-live-org-token';
const NOW = '2026-05-01T12:00:00Z';
const LATER = '2026-06-02T00:00:00Z';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'dev', 'ops', 'qa'].map((name) => ({ name, id: `team-${name}`, visibility: 'organization' as const })),
      projects: [{ name: 'platform', id: 'prj-platform1' }],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'platform', 'tag-names': ['prod'] },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        // Live already, and not the files' (api-prod is not managed): it breaks the policy as it is.
        { team: 'dev', workspace: 'api-prod', access: 'admin', id: 'tws-devapi' },
        { team: 'qa', workspace: 'etl-prod', access: 'read', id: 'tws-qaetl' },
      ],
    },
  ],
};

const policy = (exceptions = ''): string => `policies:
  - name: only sre administers production
    workspaces: { tags: [prod] }
    max-access: write
    except-teams: [sre]
${exceptions}`;

/** etl-prod managed: qa's read, and ops at `ops`. */
const files = (ops: string, exceptions = ''): string => `organization: acme
workspaces:
  etl-prod:
    teams: { qa: read, ops: ${ops} }
${policy(exceptions)}`;

const EXCEPTION = `    exceptions:
      - { team: ops, workspace: etl-prod, reason: "data migration, INC-42", expires: 2026-06-01 }
`;
const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-new-live-', env: { TFE_ACCESS_NOW: NOW } });
const { file, writes } = world;
const rows = (out: string): string[] =>
  violationsOf(out).map(
    (v) => `${v.target?.name} | ${v.team?.name} | ${v.status}${v.accepted ? ` | accepted until ${v.accepted.expires}: ${v.accepted.reason}` : ''}`,
  );
const LIVE = 'team "dev" has admin on workspace "api-prod", above write (workspace grant: admin)';

describe('new and live violations against the emulator', () => {
  it('a change that adds no violation exits 0 while live access breaks the policy, listing it apart (collapsed in Markdown); apply applies it', async () => {
    const path = file(files('write'));
    const json = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    expect(json.code, json.err).toBe(0);
    expect(json.err).toBe('');
    expect(rows(json.out)).toEqual(['api-prod | dev | live']);
    const text = await runCli(['plan', path], { env: world.env });
    expect(text.code).toBe(0);
    expect(text.out).toContain(`Already live, not caused by this change (1 violation); they do not block:\n  [only sre administers production] ${LIVE}\n`);
    expect(text.out).not.toContain('Policies broken');
    const markdown = await runCli(['plan', path, '--format', 'markdown'], { env: world.env });
    expect(markdown.code).toBe(0);
    expect(markdown.out).toContain(
      `<details><summary>Already live, not caused by this change (1 violation); they do not block:</summary>\n\n- [only sre administers production] ${LIVE}\n`,
    );
    expect(markdown.out).not.toContain('[!CAUTION]');
    const apply = await runCli(['apply', path, '--auto-approve'], { env: world.env });
    expect(apply.code, apply.err).toBe(0);
    expect(writes()).toEqual(['POST /api/v2/team-workspaces']);
  });

  it('a change that adds one exits 3, new first and blocking, the live one apart; apply refuses for the new one only and writes nothing', async () => {
    const path = file(files('admin'));
    const json = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    expect(json.code).toBe(3);
    expect(json.err).toBe('plan: the access once applied breaks a policy of the files; apply will refuse this plan.\n');
    expect(rows(json.out)).toEqual(['api-prod | dev | live', 'etl-prod | ops | new']);
    const markdown = await runCli(['plan', path, '--format', 'markdown'], { env: world.env });
    const caution = markdown.out.indexOf('[!CAUTION]');
    const live = markdown.out.indexOf('<details><summary>Already live');
    expect(caution).toBeGreaterThan(0);
    expect(live).toBeGreaterThan(caution);
    expect(markdown.out.slice(caution, live)).toContain('team "ops" has admin on workspace "etl-prod"');
    expect(markdown.out.slice(caution, live)).not.toContain(LIVE);
    const apply = await runCli(['apply', path, '--auto-approve'], { env: world.env });
    expect(apply.code).toBe(3);
    expect(apply.err).toContain('team "ops" has admin on workspace "etl-prod"');
    expect(apply.err).not.toContain(LIVE);
    expect(writes()).toEqual([]);
  });

  it('drift reports every live violation, exit 2, with no status', async () => {
    const drift = await runCli(['drift', file(files('write')), '--format', 'json'], { env: world.env });
    expect(drift.code).toBe(2);
    expect(rows(drift.out)).toEqual(['api-prod | dev | undefined']);
  });

  it('checking live access too costs no request: exactly the requests of a plan that checked the access after it only', async () => {
    world.emulator.resetLog();
    expect((await runCli(['plan', file(files('admin')), '--format', 'json'], { env: world.env })).code).toBe(3);
    const withPolicies = world.emulator.requests.map((r) => `${r.method} ${r.path}?${decodeURIComponent(r.query)}`);
    // The plan's reads, then the policies' one more list (api-prod, unmanaged): nothing read twice.
    // Exactly the reads the plan and its policies made before live access was checked too; the list of projects once, by the policies' lists,
    // which the effective changes name the changed workspace's project from (issue 40: it was read a second time before).
    expect([...withPolicies].sort()).toEqual([
      'GET /api/v2/account/details?',
      'GET /api/v2/organizations/acme/projects?page[number]=1&page[size]=100',
      'GET /api/v2/organizations/acme/teams?page[number]=1&page[size]=100',
      'GET /api/v2/organizations/acme/workspaces/etl-prod?',
      'GET /api/v2/organizations/acme/workspaces?include=effective_tag_bindings&page[number]=1&page[size]=100',
      'GET /api/v2/ping?',
      'GET /api/v2/team-projects?filter[project][id]=prj-platform1&page[number]=1&page[size]=100',
      'GET /api/v2/team-workspaces?filter[workspace][id]=ws-apiprod&page[number]=1&page[size]=100',
      'GET /api/v2/team-workspaces?filter[workspace][id]=ws-etlprod&page[number]=1&page[size]=100',
    ]);
  });
});

describe('accepted exceptions against the emulator', () => {
  it('accept the new violation until they end: plan exits 0 and shows it accepted with reason and end; at a later clock it blocks again', async () => {
    const path = file(files('admin', EXCEPTION));
    const json = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    expect(json.code, json.err).toBe(0);
    expect(rows(json.out)).toEqual(['api-prod | dev | live', 'etl-prod | ops | new | accepted until 2026-06-02T00:00:00Z: data migration, INC-42']);
    const text = await runCli(['plan', path], { env: world.env });
    expect(text.out).toContain(
      'Accepted by an exception of the policy (1 violation); they do not block until it ends:\n  [only sre administers production] team "ops" has admin on workspace "etl-prod", above write (workspace grant: admin) (accepted until end of 2026-06-01 UTC: data migration, INC-42)\n',
    );
    const markdown = await runCli(['plan', path, '--format', 'markdown'], { env: world.env });
    expect(markdown.out).toContain('<details><summary>Accepted by an exception of the policy (1 violation)');
    const later = await runCli(['plan', path, '--format', 'json'], { env: { ...world.env, TFE_ACCESS_NOW: LATER } });
    expect(later.code).toBe(3);
    expect(rows(later.out)).toEqual(['api-prod | dev | live', 'etl-prod | ops | new']);
    const validate = await runCli(['validate', path], { env: { ...world.env, TFE_ACCESS_NOW: LATER } });
    expect(validate.code).toBe(0);
    expect(validate.out).toContain('the exception of team "ops" on workspace "etl-prod" expired less than a day ago');
  });

  it('an exception of a team or workspace the organization does not have fails the plan at its place, with the near miss', async () => {
    const typo = EXCEPTION.replace('team: ops', 'team: opz').replace('workspace: etl-prod', 'workspace: etl-prd');
    const run = await runCli(['plan', file(files('admin', typo))], { env: world.env });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/access\.yaml:\d+:\d+: policy "only sre administers production": exception: team "opz" .*Did you mean "ops"\?/);
    const workspace = await runCli(['plan', file(files('admin', EXCEPTION.replace('workspace: etl-prod', 'workspace: etl-prd')))], { env: world.env });
    expect(workspace.code).toBe(1);
    expect(workspace.err).toMatch(/policy "only sre administers production": exception: workspace "etl-prd" .*Did you mean "etl-prod"\?/);
  });

  it('a saved plan seals the exceptions; apply --plan after the exception ended refuses (exit 3) and writes nothing', async () => {
    const planFile = join(world.dir, 'reviewed.plan.json');
    const planned = await runCli(['plan', file(files('admin', EXCEPTION)), '--out', planFile], { env: world.env });
    expect(planned.code, planned.err).toBe(0);
    const apply = await runCli(['apply', '--plan', planFile, '--auto-approve'], { env: { ...world.env, TFE_ACCESS_NOW: LATER } });
    expect(apply.code, apply.err).toBe(3);
    expect(apply.err).toContain('team "ops" has admin on workspace "etl-prod"');
    expect(writes()).toEqual([]);
    const inTime = await runCli(['apply', '--plan', planFile, '--auto-approve'], { env: world.env });
    expect(inTime.code, inTime.err).toBe(0);
    expect(writes()).toEqual(['POST /api/v2/team-workspaces']);
  });
});
