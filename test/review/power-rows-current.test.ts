// Review power rows crossed with the 21 organization-access flags of the `current` profile (issue
// 39, Build 1): the owners team has a row for every flag of the table, and a team holding one of the
// five flags the spec added (manage-registry-components) has its row, like any other power.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEAM_FLAG_KEYS } from '../../src/core/team-flags.js';
import { startEmulator } from '../../src/emulator/start.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { readRows } from '../support/review-sheets.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'power-rows-current-token';
const held = perTest();

describe('review power rows on the current profile', () => {
  it("the owners team's every flag and a newer flag a team holds are rows of the organization owner's sheet", async () => {
    held.emulator = await startEmulator({
      seed: oneOrganization(
        {
          name: 'acme',
          token: TOKEN,
          teams: [
            { name: 'owners', id: 'team-owners' },
            { name: 'registry', id: 'team-registry', 'organization-access': { 'manage-registry-components': true } },
          ],
        },
        'current',
      ),
      rateLimit: 0,
    });
    held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-power-rows-current-'));
    const files = join(held.dir, 'access.yaml');
    writeFileSync(files, 'organization: acme\nreview-owners:\n  security:\n    reviewers: [sec@acme.test]\n    organization: true\n');
    const out = join(held.dir, 'round');
    const run = await runCli(['review', 'start', files, '--out', out, '--rate-limit', '0'], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator.url } });
    expect(run.code, run.err).toBe(0);
    const rows = (await readRows(join(out, 'review-security.csv'))).filter((r) => r.kind === 'power');
    expect(TEAM_FLAG_KEYS).toHaveLength(21);
    expect(
      rows
        .filter((r) => r.subject === 'owners')
        .map((r) => r.access)
        .sort(),
    ).toEqual([...TEAM_FLAG_KEYS].sort());
    expect(rows.filter((r) => r.subject === 'registry').map((r) => r.access)).toEqual(['manage-registry-components']);
    expect(readFileSync(join(out, 'review.json'), 'utf8')).toContain('"complete": true');
  });
});
