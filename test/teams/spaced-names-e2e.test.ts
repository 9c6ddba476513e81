// Issue 39, Build 6: team names as the service takes them. The docs' page allows letters, digits, `-`
// and `_`, yet go-tfe's integration tests rename a team to "foo bar" (docs/api.md, "Teams"); the
// emulator's current profile follows the service. Files naming "foo bar" (and a name a CSV or a YAML
// flow must quote, `Ops, "night"`) validate, plan, apply, drift, adopt, export (read back equal),
// report in every format and go through a review round, in both read strategies.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { client, workspaceGrantBody } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound } from '../support/review-round.js';
import { fillSheet, readRows } from '../support/review-sheets.js';

const TOKEN = 'acme-org-token';
const OPS = 'Ops, "night"';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'foo bar', id: 'team-foobar' },
    { name: OPS, id: 'team-ops' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners'] },
    { email: 'bo@acme.test', username: 'bo', teams: ['owners', 'foo bar'] },
  ],
  projects: [{ name: 'platform', id: 'prj-platform' }],
  workspaces: [
    { name: 'web', id: 'ws-web', project: 'platform' },
    { name: 'api', id: 'ws-api', project: 'platform' },
  ],
  'team-workspaces': [{ team: 'foo bar', workspace: 'web', access: 'write' }],
};

const FILES = `organization: acme
review-owners:
  platform-leads:
    reviewers: [ana@acme.test]
    projects: [platform]
teams:
  foo bar: { members: [bo@acme.test] }
  "new team": { organization-access: { manage-workspaces: true } }
workspaces:
  web:
    teams:
      foo bar: write
      new team: read
  api:
    teams:
      'Ops, "night"': plan
`;

const held = perTest();

describe.each(['team', 'target'] as const)('team names with spaces and commas, read by %s', (readBy) => {
  const READ = ['--read-by', readBy, '--rate-limit', String(FAST)];

  it('validate, plan, apply, drift, adopt, export, report and review all carry the names', async () => {
    const w = await reviewRound(held, ORGANIZATION, FILES, { token: TOKEN });
    const env = w.env();
    const cli = (args: string[], at = env) => runCli([...args, ...READ], { env: at });
    expect((await runCli(['validate', w.dir])).code).toBe(0);

    // Plan and apply: the team is made, the grants land, the next plan is clean.
    const planned = await cli(['plan', w.dir, '--format', 'json']);
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out);
    expect(plan.read.strategy).toBe(`by-${readBy}`);
    expect(plan.team_changes.map((c: any) => `${c.action} ${c.name}`)).toEqual(['create new team']);
    expect(plan.changes.map((c: any) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual([`add ${OPS} api`, 'add new team web']);
    const applied = await cli(['apply', w.dir, '--auto-approve']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    expect((await cli(['plan', w.dir, '--detailed-exitcode'])).code).toBe(0);

    // Drift by hand on "foo bar", adopted into the files, which plan clean again.
    const api = client(w.emulator);
    expect((await api.post('/team-workspaces', workspaceGrantBody('ws-api', 'team-foobar', { access: 'read' }))).status).toBeLessThan(300);
    const drift = await cli(['drift', w.dir, '--no-color']);
    expect(drift.code, drift.out + drift.err).toBe(2);
    expect(drift.out).toContain('foo bar');
    const adopted = await cli(['drift', w.dir, '--adopt']);
    expect(adopted.code, adopted.out + adopted.err).toBe(2);
    expect(adopted.err).toContain('adopted 1 of the drift');
    expect(await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8')).toContain('foo bar: read');
    expect((await runCli(['validate', w.dir])).code).toBe(0);
    expect((await cli(['plan', w.dir, '--detailed-exitcode'])).code).toBe(0);

    // Export writes the names back, quoted where YAML needs it, and the export plans clean.
    const exported = join(w.dir, 'export');
    await mkdir(exported);
    const run = await cli(['export', '--organization', 'acme', '--all', '--teams', '--members', '--out', join(exported, 'acme.yaml')]);
    expect(run.code, run.err).toBe(0);
    const document = parseYaml(await readFile(join(exported, 'acme.yaml'), 'utf8'));
    expect(Object.keys(document.teams)).toEqual([OPS, 'foo bar', 'new team', 'owners']);
    expect(document.workspaces.api.teams).toEqual({ [OPS]: 'plan', 'foo bar': 'read' });
    const again = await cli(['plan', exported, '--detailed-exitcode', '--format', 'json']);
    expect(again.code, again.out + again.err).toBe(0);
    expect(JSON.parse(again.out).changes).toEqual([]);
    await rm(exported, { recursive: true });

    // The report: every format names both teams, the CSV quoting the comma and the quotes.
    const json = JSON.parse((await cli(['report', '--organization', 'acme', '--format', 'json'])).out);
    expect(JSON.stringify(json)).toContain('foo bar');
    const csv = await cli(['report', '--organization', 'acme', '--format', 'csv']);
    const rows = parse(csv.out, { columns: true }) as Record<string, string>[];
    expect(rows.some((r) => Object.values(r).includes(OPS))).toBe(true);
    expect(rows.some((r) => Object.values(r).includes('foo bar'))).toBe(true);
    const html = await cli(['report', '--organization', 'acme', '--format', 'html']);
    expect(html.out).toContain('Ops, &quot;night&quot;');
    const text = await cli(['report', '--organization', 'acme']);
    expect(text.out).toContain('foo bar');
    const one = JSON.parse((await cli(['report', '--organization', 'acme', '--team', OPS, '--format', 'json'])).out);
    expect(one.workspaces.flatMap((w: any) => w.teams.map((t: any) => `${t.name} ${w.name}`))).toEqual([`${OPS} api`]);

    // A review round: the sheets hold the names and read back; close keeps every row.
    const out = join(w.dir, 'round');
    const started = await cli(['review', 'start', w.dir, '--out', out]);
    expect(started.code, started.err).toBe(0);
    const sheet = join(out, 'review-platform-leads.csv');
    const subjects = (await readRows(sheet)).map((r) => r.subject);
    expect(subjects).toEqual(expect.arrayContaining(['foo bar', OPS, 'new team']));
    const sheets = (await readdir(out)).filter((f) => f.endsWith('.csv')).map((f) => join(out, f));
    const keep = () => ({ decision: 'keep', reviewer: 'ana@acme.test', rationale: 'needed', 'decided-at': '2026-11-21T09:00:00Z' });
    for (const s of sheets) await fillSheet(s, keep);
    const closed = await cli(['review', 'close', ...sheets, '--files', w.dir], w.env(CLOSE));
    expect(closed.code, closed.err).toBe(0);
  }, 120_000);
});
