// Issue 42, item 3 (docs/evidence.md, "Derived rows"), end to end on the emulator's current profile:
// review start writes each derived row on the sheet of the owner of the target it is reached
// through, marked derived; review close carries a derived row's revoke out through its grant's
// revoke, or says the setting to change by hand (never an edit), refuses one only its kept grant
// carries, and its bundle counts the derived rows apart from the direct ones.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { INDIRECT_ORG_TOKEN, indirectSeed } from '../support/indirect-org.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound, START } from '../support/review-round.js';
import { fillSheet, type Row, readRows } from '../support/review-sheets.js';

const FILES = `organization: acme
review-owners:
  net-leads:
    reviewers: [ana@acme.test]
    projects: [net]
  app-leads:
    reviewers: [bo@acme.test]
    projects: [apps]
  security:
    reviewers: [sec@acme.test]
    organization: true
projects:
  net:
    teams:
      fixed-prj: write
workspaces:
  app-a:
    teams:
      planners: plan
  app-b:
    teams:
      readers: read
`;

const SHEETS = { net: 'review-net-leads.csv', apps: 'review-app-leads.csv', security: 'review-security.csv', unowned: 'review-unowned.csv' };
const REVIEWER: Record<string, string> = { net: 'ana@acme.test', apps: 'bo@acme.test', security: 'sec@acme.test', unowned: 'sec@acme.test' };
const held = perTest();

const decide = (decision: 'keep' | 'revoke', reviewer: string): Partial<Row> => ({
  decision,
  reviewer,
  rationale: 'reviewed',
  'decided-at': '2026-11-21T09:00:00Z',
});
const line = (rows: Row[], on: (r: Row) => boolean): number => rows.findIndex(on) + 2;

/** Every sheet filled: `revoke` picks the rows revoked, every other row kept, each by its owner's reviewer. */
async function fillAll(out: string, revoke: (sheet: string, row: Row) => boolean): Promise<void> {
  for (const [key, sheet] of Object.entries(SHEETS)) {
    const reviewer = REVIEWER[key] as string;
    await fillSheet(join(out, sheet), (row) => decide(revoke(sheet, row) ? 'revoke' : 'keep', reviewer));
  }
}

const isRow = (subject: string, access: string, target: string) => (r: Row) =>
  r.kind === 'derived' && r.subject === subject && r.access === access && r.target === target;

describe('review: derived rows (issue 42, item 3)', () => {
  it('start writes each derived row on the sheet of its target owner; close carries a revoke by the grant or says the setting, and counts them apart', async () => {
    const organization = indirectSeed().organizations[0];
    if (!organization) throw new Error('no organization');
    const { dir, env } = await reviewRound(held, organization, FILES, { token: INDIRECT_ORG_TOKEN });
    const out = join(dir, 'round');
    const started = await runCli(['review', 'start', dir, '--out', out], { env: env(START) });
    expect(started.code, started.err).toBe(0);
    const apps = await readRows(join(out, SHEETS.apps));
    const net = await readRows(join(out, SHEETS.net));
    // On app-leads' sheet (app-a and app-b are in apps): what planners and readers reach from there.
    expect(apps.find(isRow('planners', 'reaches outputs:network-prod', 'app-a'))?.sources).toBe(
      'workspace grant: plan [managed]; through: queues runs there (a remote-state consumer of the producer)',
    );
    expect(apps.some(isRow('planners', 'reaches agent-pool:prod-vpc', 'app-a'))).toBe(true);
    expect(apps.some(isRow('planners', 'reaches varset:cloud-creds', 'app-a'))).toBe(true);
    expect(apps.some(isRow('readers', 'reaches varset:app-settings', 'app-b'))).toBe(true);
    // On net-leads' sheet: the Stack of net, through fixed-prj's project role; no derived row of app-a there.
    expect(net.find(isRow('fixed-prj', 'reaches stack:edge', 'net'))?.['target-type']).toBe('project');
    expect(net.some((r) => r.kind === 'derived' && r.target === 'app-a')).toBe(false);
    const round = JSON.parse(await readFile(join(out, 'review.json'), 'utf8')) as { indirect: boolean; complete: boolean };
    expect(round).toMatchObject({ indirect: true, complete: true });

    // A Stack row revoked with its project grant kept: only that grant carries it, refused at its place.
    await fillAll(out, (sheet, r) => sheet === SHEETS.net && isRow('fixed-prj', 'reaches stack:edge', 'net')(r));
    const paths = Object.values(SHEETS).map((s) => join(out, s));
    const refused = await runCli(['review', 'close', ...paths, '--files', dir], { env: env(CLOSE) });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `${SHEETS.net}:${line(net, isRow('fixed-prj', 'reaches stack:edge', 'net'))}: team fixed-prj reaches stack:edge only through its access on project net`,
    );

    // planners' grant on app-a revoked with its pool row; its outputs row revoked alone (a setting); the rest kept.
    const revoked = (sheet: string, r: Row) =>
      sheet === SHEETS.apps &&
      ((r.kind === 'team' && r.subject === 'planners' && r.target === 'app-a') ||
        isRow('planners', 'reaches agent-pool:prod-vpc', 'app-a')(r) ||
        isRow('readers', 'reaches varset:app-settings', 'app-b')(r));
    await fillAll(out, revoked);
    const bundle = join(dir, 'bundle');
    const closed = await runCli(['review', 'close', ...paths, '--files', dir, '--bundle', bundle], { env: env(CLOSE) });
    expect(closed.code, closed.err).toBe(0);
    const settingLine = `review: change by hand: ${SHEETS.apps}:${line(apps, isRow('readers', 'reaches varset:app-settings', 'app-b'))}: variable set "app-settings" is applied to the project of workspace "app-b": change it in the variable set (tfe-access edits no setting).`;
    expect(closed.err.split('\n')).toContain(settingLine.replaceAll('"', ''));
    expect(closed.err).toMatch(/1 revoke written into/);
    const decisions = JSON.parse(await readFile(join(bundle, 'decisions.json'), 'utf8')) as {
      decisions: { kind: string; subject: string; access: string; decision: string; derived_by?: unknown; plan_change: string | null }[];
    };
    const pool = decisions.decisions.find((d) => d.kind === 'derived' && d.subject === 'planners' && d.access === 'reaches agent-pool:prod-vpc');
    const grantAt = `${SHEETS.apps}:${line(apps, (r) => r.kind === 'team' && r.subject === 'planners' && r.target === 'app-a')}`;
    expect(pool).toMatchObject({ decision: 'revoke', derived_by: { grant_at: grantAt }, plan_change: null });
    expect(decisions.decisions.find((d) => d.kind === 'team' && d.subject === 'planners')?.plan_change).toBe(
      'remove grant of team planners on workspace app-a',
    );
    const manifest = JSON.parse(await readFile(join(bundle, 'manifest.json'), 'utf8')) as { counts: { what: string; extracted: number }[] };
    const count = (what: string) => manifest.counts.find((c) => c.what === what)?.extracted;
    const sheets = await Promise.all(Object.values(SHEETS).map((s) => readRows(join(out, s))));
    const all = sheets.flat();
    expect(count('derived-rows')).toBe(all.filter((r) => r.kind === 'derived').length);
    expect(count('rows')).toBe(all.filter((r) => r.kind !== 'derived').length);
    expect(count('derived-rows')).toBeGreaterThan(0);
    expect(count('revokes')).toBe(3);
  });
});
