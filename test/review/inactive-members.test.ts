// Issue 39, part B: an inactive member in an access review. A person deactivated in the identity
// provider who still sits in a team holds that team's access again once re-activated: `review start
// --by person` gives them a `membership` row per team (access `inactive`), on the organization's
// sheet; `review close` checks those rows as every other (a deleted one is live access with no
// row), a revoke takes the person out of the team's `members:`, and the manifest counts them.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { CLOSE, reviewRound } from '../support/review-round.js';
import { fillSheet, type Row, readRows } from '../support/review-sheets.js';

const TOKEN = 'acme-org-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'sre', id: 'team-sre' },
    { name: 'dev', id: 'team-dev' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners'], id: 'ou-ana' },
    { email: 'bo@acme.test', username: 'bo', teams: ['owners', 'sre'], id: 'ou-bo' },
    { email: 'cy@acme.test', username: 'cy', teams: ['sre', 'dev'], id: 'ou-cy' },
  ],
  projects: [{ name: 'platform', id: 'prj-platform' }],
  workspaces: [{ name: 'web', id: 'ws-web', project: 'platform' }],
  'team-workspaces': [
    { team: 'sre', workspace: 'web', access: 'write' },
    { team: 'dev', workspace: 'web', access: 'read' },
  ],
};

const FILES = `organization: acme
review-owners:
  platform-leads:
    reviewers: [ana@acme.test]
    projects: [platform]
    organization: true
teams:
  sre: { members: [bo@acme.test, cy@acme.test] }
workspaces:
  web:
    teams:
      sre: write
      dev: read
`;

const held = perTest();

async function deactivate(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/api/v2/emulator/organization-memberships/${id}/deactivate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    body: '{}',
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

const keep = (): Partial<Row> => ({ decision: 'keep', reviewer: 'ana@acme.test', rationale: 'still needed', 'decided-at': '2026-11-21T09:00:00Z' });

describe('an inactive member in an access review', () => {
  async function started() {
    const w = await reviewRound(held, ORGANIZATION, FILES, { token: TOKEN });
    await deactivate(w.emulator.url, 'ou-cy');
    const out = join(w.dir, 'round');
    const run = await runCli(['review', 'start', w.dir, '--by', 'person', '--out', out], { env: w.env() });
    expect(run.code, run.err).toBe(0);
    return { w, out, sheets: [join(out, 'review-platform-leads.csv'), join(out, 'review-unowned.csv')] };
  }

  it('start: a membership row per team the inactive person is in, and no access row', async () => {
    const { out } = await started();
    const rows = await readRows(join(out, 'review-platform-leads.csv'));
    const cy = rows.filter((r) => r.subject === 'cy@acme.test');
    expect(cy.map((r) => `${r.kind} ${r.via} ${r['target-type']} ${r.target} ${r.access}`)).toEqual([
      'membership dev organization acme inactive',
      'membership sre organization acme inactive',
    ]);
    expect(cy[0]?.sources).toBe('member of the team, inactive in the identity provider: regains the team access once re-activated');
    // An active person keeps their person rows.
    expect(rows.filter((r) => r.subject === 'bo@acme.test' && r.kind === 'person').map((r) => `${r.via} ${r.target}`)).toContain('sre web');
    const round = JSON.parse(await readFile(join(out, 'review.json'), 'utf8'));
    expect(round.by).toBe('person');
  }, 60_000);

  it('by team: only the teams whose members the files list get membership rows (sre, not dev)', async () => {
    const w = await reviewRound(held, ORGANIZATION, FILES, { token: TOKEN });
    await deactivate(w.emulator.url, 'ou-cy');
    const out = join(w.dir, 'round');
    const run = await runCli(['review', 'start', w.dir, '--out', out], { env: w.env() });
    expect(run.code, run.err).toBe(0);
    const rows = await readRows(join(out, 'review-platform-leads.csv'));
    expect(rows.filter((r) => r.kind === 'membership').map((r) => `${r.subject} ${r.via}`)).toEqual(['cy@acme.test sre']);
  }, 60_000);

  it('close: kept, counted in the manifest; revoked, cy leaves sre in the files; a deleted row is refused', async () => {
    const { w, sheets } = await started();
    for (const s of sheets) await fillSheet(s, keep);
    const bundle = join(w.dir, 'bundle');
    const kept = await runCli(['review', 'close', ...sheets, '--files', w.dir, '--bundle', bundle], { env: w.env(CLOSE) });
    expect(kept.code, kept.err).toBe(0);
    const manifest = JSON.parse(await readFile(join(bundle, 'manifest.json'), 'utf8'));
    expect(manifest.counts).toContainEqual({ what: 'inactive-memberships', extracted: 2, service: null });

    // A membership row deleted from the sheet: live access with no row.
    const sheet = sheets[0] as string;
    const text = await readFile(sheet, 'utf8');
    await writeFile(
      sheet,
      text
        .split('\n')
        .filter((line) => !(line.includes('cy@acme.test') && line.includes(',dev,')))
        .join('\n'),
    );
    const refused = await runCli(['review', 'close', ...sheets, '--files', w.dir], { env: w.env(CLOSE) });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('live access with no row: cy@acme.test, inactive, is in team dev');
    await writeFile(sheet, text);

    // Revoked: cy leaves sre's members in the files, every other byte kept.
    await fillSheet(sheet, (row) =>
      row.subject === 'cy@acme.test' && row.via === 'sre'
        ? { decision: 'revoke', reviewer: 'ana@acme.test', rationale: 'left the company', 'decided-at': '2026-11-21T09:30:00Z' }
        : undefined,
    );
    const revoked = await runCli(['review', 'close', ...sheets, '--files', w.dir], { env: w.env(CLOSE) });
    expect(revoked.code, revoked.err).toBe(0);
    expect(await readFile(join(w.dir, 'tfe-access.yaml'), 'utf8')).toBe(FILES.replace('[bo@acme.test, cy@acme.test]', '[bo@acme.test]'));
  }, 90_000);
});
