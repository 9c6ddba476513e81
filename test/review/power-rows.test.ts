// Issue 37, finding 7 and Build 3: a review sheet has a row per team and organization power it
// holds (kind `power`, the organization its target), the owners team's every power included; the
// rows go to the owner with `organization: true`, else to the unowned sheet. At close, a power's
// revoke is written off in the team's `organization-access` (every other byte kept) and proven by a
// team change of the edited files' plan turning the flag off; the owners team's powers and a team
// the files do not manage are refused at their SHEET:ROW; a power granted or taken since start, and
// a reviewer of another owner, are refused in the same run. Against the emulator, through the CLI.

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Resolved } from '../../src/core/resolved.js';
import type { SheetRow } from '../../src/core/review.js';
import { TEAM_FLAG_KEYS } from '../../src/core/team-flags.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { checkRows } from '../../src/review/decisions.js';
import type { ReadRow } from '../../src/review/parse.js';
import { revokeItems } from '../../src/review/revokes.js';
import { staleProblems } from '../../src/review/stale.js';
import { client } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound, START } from '../support/review-round.js';
import { filledRows, fillSheet, type Row, readRows, sheetRow } from '../support/review-sheets.js';

const TOKEN = 'acme-org-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
    // As the service reports it: manage-workspaces brings read-workspaces (core/team-flags.ts).
    { name: 'sre', id: 'team-sre', 'organization-access': { 'manage-workspaces': true, 'read-workspaces': true } },
    { name: 'audit', id: 'team-audit', 'organization-access': { 'manage-policies': true } },
    { name: 'vcs', id: 'team-vcs', 'organization-access': { 'manage-vcs-settings': true } },
  ],
  people: [{ email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'] }],
  projects: [{ name: 'platform' }],
  workspaces: [
    { name: 'plat-core', id: 'ws-platcore', project: 'platform' },
    { name: 'misc', id: 'ws-misc' },
  ],
  'team-workspaces': [
    { team: 'sre', workspace: 'plat-core', access: 'admin' },
    { team: 'dev', workspace: 'misc', access: 'read' },
  ],
};

const OWNERS = `review-owners:
  platform-leads:
    reviewers: [bo@acme.test]
    projects: [platform]
`;
const SECURITY = `  security:
    reviewers: [sec@acme.test]
    organization: true
`;
const REST = `teams:
  sre:
    organization-access: { manage-workspaces: true }   # the on-call admins
workspaces:
  plat-core:
    teams:
      sre: admin
`;
const FILES = `organization: acme\n${OWNERS}${SECURITY}${REST}`;

const held = perTest();

const decide = (decision: string, reviewer: string): Partial<Row> => ({ decision, reviewer, rationale: 'reviewed', 'decided-at': '2026-11-21T09:00:00Z' });
const line = (rows: Row[], on: (r: Row) => boolean): number => {
  const index = rows.findIndex(on);
  expect(index).toBeGreaterThanOrEqual(0);
  return index + 2;
};
const power = (team: string, flag: string) => (r: Row) => r.kind === 'power' && r.subject === team && r.access === flag;

async function setUp(files: string) {
  const { emulator, dir, env } = await reviewRound(held, ORGANIZATION, files, { token: TOKEN });
  return { dir, env, api: client(emulator, TOKEN) };
}

describe('issue 37: organization powers in access reviews', () => {
  it("start: a row per team and power on the organization owner's sheet, the owners team holding every power; without such an owner, on the unowned sheet, which any owner's reviewer decides", async () => {
    const { dir, env } = await setUp(FILES);
    const out = join(dir, 'round');
    const started = await runCli(['review', 'start', dir, '--out', out], { env: env(START) });
    expect(started.code, started.err).toBe(0);
    const security = await readRows(join(out, 'review-security.csv'));
    const powers = security.filter((r) => r.kind === 'power');
    expect(security).toHaveLength(powers.length);
    const named = powers.map((r) => `${r.subject} ${r.access}`);
    expect(named).toEqual(expect.arrayContaining(TEAM_FLAG_KEYS.map((k) => `owners ${k}`)));
    expect(named.filter((n) => n.startsWith('owners '))).toHaveLength(TEAM_FLAG_KEYS.length);
    expect(named.filter((n) => !n.startsWith('owners ')).sort()).toEqual([
      'audit manage-policies',
      'sre manage-workspaces',
      'sre read-workspaces',
      'vcs manage-vcs-settings',
    ]);
    const sre = powers.find(power('sre', 'manage-workspaces'));
    expect(sre).toMatchObject({
      owner: 'security',
      'team-id': 'team-sre',
      'target-type': 'organization',
      target: 'acme',
      'target-id': 'acme',
      sources: 'organization-access of the team',
    });
    expect(powers.find(power('sre', 'read-workspaces'))?.sources).toBe('organization-access of the team, brought by manage-workspaces');
    expect(powers.find(power('owners', 'manage-modules'))?.sources).toBe('owners team');
    // No power row elsewhere.
    for (const sheet of ['review-platform-leads.csv', 'review-unowned.csv'])
      expect((await readRows(join(out, sheet))).filter((r) => r.kind === 'power')).toEqual([]);
    const record = JSON.parse(await readFile(join(out, 'review.json'), 'utf8')) as { sheets: { name: string; owner: string | null; rows: number }[] };
    expect(record.sheets.find((s) => s.name === 'review-security.csv')).toMatchObject({ owner: 'security', rows: powers.length });

    // The files without an owner of the organization: the powers go to the unowned sheet.
    await writeFile(join(dir, 'tfe-access.yaml'), `organization: acme\n${OWNERS}${REST}`);
    const bare = join(dir, 'bare');
    expect((await runCli(['review', 'start', dir, '--out', bare], { env: env(START) })).code).toBe(0);
    const unowned = (await readRows(join(bare, 'review-unowned.csv'))).filter((r) => r.kind === 'power');
    expect(unowned.map((r) => `${r.subject} ${r.access}`).sort()).toEqual(named.sort());
    expect(unowned.every((r) => r.owner === '')).toBe(true);
    // Any owner's reviewer decides the unowned sheet, its power rows included.
    const bareSheets = ['review-platform-leads.csv', 'review-unowned.csv'].map((s) => join(bare, s));
    for (const sheet of bareSheets) await fillSheet(sheet, () => decide('keep', 'bo@acme.test'));
    const closed = await runCli(['review', 'close', ...bareSheets, '--files', dir], { env: env(CLOSE) });
    expect(closed.code, closed.err).toBe(0);
    const decided = (await readRows(bareSheets[0] as string)).length + (await readRows(bareSheets[1] as string)).length;
    expect(closed.err).toContain(`${decided} decisions, 0 revokes`);
  });

  it("close refuses, each at its SHEET:ROW in one run: the owners team's power, an unmanaged team's, a flag a kept one brings, a power granted or gone since start, a reviewer of another owner", async () => {
    const { dir, env, api } = await setUp(FILES);
    const out = join(dir, 'round');
    expect((await runCli(['review', 'start', dir, '--out', out], { env: env(START) })).code).toBe(0);
    // After start: dev granted manage-modules (a power on no row), audit's manage-policies taken away (a stale row).
    const flags = (id: string, access: Record<string, boolean>) =>
      api.patch(`/teams/${id}`, { data: { type: 'teams', attributes: { 'organization-access': access } } });
    expect((await flags('team-dev', { 'manage-modules': true })).status).toBeLessThan(300);
    expect((await flags('team-audit', { 'manage-policies': false })).status).toBeLessThan(300);

    const securityPath = join(out, 'review-security.csv');
    const security = await readRows(securityPath);
    await fillSheet(securityPath, (r) =>
      power('owners', 'manage-workspaces')(r) || power('vcs', 'manage-vcs-settings')(r) || power('sre', 'read-workspaces')(r)
        ? decide('revoke', 'sec@acme.test')
        : power('owners', 'manage-modules')(r)
          ? decide('keep', 'bo@acme.test') // a reviewer of platform-leads, not of security
          : decide('keep', 'sec@acme.test'),
    );
    for (const sheet of ['review-platform-leads.csv', 'review-unowned.csv']) await fillSheet(join(out, sheet), () => decide('keep', 'bo@acme.test'));
    const sheets = ['review-security.csv', 'review-platform-leads.csv', 'review-unowned.csv'].map((s) => join(out, s));
    const closed = await runCli(['review', 'close', ...sheets, '--files', dir, '--bundle', join(dir, 'refused')], { env: env(CLOSE) });
    expect(closed.code).toBe(1);
    const at = (on: (r: Row) => boolean) => `review-security.csv:${line(security, on)}: `;
    expect(closed.err).toContain(
      `${at(power('owners', 'manage-workspaces'))}the revoke of manage-workspaces of team owners cannot be carried out: the owners team holds every power`,
    );
    expect(closed.err).toContain(
      `${at(power('vcs', 'manage-vcs-settings'))}the revoke of manage-vcs-settings of team vcs cannot be carried out through the files: they do not list team vcs under teams:`,
    );
    expect(closed.err).toContain(
      `${at(power('sre', 'read-workspaces'))}the revoke of read-workspaces of team sre would not take effect: manage-workspaces, which the team keeps, brings it`,
    );
    expect(closed.err).toContain(`${at(power('owners', 'manage-modules'))}reviewer "bo@acme.test" is not a reviewer of owner "security"`);
    expect(closed.err).toContain(`${at(power('audit', 'manage-policies'))}stale: the access is no longer live`);
    expect(closed.err).toContain(
      'review-security.csv: live access with no row: team dev holds manage-modules of organization acme (organization-access of the team)',
    );
    expect(closed.err).not.toContain('Error:');
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);
    expect(existsSync(join(dir, 'refused'))).toBe(false);
  });

  it("close: a managed team's power revoked is written off in its organization-access (every other byte kept), the plan turns it off, and the bundle verifies; refused: a team without organization-access in the files, a flag kept that the revoke turns off", async () => {
    const { dir, env } = await setUp(FILES);
    const out = join(dir, 'round');
    expect((await runCli(['review', 'start', dir, '--out', out], { env: env(START) })).code).toBe(0);
    const securityPath = join(out, 'review-security.csv');
    await fillSheet(securityPath, (r) => (r.subject === 'sre' ? decide('revoke', 'sec@acme.test') : decide('keep', 'sec@acme.test')));
    // The unowned sheet may be decided by any owner's reviewer.
    await fillSheet(join(out, 'review-unowned.csv'), () => decide('keep', 'sec@acme.test'));
    await fillSheet(join(out, 'review-platform-leads.csv'), () => decide('keep', 'bo@acme.test'));
    const sheets = ['review-security.csv', 'review-platform-leads.csv', 'review-unowned.csv'].map((s) => join(out, s));

    // sre named under teams: without organization-access: the files do not manage its powers.
    const unmanaged = FILES.replace('    organization-access: { manage-workspaces: true }   # the on-call admins\n', '    visibility: organization\n');
    await writeFile(join(dir, 'tfe-access.yaml'), unmanaged);
    const refused = await runCli(['review', 'close', ...sheets, '--files', dir], { env: env(CLOSE) });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /review-security\.csv:\d+: the revoke of manage-workspaces of team sre cannot be carried out through the files: team sre under teams: gives no organization-access/,
    );
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(unmanaged);

    // manage-workspaces revoked, read-workspaces (which only it gives in the files) kept: both cannot hold.
    await writeFile(join(dir, 'tfe-access.yaml'), FILES);
    const security = await readRows(securityPath);
    await fillSheet(securityPath, (r) => (power('sre', 'manage-workspaces')(r) ? decide('revoke', 'sec@acme.test') : decide('keep', 'sec@acme.test')));
    const kept = await runCli(['review', 'close', ...sheets, '--files', dir], { env: env(CLOSE) });
    expect(kept.code).toBe(1);
    expect(kept.err).toContain(
      `review-security.csv:${line(security, power('sre', 'read-workspaces'))}: keeps read-workspaces of team sre, but the revokes turn it off too`,
    );
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES);

    await fillSheet(securityPath, (r) => (r.subject === 'sre' ? decide('revoke', 'sec@acme.test') : decide('keep', 'sec@acme.test')));
    const bundle = join(dir, 'bundle');
    const ok = await runCli(['review', 'close', ...sheets, '--files', dir, '--bundle', bundle], { env: env(CLOSE) });
    expect(ok.code, ok.err).toBe(0);
    expect(ok.err).toContain('2 revokes written into');
    // The flag left out of the authoritative map (how the files say false), the comment and every other byte kept.
    expect(await readFile(join(dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES.replace('{ manage-workspaces: true }', '{}'));

    const plan = JSON.parse(await readFile(join(bundle, 'plan.json'), 'utf8')) as {
      changes: unknown[];
      team_changes?: { action: string; name: string; fields: { field: string; before: unknown; after: unknown }[] }[];
    };
    expect(plan.changes).toEqual([]);
    const sre = (plan.team_changes ?? []).find((c) => c.name === 'sre');
    expect(sre?.action).toBe('update');
    expect(sre?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'organization-access.manage-workspaces', before: true, after: false }),
        expect.objectContaining({ field: 'organization-access.read-workspaces', before: true, after: false }),
      ]),
    );
    const decisions = JSON.parse(await readFile(join(bundle, 'decisions.json'), 'utf8')) as {
      decisions: { kind: string; subject: string; access: string; decision: string; plan_change: string | null; edit: { file: string } | null }[];
    };
    const revoked = decisions.decisions.find((d) => d.kind === 'power' && d.subject === 'sre' && d.access === 'manage-workspaces');
    expect(revoked).toMatchObject({ decision: 'revoke', plan_change: 'turn off manage-workspaces of team sre' });
    expect(revoked?.edit?.file).toMatch(/tfe-access\.yaml$/);
    const sha = /manifest\.json, SHA-256 ([0-9a-f]{64})/.exec(ok.err)?.[1];
    expect(sha).toBeDefined();
    const verified = await runCli(['report', 'verify', bundle, '--manifest-sha256', sha as string], { env: env(CLOSE) });
    expect(verified.code, verified.out + verified.err).toBe(0);
  });
});

describe('power rows in the pure review code', () => {
  const REVIEW = 'acme@2026-11-20T10:00:00Z';
  const binding = { owners: [{ owner: 'security', reviewers: ['sec@acme.test'], organization: true }], closedAt: Date.parse('2026-11-22T10:00:00Z') };
  const KEEP = { decision: 'keep', reviewer: 'sec@acme.test', 'decided-at': '2026-11-21T09:00:00Z' };
  const powerRow = (flag: string, over: Partial<SheetRow> = {}): SheetRow =>
    sheetRow(
      {
        review: REVIEW,
        owner: 'security',
        kind: 'power',
        subject: 'sre',
        teamId: 'team-sre',
        target: { type: 'organization', name: 'acme', id: 'acme' },
        access: flag,
        sources: 'organization-access of the team',
      },
      over,
    );
  const filled = (rows: SheetRow[], fill: Record<string, string>[]): ReadRow[] => filledRows('review-security.csv', rows, fill);

  it('reads a power row back as written; one whose kind or target type was edited is refused as changed', () => {
    const rows = filled(
      [powerRow('manage-workspaces'), powerRow('manage-modules'), powerRow('manage-policies')],
      [KEEP, { ...KEEP, kind: 'team' }, { ...KEEP, 'target-type': 'workspace' }],
    );
    const { decided, problems } = checkRows(rows, REVIEW, 'acme', binding);
    expect(decided.map((d) => [d.row.kind, d.row.target, d.row.access])).toEqual([
      ['power', { type: 'organization', name: 'acme', id: 'acme' }, 'manage-workspaces'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^review-security\.csv:3: the row was changed after review start/),
      expect.stringMatching(/^review-security\.csv:4: the row was changed after review start/),
    ]);
  });

  it("stale: each of a team's powers is a row of its own; one gone is stale, one changed names what gives it now", () => {
    const rows = filled([powerRow('manage-workspaces'), powerRow('read-workspaces'), powerRow('manage-modules')], [KEEP, KEEP, KEEP]);
    const live = {
      sheets: [
        {
          owner: 'security',
          rows: [powerRow('manage-workspaces'), powerRow('read-workspaces', { sources: 'organization-access of the team, brought by manage-projects' })],
        },
      ],
      unowned: [],
    };
    expect(staleProblems(rows, live, ['review-security.csv'])).toEqual([
      'review-security.csv:3: stale: live access changed since review start: now team sre holds read-workspaces of organization acme (organization-access of the team, brought by manage-projects), the sheet says read-workspaces (organization-access of the team); start a new round',
      'review-security.csv:4: stale: the access is no longer live (changed since review start); start a new round',
    ]);
  });

  it("a power's revoke is a team update of the files' team; a flag another revoked flag brings goes with it", () => {
    const rows = filled(
      [powerRow('manage-workspaces'), powerRow('read-workspaces')],
      [
        { ...KEEP, decision: 'revoke' },
        { ...KEEP, decision: 'revoke' },
      ],
    );
    const { decided } = checkRows(rows, REVIEW, 'acme', binding);
    const flags = Object.fromEntries(TEAM_FLAG_KEYS.map((k) => [k, k === 'manage-workspaces' || k === 'read-workspaces']));
    const teams = [{ name: 'sre', previously: [], organizationAccess: flags }];
    const found = revokeItems(decided, { targets: [] } as unknown as Resolved, () => [], teams);
    expect(found.problems).toEqual([]);
    // Issue 38, Build 4: a revoke is its own typed value (what is taken out), not a drift item turned around.
    expect(found.revokes.map((r) => r.revocation)).toEqual([
      { kind: 'power', team: { id: 'team-sre', name: 'sre' }, flag: 'manage-workspaces' },
      { kind: 'power', team: { id: 'team-sre', name: 'sre' }, flag: 'read-workspaces' },
    ]);
    // Without the files' teams, nothing can carry it out.
    expect(revokeItems(decided, { targets: [] } as unknown as Resolved).problems).toHaveLength(2);
  });
});
