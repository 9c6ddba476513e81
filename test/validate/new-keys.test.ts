// The keys and names issue 24 gave the files, each mistyped (issue 24, the pairings of a typo in
// each name the files accept): `allow-empty` in a set's and a policy's match, the policies' rule
// keys, a warning code it added, a role name in a set, and YAML merge keys in a policy and in
// settings. Each is one line at its FILE:LINE:COL with a did-you-mean, before any request
// (`validate` needs no token). The names the organization must have: test/plan/selectors.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tfe-access-new-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CODES =
  'shadowed-by-organization-access, custom-equals-level, below-project-access, permission-support-unknown, grant-expires-soon, grant-expired, set-matches-nothing, key-value-tags-not-read, policy-matches-nothing, name-normalisation, team-setting-ignored, members-not-planned, team-near-miss, team-looks-renamed or team-recreated';

const TYPOS = `organization: acme
settings:
  ignore-warnings: [policy-matches-nothin, name-normalisaton]
roles:
  workspace:
    deployer: { runs: apply }
workspace-sets:
  s:
    match: { tags: [canary], allow-empt: true }
    teams: { dev: deployr }
policies:
  - name: x
    workspaces: { tags: [canary], alow-empty: true }
    max-access: write
    except-team: [sre]
  - name: y
    projects: { names: ["*"] }
    min-acess: { team: sre, access: read }
`;

const MERGED = `organization: acme
policies:
  - &base
    name: a
    workspaces: { names: ["*"] }
    max-access: write
  - <<: *base
    name: b
settings:
  <<: { max-removals: 3 }
`;

const validate = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return runCli(['validate', path], { env: { TFE_TOKEN: 'never-used', TFE_ADDRESS: 'http://127.0.0.1:9' } });
};

describe('a typo in a key or name issue 24 added', () => {
  it('is one line at its place with a did-you-mean', async () => {
    const run = await validate('typos.yaml', TYPOS);
    expect(run.code).toBe(1);
    const at = (place: string, message: string): string => `${join(dir, 'typos.yaml')}:${place}: ${message}`;
    expect(run.out.trimEnd().split('\n')).toEqual([
      at('3:21', `settings.ignore-warnings[0]: "policy-matches-nothin" is not one of ${CODES}. Did you mean "policy-matches-nothing"?`),
      at('3:44', `settings.ignore-warnings[1]: "name-normalisaton" is not one of ${CODES}. Did you mean "name-normalisation"?`),
      at('9:30', 'workspace-sets.s.match: unknown key "allow-empt". Did you mean "allow-empty"?'),
      at('10:19', 'workspace-sets.s.teams.dev: "deployr" is not an access level or a workspace role. Did you mean "deployer"?'),
      at('13:35', 'policies[0].workspaces: unknown key "alow-empty". Did you mean "allow-empty"?'),
      at('15:5', 'policies[0]: unknown key "except-team". Did you mean "except-teams"?'),
      at(
        '16:5',
        'policies[1]: policy "y" has no rule: give one of `max-access`, `min-access`, `max-teams`, `max-expiry`, `organization-access`, `max-members`, `max-token-age` or `max-reach`',
      ),
      at('18:5', 'policies[1]: unknown key "min-acess". Did you mean "min-access"?'),
      '8 problems in 1 file.',
    ]);
  });

  it('a merge key in a policy or in settings is refused at its place, as in entries, roles and sets', async () => {
    const run = await validate('merged.yaml', MERGED);
    expect(run.code).toBe(1);
    const refused = 'merge keys (<<) are not supported; write the keys out or use an anchor for the whole value';
    expect(run.out).toContain(`${join(dir, 'merged.yaml')}:7:5: policies[1]: ${refused}\n`);
    expect(run.out).toContain(`${join(dir, 'merged.yaml')}:10:3: settings: ${refused}\n`);
    expect(run.out).not.toMatch(/\n\s+at /);
  });
});
