// Selectors that name nothing fail, everywhere (README, "Sets" and "Policies", issue 24 finding 3 and
// the Unicode part of 8): every place the files name a project, tag, team or workspace is checked
// against the organization, an unknown name at its FILE:LINE:COL with a did-you-mean, a match that
// selects nothing a warning; names compare after Unicode NFC normalisation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';

const TOKEN = 'selectors-org-token';
/** "José", written precomposed (NFC, as the organization has it) and decomposed (NFD, as a file may). */
const JOSE_NFC = 'Jos\u00e9';
const JOSE_NFD = 'Jose\u0301';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'dev', 'auditors', JOSE_NFC].map((name, i) => ({ name, id: `team-t${i}`, visibility: 'organization' as const })),
      projects: [
        { name: 'platform', id: 'prj-platform1' },
        { name: 'legacy', id: 'prj-legacy1' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'old-prod', id: 'ws-oldprod', project: 'legacy', 'tag-names': ['prod'] },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        { team: 'dev', workspace: 'api-prod', access: 'write', id: 'tws-devapi' },
        { team: 'dev', workspace: 'api-dev', access: 'admin', id: 'tws-devdev' },
        { team: 'dev', workspace: 'old-prod', access: 'admin', id: 'tws-devold' },
      ],
    },
  ],
};

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeEach(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-selectors-'));
});
afterEach(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

function file(text: string): string {
  const path = join(dir, 'access.yaml');
  writeFileSync(path, text);
  return path;
}

const writes = (): string[] => emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
interface JsonPlan {
  changes: { action: string; team: { name: string; id: string }; target: { name: string } }[];
  warnings: { code: string; message: string }[];
  violations: unknown[];
}
const planOf = (out: string): JsonPlan => JSON.parse(out) as JsonPlan;

/** A policy that, were its match right, is broken by dev's admin on old-prod. */
const policy = (match: string): string => `organization: acme
policies:
  - name: legacy read-only
    workspaces: ${match}
    max-access: write
`;

describe('regressions of issue 24', () => {
  it('regression: a policy whose projects selector is a typo covers nothing silently', async () => {
    const path = file(policy('{ projects: [lgacy] }'));
    for (const command of ['drift', 'plan']) {
      const run = await runCli([command, path], { env });
      expect(run.code, run.err).toBe(1);
      expect(run.err).toContain(`${path}:4:30: policy "legacy read-only": project "lgacy" not found, or the token may not see it. Did you mean "legacy"?`);
    }
    // Spelt right, the same policy is broken.
    expect((await runCli(['drift', file(policy('{ projects: [legacy] }'))], { env })).code).toBe(2);
  });

  it('regression: a policy whose tags selector is a typo covers nothing silently', async () => {
    const run = await runCli(['drift', file(policy('{ tags: [prd] }'))], { env });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toContain(`access.yaml:4:26: policy "legacy read-only": tag "prd" is on no workspace the token can see (write \`allow-empty: true\` in the match if that is meant). Did you mean "prod"?`);
  });

  it('regression: a tag typo in a set under an authoritative all set becomes removals with only a warning', async () => {
    const path = file(`organization: acme
workspace-sets:
  all:
    match: { names: ["*"] }
    prune: true
    teams: {}
  prod:
    match: { tags: [prd] }
    teams: { sre: admin, dev: write }
`);
    const run = await runCli(['plan', path, '--format', 'json'], { env });
    expect(run.code, run.err).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toContain(`${path}:8:21: workspace set "prod": tag "prd" is on no workspace the token can see (write \`allow-empty: true\` in the match if that is meant). Did you mean "prod"?`);
    expect((await runCli(['apply', path, '--auto-approve'], { env })).code).toBe(1);
    expect(writes()).toEqual([]);
  });

  it('regression: a team name typed in decomposed Unicode (NFD) is not found with no hint', async () => {
    const path = file(`organization: acme
workspaces:
  api-dev:
    prune: false
    teams:
      ${JOSE_NFD}: read
`);
    const run = await runCli(['plan', path, '--format', 'json'], { env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const plan = planOf(run.out);
    expect(plan.changes.map((c) => `${c.action} ${c.team.name} ${c.team.id} ${c.target.name}`)).toEqual([`add ${JOSE_NFC} team-t4 api-dev`]);
    expect(plan.warnings.map((w) => w.code)).toEqual(['name-normalisation']);
    expect(plan.warnings[0]?.message).toContain(`${path}:6:7: team "${JOSE_NFD}" differs from the organization's "${JOSE_NFC}" only by Unicode normalisation`);
    // Applied, it grants the organization's team, and the next plan is clean.
    expect((await runCli(['apply', path, '--auto-approve'], { env })).code).toBe(0);
    const again = await runCli(['plan', path, '--format', 'json', '--detailed-exitcode'], { env });
    expect(again.code, again.err).toBe(0);
    expect(planOf(again.out).changes).toEqual([]);
  });
});
