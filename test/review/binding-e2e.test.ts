// Issue 37's acceptance review round, against the emulator through the real CLI: a review binds
// who decided (a reviewer of the row's owner), over what population (every sheet and row of the
// round, live access as it is at close) and when (within the round). One close with a stale row, a
// missing sheet, a non-reviewer, a decision before the round and a revoke an organization power
// holds: each refused at its place, all in one run. Then a clean round closes, and its bundle
// verifies and holds review.json, the decisions and the plan of the revokes.

import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { client, workspaceGrantBody } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound, START } from '../support/review-round.js';
import { fillSheet, type Row, readRows } from '../support/review-sheets.js';

const TOKEN = 'acme-org-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
    { name: 'qa', id: 'team-qa' },
    { name: 'ops', id: 'team-ops' },
    { name: 'sre', id: 'team-sre', 'organization-access': { 'manage-workspaces': true } },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'] },
    { email: 'bo@acme.test', username: 'bo', 'user-id': 'user-bo', teams: ['owners'] },
  ],
  projects: [{ name: 'billing' }, { name: 'platform' }],
  workspaces: [
    { name: 'bill-api', id: 'ws-billapi', project: 'billing' },
    { name: 'bill-web', id: 'ws-billweb', project: 'billing' },
    { name: 'plat-core', id: 'ws-platcore', project: 'platform' },
    { name: 'misc', id: 'ws-misc' },
  ],
  'team-workspaces': [
    { team: 'dev', workspace: 'bill-api', access: 'write' },
    { team: 'qa', workspace: 'bill-api', access: 'read' },
    { team: 'dev', workspace: 'bill-web', access: 'read' },
    { team: 'ops', workspace: 'plat-core', access: 'plan' },
    { team: 'sre', workspace: 'plat-core', access: 'admin' },
    { team: 'dev', workspace: 'misc', access: 'read' },
  ],
};

const FILES = `organization: acme
review-owners:
  billing-leads:
    reviewers: [ana@acme.test]
    projects: [billing]
  platform-leads:
    reviewers: [bo@acme.test]
    projects: [platform]
workspaces:
  bill-api:
    teams:
      dev: write
      qa: read
  bill-web:
    teams:
      dev: read
  plat-core:
    teams:
      ops: plan
      sre: admin
  misc:
    teams:
      dev: read
`;

const SHEETS = ['review-billing-leads.csv', 'review-platform-leads.csv', 'review-unowned.csv'];
const held = perTest();

const keep = (reviewer: string, at = '2026-11-21T09:00:00Z'): Partial<Row> => ({ decision: 'keep', reviewer, rationale: 'needed', 'decided-at': at });
const line = (rows: Row[], on: (r: Row) => boolean): number => rows.findIndex(on) + 2;

describe('issue 37: a review binds who, what and when (acceptance)', () => {
  it('a stale row, a missing sheet, a non-reviewer, a time before the round and a revoke an organization power holds: each at its place, in one run; then a clean round closes and its bundle verifies', async () => {
    const { emulator, dir, env } = await reviewRound(held, ORGANIZATION, FILES, { token: TOKEN });
    const out = join(dir, 'round');
    const started = await runCli(['review', 'start', dir, '--out', out], { env: env(START) });
    expect(started.code, started.err).toBe(0);

    // After start: qa's read on bill-api raised to write (a stale row), dev granted on plat-core (access on no row).
    const api = client(emulator, TOKEN);
    const grants = await api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-billapi');
    const qa = (grants.body as { data: { id: string; relationships: { team: { data: { id: string } } } }[] }).data.find(
      (g) => g.relationships.team.data.id === 'team-qa',
    );
    expect((await api.patch(`/team-workspaces/${qa?.id ?? ''}`, { data: { attributes: { access: 'write' } } })).status).toBeLessThan(300);
    expect((await api.post('/team-workspaces', workspaceGrantBody('ws-platcore', 'team-dev', { access: 'admin' }))).status).toBeLessThan(300);

    const billingPath = join(out, SHEETS[0] as string);
    const platformPath = join(out, SHEETS[1] as string);
    const billing = await readRows(billingPath);
    const platform = await readRows(platformPath);
    await fillSheet(billingPath, (row) =>
      row.subject === 'dev' && row.target === 'bill-web'
        ? keep('mallory@acme.test') // not a reviewer of billing-leads
        : row.subject === 'dev' && row.target === 'bill-api'
          ? keep('ana@acme.test', '2026-11-19T09:00:00Z') // before the round started
          : keep('ana@acme.test'),
    );
    await fillSheet(platformPath, (row) =>
      row.subject === 'sre' && row.target === 'plat-core'
        ? { decision: 'revoke', reviewer: 'bo@acme.test', rationale: 'sre needs no admin', 'decided-at': '2026-11-21T09:30:00Z' }
        : keep('bo@acme.test'),
    );
    // review-unowned.csv is not given.
    const closed = await runCli(['review', 'close', billingPath, platformPath, '--files', dir, '--bundle', join(dir, 'refused')], { env: env(CLOSE) });
    expect(closed.code).toBe(1);
    const at = (sheet: string, rows: Row[], on: (r: Row) => boolean) => `${sheet}:${line(rows, on)}: `;
    expect(closed.err).toContain(
      `${at(SHEETS[0] as string, billing, (r) => r.subject === 'qa' && r.target === 'bill-api')}stale: live access changed since review start: now team qa has write`,
    );
    expect(closed.err).toContain(
      `${at(SHEETS[0] as string, billing, (r) => r.subject === 'dev' && r.target === 'bill-web')}reviewer "mallory@acme.test" is not a reviewer of owner "billing-leads"`,
    );
    expect(closed.err).toContain(
      `${at(SHEETS[0] as string, billing, (r) => r.subject === 'dev' && r.target === 'bill-api')}decided-at 2026-11-19T09:00:00Z is before the round started`,
    );
    expect(closed.err).toMatch(
      new RegExp(
        `${at(SHEETS[1] as string, platform, (r) => r.subject === 'sre' && r.target === 'plat-core')}the revoke of team sre on workspace plat-core would not take effect: the access is held by organization manage-workspaces`,
      ),
    );
    expect(closed.err).toContain('review-platform-leads.csv: live access with no row: team dev has admin on workspace plat-core');
    expect(closed.err).toMatch(/review-unowned\.csv: a sheet of the round is not given/);
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);
    expect(existsSync(join(dir, 'refused'))).toBe(false);

    // A clean round over live access as it is now: every row kept by its owner's reviewer, dev's read on misc revoked.
    const clean = join(dir, 'clean');
    const again = await runCli(['review', 'start', dir, '--out', clean], { env: env(START + 3_600_000) });
    expect(again.code, again.err).toBe(0);
    await fillSheet(join(clean, SHEETS[0] as string), () => keep('ana@acme.test'));
    await fillSheet(join(clean, SHEETS[1] as string), () => keep('bo@acme.test'));
    await fillSheet(join(clean, SHEETS[2] as string), (row) =>
      row.subject === 'dev' && row.target === 'misc'
        ? { decision: 'revoke', reviewer: 'ana@acme.test', rationale: 'unused', 'decided-at': '2026-11-21T09:30:00Z' }
        : keep('bo@acme.test'),
    );
    const bundle = join(dir, 'bundle');
    const ok = await runCli(['review', 'close', ...SHEETS.map((s) => join(clean, s)), '--files', dir, '--bundle', bundle], { env: env(CLOSE) });
    expect(ok.code, ok.err).toBe(0);
    const sha = /manifest\.json, SHA-256 ([0-9a-f]{64})/.exec(ok.err)?.[1];
    expect(sha).toBeDefined();
    const verified = await runCli(['report', 'verify', bundle, '--manifest-sha256', sha as string], { env: env(CLOSE) });
    expect(verified.code, verified.out + verified.err).toBe(0);
    const manifest = JSON.parse(await readFile(join(bundle, 'manifest.json'), 'utf8')) as { files: { name: string }[] };
    expect(manifest.files.map((f) => f.name)).toEqual(expect.arrayContaining(['review.json', 'decisions.json', 'decisions.csv', 'plan.json']));
    expect(await readFile(join(bundle, 'review.json'), 'utf8')).toBe(await readFile(join(clean, 'review.json'), 'utf8'));
    const plan = JSON.parse(await readFile(join(bundle, 'plan.json'), 'utf8')) as {
      changes: { action: string; team: { name: string }; target: { name: string } }[];
    };
    expect(plan.changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toContain('remove dev misc');
  });

  it('finding 5: without review.json beside the sheets, a deleted row and a missing sheet are refused from the round read against live access', async () => {
    const { dir, env } = await reviewRound(held, ORGANIZATION, FILES, { token: TOKEN });
    const out = join(dir, 'round');
    expect((await runCli(['review', 'start', dir, '--out', out], { env: env(START) })).code).toBe(0);
    await rm(join(out, 'review.json'));
    const billingPath = join(out, SHEETS[0] as string);
    await fillSheet(billingPath, () => keep('ana@acme.test'));
    await fillSheet(join(out, SHEETS[1] as string), () => keep('bo@acme.test'));
    // The qa row deleted from the billing sheet.
    const text = await readFile(billingPath, 'utf8');
    await writeFile(
      billingPath,
      text
        .split('\n')
        .filter((l) => !/,qa,/.test(l))
        .join('\n'),
    );
    const closed = await runCli(['review', 'close', billingPath, join(out, SHEETS[1] as string), '--files', dir], { env: env(CLOSE) });
    expect(closed.code).toBe(1);
    expect(closed.err).toContain('review-billing-leads.csv: live access with no row: team qa has read on workspace bill-api');
    expect(closed.err).toMatch(/review-unowned\.csv: a sheet of the round is not given \(\d+ rows? of live access on it\)/);
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);
  });
});
