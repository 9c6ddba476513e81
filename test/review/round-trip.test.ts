// Issue 29's access review, against the emulator through the real CLI: start writes a sheet per
// owner; the filled sheets close into an edit of the files (the revoked grant gone, every other
// byte kept), whose plan is exactly that removal, and a bundle whose hashes hold. And what close
// refuses: an undecided row, a reviewer who provisioned the access, a sheet of another round, a
// row changed after start.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { client, workspaceGrantBody } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound, START } from '../support/review-round.js';
import { fillSheet as fillSheetEnded, type Row, readRows } from '../support/review-sheets.js';

const TOKEN = 'acme-org-token';
const AUDIT = 'acme-audit-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  'audit-token': AUDIT,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
    { name: 'qa', id: 'team-qa' },
    { name: 'ops', id: 'team-ops' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] },
    { email: 'bo@acme.test', username: 'bo', 'user-id': 'user-bo', teams: ['owners'], tokens: ['bo-token'] },
  ],
  projects: [{ name: 'billing' }, { name: 'platform' }],
  workspaces: [
    { name: 'bill-api', id: 'ws-billapi', project: 'billing' },
    { name: 'bill-web', id: 'ws-billweb', project: 'billing' },
    { name: 'plat-core', id: 'ws-platcore', project: 'platform', 'tag-names': ['prod'] },
    { name: 'misc', id: 'ws-misc' },
  ],
  'team-workspaces': [
    { team: 'dev', workspace: 'bill-api', access: 'write' },
    { team: 'qa', workspace: 'bill-api', access: 'read' },
    { team: 'dev', workspace: 'bill-web', access: 'read' },
    { team: 'ops', workspace: 'plat-core', access: 'plan' },
    { team: 'dev', workspace: 'misc', access: 'read' },
  ],
};

const FILES = `# the organization's access, reviewed each quarter
organization: acme
review-owners:
  billing-leads:
    reviewers: [ana@acme.test, bo@acme.test]
    projects: [billing]
  platform-leads:
    reviewers: [bo@acme.test]
    tags: [prod]
workspaces:
  bill-api:
    teams:
      dev: write   # the service's deployers
      qa: read
  bill-web:
    teams:
      dev: read
  plat-core:
    teams:
      ops: plan
  misc:
    teams:
      dev: read
`;

const held = perTest();

interface World {
  readonly dir: string;
  readonly env: (now?: number) => Record<string, string>;
}

const world = (files = FILES, organization = ORGANIZATION): Promise<World> => reviewRound(held, organization, files, { token: TOKEN, audit: AUDIT });

/** This suite's sheets come back with `\r\n` line ends, as a spreadsheet saves them on Windows. */
const fillSheet = (path: string, fill: (row: Row) => Partial<Row> | undefined): Promise<void> => fillSheetEnded(path, fill, '\r\n');

const keep = (reviewer: string) => (): Partial<Row> => ({ decision: 'keep', reviewer, rationale: 'still needed', 'decided-at': '2026-11-21T09:00:00Z' });

async function start(w: World, out: string, now?: number) {
  const run = await runCli(['review', 'start', w.dir, '--out', out], { env: w.env(now) });
  expect(run.code, run.err).toBe(0);
  return run;
}

const SHEETS = ['review-billing-leads.csv', 'review-platform-leads.csv', 'review-unowned.csv'];

describe('an access review, start to close, against the emulator', () => {
  it('start, fill (one revoke, the rest keep), close: the grant leaves the files, the plan is that removal, the bundle verifies', async () => {
    const w = await world();
    const out = join(w.dir, 'round');
    const started = await start(w, out);
    expect(started.err).toMatch(/wrote 2 owner sheets \(\d+ rows\) and review-unowned\.csv \(\d+ rows? no owner covers\)/);
    const billing = await readRows(join(out, 'review-billing-leads.csv'));
    // Every team with access on billing's workspaces, the owners team (organization-wide) included.
    expect(billing.filter((r) => r.subject !== 'owners').map((r) => `${r.subject} ${r.target} ${r.access}`)).toEqual([
      'dev bill-api write',
      'qa bill-api read',
      'dev bill-web read',
    ]);
    expect(billing.every((r) => r.decision === '' && r.reviewer === '' && r['decided-at'] === '' && r.review === 'acme@2026-11-20T10:00:00Z')).toBe(true);
    const platform = await readRows(join(out, 'review-platform-leads.csv'));
    expect(platform.filter((r) => r.subject !== 'owners').map((r) => `${r.subject} ${r.target}`)).toEqual(['ops plat-core']);
    const unowned = await readRows(join(out, 'review-unowned.csv'));
    expect(unowned.map((r) => r.target)).toContain('misc');

    await fillSheet(join(out, 'review-billing-leads.csv'), (row) =>
      row.subject === 'qa' && row.target === 'bill-api'
        ? { decision: 'revoke', reviewer: 'ana@acme.test', rationale: 'qa no longer tests here', 'decided-at': '2026-11-21T09:30:00Z' }
        : keep('ana@acme.test')(),
    );
    for (const sheet of SHEETS.slice(1)) await fillSheet(join(out, sheet), keep('bo@acme.test'));
    const bundle = join(w.dir, 'bundle');
    const closed = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir, '--bundle', bundle], { env: w.env(CLOSE) });
    expect(closed.code, closed.err).toBe(0);
    expect(closed.err).toMatch(/1 revoke written into .*tfe-access\.yaml/);

    // The grant is gone from the YAML, every other byte kept.
    const edited = await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8');
    expect(edited).toBe(FILES.replace('      qa: read\n', ''));

    // The plan of the edited files: exactly that removal.
    const plan = await runCli(['plan', w.dir, '--format', 'json'], { env: w.env() });
    const changes = (JSON.parse(plan.out) as { changes: { action: string; team: { name: string }; target: { name: string } }[] }).changes;
    expect(changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual(['remove qa bill-api']);

    // The bundle: every file listed in the manifest hashes as it says; the decisions carry the revoke's edit and plan change.
    const manifest = JSON.parse(await readFile(join(bundle, 'manifest.json'), 'utf8')) as {
      organization: string;
      files: { name: string; bytes: number; sha256: string; rows?: number }[];
    };
    expect(manifest.organization).toBe('acme');
    expect(manifest.files.map((f) => f.name).sort()).toEqual([...SHEETS, 'decisions.csv', 'decisions.json', 'plan.json', 'review.json'].sort());
    for (const file of manifest.files) {
      const bytes = await readFile(join(bundle, file.name));
      expect(createHash('sha256').update(bytes).digest('hex'), file.name).toBe(file.sha256);
      expect(bytes.byteLength).toBe(file.bytes);
    }
    const decisions = JSON.parse(await readFile(join(bundle, 'decisions.json'), 'utf8')) as {
      decisions: { decision: string; reviewer: string; edit: { file: string; diff: string } | null; plan_change: string | null }[];
    };
    const revokes = decisions.decisions.filter((d) => d.decision === 'revoke');
    expect(revokes).toHaveLength(1);
    expect(revokes[0]?.edit?.diff).toContain('-      qa: read');
    expect(revokes[0]?.plan_change).toBe('remove grant of team qa on workspace bill-api');
    const bundledPlan = JSON.parse(await readFile(join(bundle, 'plan.json'), 'utf8')) as { changes: unknown[] };
    expect(bundledPlan.changes).toHaveLength(1);
    expect(await readFile(join(bundle, 'review-billing-leads.csv'), 'utf8')).toBe(await readFile(join(out, 'review-billing-leads.csv'), 'utf8'));
  });

  it('refuses an undecided row, naming the sheet and the row; nothing is written', async () => {
    const w = await world();
    const out = join(w.dir, 'round');
    await start(w, out);
    await fillSheet(join(out, 'review-billing-leads.csv'), (row) => (row.subject === 'qa' ? undefined : keep('ana@acme.test')()));
    for (const sheet of SHEETS.slice(1)) await fillSheet(join(out, sheet), keep('bo@acme.test'));
    const rows = await readRows(join(out, 'review-billing-leads.csv'));
    const line = rows.findIndex((r) => r.subject === 'qa') + 2;
    const closed = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir], { env: w.env(CLOSE) });
    expect(closed.code).toBe(1);
    expect(closed.err).toContain(`review-billing-leads.csv:${line}: undecided: decision is empty (keep or revoke)`);
    expect(await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);
  });

  it('refuses a reviewer who provisioned the access, as the audit trail records it', async () => {
    const w = await world();
    // ana grants qa on bill-web by hand, with her own token.
    const api = client(held.emulator as NonNullable<typeof held.emulator>);
    expect((await api.post('/team-workspaces', workspaceGrantBody('ws-billweb', 'team-qa', { access: 'read' }), 'ana-token')).status).toBeLessThan(300);
    const out = join(w.dir, 'round');
    await start(w, out);
    await fillSheet(join(out, 'review-billing-leads.csv'), keep('ana@acme.test'));
    for (const sheet of SHEETS.slice(1)) await fillSheet(join(out, sheet), keep('bo@acme.test'));
    const rows = await readRows(join(out, 'review-billing-leads.csv'));
    const line = rows.findIndex((r) => r.subject === 'qa' && r.target === 'bill-web') + 2;
    expect(line).toBeGreaterThan(1);
    const closed = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir], { env: w.env(CLOSE) });
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(
      new RegExp(`review-billing-leads\\.csv:${line}: reviewer ana@acme\\.test provisioned this access \\(audit trail: workspace\\.add_team by ana`),
    );
    // Another reviewer may decide it; without an audit token the check is said not done, and nothing refused.
    await fillSheet(join(out, 'review-billing-leads.csv'), keep('bo@acme.test'));
    const other = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir], { env: w.env(CLOSE) });
    expect(other.code, other.err).toBe(0);
    await fillSheet(join(out, 'review-billing-leads.csv'), keep('ana@acme.test'));
    const { TFE_AUDIT_TOKEN: _, ...noAudit } = w.env(CLOSE);
    const unchecked = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir], { env: noAudit });
    expect(unchecked.code, unchecked.err).toBe(0);
    expect(unchecked.err).toContain('notice: the reviewers were not checked against who provisioned each grant: no audit token');
  });

  it('refuses a sheet of another round, and a row whose target was changed after start', async () => {
    const w = await world();
    const first = join(w.dir, 'first');
    const second = join(w.dir, 'second');
    await start(w, first);
    await start(w, second, START + 60_000);
    for (const dir of [first, second]) for (const sheet of SHEETS) await fillSheet(join(dir, sheet), keep('bo@acme.test'));
    // The billing sheet of the first round among the second's.
    const mixed = [join(second, SHEETS[1] as string), join(first, SHEETS[0] as string), join(second, SHEETS[2] as string)];
    const closed = await runCli(['review', 'close', ...mixed, '--files', w.dir], { env: w.env(CLOSE) });
    expect(closed.code).toBe(1);
    expect(closed.err).toContain('review-billing-leads.csv:2: the row is of review "acme@2026-11-20T10:00:00Z", not "acme@2026-11-20T10:01:00Z"');

    // A target renamed in a row: refused as changed after start.
    const path = join(second, 'review-billing-leads.csv');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(',bill-api,', ',bill-web,'));
    const tampered = await runCli(['review', 'close', ...SHEETS.map((s) => join(second, s)), '--files', w.dir], { env: w.env(CLOSE) });
    expect(tampered.code).toBe(1);
    expect(tampered.err).toMatch(/review-billing-leads\.csv:\d+: the row was changed after review start/);
    expect(await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);
  });

  it('start refuses a project of review-owners the organization does not have, at its place, with the near miss', async () => {
    const w = await world();
    await writeFile(join(w.dir, 'tfe-access.yaml'), FILES.replace('projects: [billing]', 'projects: [biling]'));
    const run = await runCli(['review', 'start', w.dir, '--out', join(w.dir, 'round')], { env: w.env() });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/tfe-access\.yaml:6:16: review owner "billing-leads": project "biling" in organization "acme": .*Did you mean "billing"\?/);
  });

  it('finding 9: a swapped project name (blilng) and a tag on no workspace (pord) of review-owners, both in one run, each with its near miss', async () => {
    const w = await world();
    const typos = FILES.replace('projects: [billing]', 'projects: [blilng]').replace('tags: [prod]', 'tags: [pord]');
    await writeFile(join(w.dir, 'tfe-access.yaml'), typos);
    const run = await runCli(['review', 'start', w.dir, '--out', join(w.dir, 'round')], { env: w.env() });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/tfe-access\.yaml:6:16: review owner "billing-leads": project "blilng" .*Did you mean "billing"\?/);
    expect(run.err).toMatch(/tfe-access\.yaml:9:12: review owner "platform-leads": tag "pord" is on no workspace the token can see\. Did you mean "prod"\?/);
  });

  it("a person revoked: taken out of the team's members in the files, and the plan removes them from the team", async () => {
    const people = [
      ...(ORGANIZATION.people ?? []),
      { email: 'cy@acme.test', username: 'cy', 'user-id': 'user-cy', teams: ['qa'] },
      { email: 'dee@acme.test', username: 'dee', 'user-id': 'user-dee', teams: ['qa'] },
    ];
    const files = FILES.replace('workspaces:\n', 'teams:\n  qa:\n    members: [cy@acme.test, dee@acme.test]\nworkspaces:\n');
    const w = await world(files, { ...ORGANIZATION, people });
    const out = join(w.dir, 'round');
    await start(w, out);
    const billing = await readRows(join(out, 'review-billing-leads.csv'));
    expect(billing.filter((r) => r.kind === 'person').map((r) => `${r.subject} via ${r.via} ${r.target} ${r.access}`)).toEqual([
      'cy@acme.test via qa bill-api read',
      'dee@acme.test via qa bill-api read',
    ]);
    await fillSheet(join(out, 'review-billing-leads.csv'), (row) =>
      row.subject === 'dee@acme.test'
        ? { decision: 'revoke', reviewer: 'ana@acme.test', rationale: 'left the qa team', 'decided-at': '2026-11-21T09:30:00Z' }
        : keep('ana@acme.test')(),
    );
    for (const sheet of SHEETS.slice(1)) await fillSheet(join(out, sheet), keep('bo@acme.test'));
    const closed = await runCli(['review', 'close', ...SHEETS.map((s) => join(out, s)), '--files', w.dir], { env: w.env(CLOSE) });
    expect(closed.code, closed.err).toBe(0);
    expect(await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8')).toBe(files.replace('[cy@acme.test, dee@acme.test]', '[cy@acme.test]'));
    const plan = await runCli(['plan', w.dir, '--format', 'json'], { env: w.env() });
    const json = JSON.parse(plan.out) as { changes: unknown[]; member_changes?: { action: string; team: { name: string }; person: { email: string } }[] };
    expect(json.changes).toEqual([]);
    expect(json.member_changes?.map((m) => `${m.action} ${m.person.email} ${m.team.name}`)).toEqual(['remove dee@acme.test qa']);
  });
});
