// The `max-token-age` policy (docs/effective-access.md, "Token lifetimes: `max-token-age`"): validated as a policy of
// the whole organization, checked on the team tokens listed (a token without an expiry breaks it,
// one ending within the days keeps it), one finding per team, phrased as every violation is, kept
// in canonical form for saved plans; a run that could not list the tokens says the policy was not
// evaluated, never that nothing breaks it.
import { describe, expect, it } from 'vitest';
import type { DesiredPolicy } from '../../src/core/policy.js';
import { policyDocument } from '../../src/core/policy-document.js';
import type { LiveToken } from '../../src/core/token-policy.js';
import { parseYamlText } from '../../src/load/document.js';
import { checkPolicies } from '../../src/policy/check.js';
import { reasonText } from '../../src/render/shared/coverage.js';
import { violationText } from '../../src/render/violations/violation-lines.js';
import { violationDocument } from '../../src/render/violations/violation-message.js';
import { savedPoliciesOf } from '../../src/saved-plan/parse-policies.js';
import { Reader } from '../../src/saved-plan/reader.js';
import { validateDocuments } from '../../src/validate/validate.js';
import { team } from '../support/states.js';

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-06-01T00:00:00Z');
const POLICY: DesiredPolicy = { name: 'short tokens', type: 'organization', rule: { kind: 'max-token-age', days: 30 } };
const TEAMS = [team('owners'), team('ci'), team('deploy')];

function token(id: string, teamName: string, expires: number | null, description: string | null = id): LiveToken {
  const owner = TEAMS.find((t) => t.name === teamName);
  return {
    id,
    type: 'team',
    team: { id: owner?.id ?? `team-${teamName}` },
    description,
    createdAt: '2026-01-01T00:00:00Z',
    expiredAt: expires === null ? null : new Date(expires).toISOString(),
    lastUsedAt: null,
  };
}

const check = (tokens?: readonly LiveToken[]) =>
  checkPolicies([POLICY], { teams: TEAMS, projects: [], workspaces: [], grants: [], ends: [], now: NOW, ...(tokens ? { tokens } : {}) });

function resultOf(text: string) {
  return validateDocuments([parseYamlText('f0.yaml', text).loaded]);
}

describe('max-token-age', () => {
  it('is a policy of the whole organization: valid with {days}, refused with a match, its days an integer of 1 or more', () => {
    const valid = resultOf('organization: acme\npolicies:\n  - name: short tokens\n    max-token-age: { days: 30 }\n');
    if (!('state' in valid)) throw new Error(JSON.stringify(valid.problems));
    expect(valid.state.policies).toMatchObject([{ name: 'short tokens', type: 'organization', rule: { kind: 'max-token-age', days: 30 } }]);
    const invalid = resultOf(
      'organization: acme\npolicies:\n  - name: a\n    workspaces: { names: ["*"] }\n    max-token-age: { days: 30 }\n  - name: b\n    max-token-age: { days: 0 }\n  - name: c\n    max-token-age: {}\n',
    );
    const problems = 'problems' in invalid ? invalid.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`) : [];
    expect(problems).toEqual([
      'f0.yaml:4:17 policies[0].workspaces: policy "a": `max-token-age` is a policy of the whole organization\'s team tokens: it takes no `workspaces`',
      'f0.yaml:7:28 policies[1].max-token-age.days: must be 1 or more, got 0',
      'f0.yaml:9:5 policies[2].max-token-age: missing required key "days"',
    ]);
  });

  it('a token without an expiry or ending after the days breaks it, one within keeps it; one finding per team, the owners team held too', () => {
    const tokens = [
      token('at-ci-2', 'ci', null, 'ci nightly'),
      token('at-ci-1', 'ci', NOW + 90 * DAY, null),
      token('at-ci-ok', 'ci', NOW + 30 * DAY),
      token('at-deploy', 'deploy', NOW + 10 * DAY),
      token('at-owners', 'owners', NOW + 31 * DAY, 'root'),
    ];
    const violations = check(tokens);
    expect(violations.map((v) => [v.team?.name, v.target])).toEqual([
      ['ci', null],
      ['owners', null],
    ]);
    const [ci, owners] = violations;
    expect(violationText(ci!)).toBe(
      '[short tokens] team "ci" has 2 tokens that do not expire within 30 days: at-ci-1 (until end of 2026-08-29 UTC), at-ci-2 "ci nightly" (no expiry)',
    );
    expect(violationDocument(owners!)).toEqual({
      policy: 'short tokens',
      target: null,
      team: { name: 'owners', id: TEAMS[0]!.id },
      message: 'team "owners" has a token that does not expire within 30 days: at-owners "root" (until end of 2026-07-01 UTC)',
    });
  });

  it('an organization or audit-trail token is no team token: not held to it', () => {
    const organization: LiveToken = { ...token('at-org', 'owners', null), type: 'organization' };
    delete (organization as { team?: unknown }).team;
    expect(check([organization])).toEqual([]);
  });

  it('a run that did not read the tokens cannot check it: an error, never a silent pass', () => {
    expect(() => check()).toThrow(/did not read them/);
  });

  it('a list the token could not make is said as the policy not evaluated, by name', () => {
    expect(reasonText({ code: 'team-tokens-unlisted', policies: ['short tokens'], cause: 'no-list' })).toBe(
      'the team tokens could not be listed (the server has no team-token list, or the token may not read it), so policy "short tokens" (max-token-age) was not evaluated',
    );
    expect(reasonText({ code: 'team-tokens-unlisted', policies: ['a', 'b'], cause: 'not-every-team' })).toBe(
      'the token lists only the tokens of the teams it manages (it is not an owner\'s), so policies "a", "b" (max-token-age) were evaluated on those alone',
    );
  });

  it('a saved plan keeps it in canonical form and reads it back', () => {
    const document = policyDocument(POLICY);
    expect(document).toEqual({ name: 'short tokens', type: 'organization', rule: { kind: 'max-token-age', days: 30 } });
    expect(savedPoliciesOf(Reader.of('plan.json', { policies: [document] }, 'basis'))).toEqual([POLICY]);
  });
});
