// `review start` with a token that sees less than the organization (a team token, not an owner's):
// the round is written, but says it is partial and why, on stderr and in review.json's
// `incomplete` (as the report's JSON says it), and the power rows are only those it could see. The
// owners' token of the same organization sees the secret team's power and says nothing partial.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';

const TOKENS = { org: 'rvp-org', admin: 'rvp-admin' } as const;
const SEED: SeedDocument = {
  organizations: [
    {
      name: 'acme',
      token: TOKENS.org,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'platform', id: 'team-platform', tokens: [TOKENS.admin] },
        { name: 'vault', id: 'team-vault', visibility: 'secret', 'organization-access': { 'manage-organization-access': true } },
      ],
      projects: [{ name: 'core', id: 'prj-core' }],
      workspaces: [{ name: 'w0', id: 'ws-w0', project: 'core' }],
      'team-projects': [{ team: 'platform', project: 'core', access: 'admin' }],
    },
  ],
};
const FILES = `organization: acme
review-owners:
  leads:
    reviewers: [bo@acme.test]
    projects: [core]
  security:
    reviewers: [sec@acme.test]
    organization: true
`;

const held = perTest();

async function start(
  token: string,
): Promise<{ code: number; err: string; round: { complete: boolean; incomplete: { code: string; message: string }[] }; security: string }> {
  held.emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-review-seen-'));
  const files = join(held.dir, 'access.yaml');
  writeFileSync(files, FILES);
  const out = join(held.dir, 'round');
  // The seed profile has no lists of indirect access (404): this test is of the teams the token sees, so it reads no edge.
  const run = await runCli(['review', 'start', files, '--out', out, '--rate-limit', '0', '--no-indirect'], {
    env: { TFE_TOKEN: token, TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z' },
  });
  return {
    code: run.code,
    err: run.err,
    round: JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')),
    security: readFileSync(join(out, 'review-security.csv'), 'utf8'),
  };
}

describe('review start with a token that sees less than the organization', () => {
  it('says the round is partial and why, on stderr and in review.json, and has no row for what it could not see', async () => {
    const run = await start(TOKENS.admin);
    expect(run.code).toBe(0);
    expect(run.round.complete).toBe(false);
    expect(run.round.incomplete.map((r) => r.code)).toContain('teams-not-proven');
    const line = run.err.split('\n').find((l) => l.startsWith('review: partial: '));
    expect(line).toBeDefined();
    expect(line).toContain(run.round.incomplete.find((r) => r.code === 'teams-not-proven')?.message);
    expect(run.security).not.toContain('vault');
  });

  it("the owners' token sees the secret team's power and says nothing partial", async () => {
    const run = await start(TOKENS.org);
    expect(run.code).toBe(0);
    expect(run.round).toMatchObject({ complete: true, incomplete: [] });
    expect(run.err).not.toMatch(/review: partial/);
    expect(run.security).toMatch(/,power,vault,.*,manage-organization-access,/);
  });
});
