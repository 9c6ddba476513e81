// A policy's `exceptions:` in validation (docs/evidence.md, "Accepted exceptions"): read into the
// policy with its end as an instant; problems at FILE:LINE:COL (one of team or person, a target of
// the policy's kind, a reason with words, a day the calendar has); an exception already ended is a
// warning of validate, not a problem.
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../load/document.js';
import { fileExpiryWarnings } from './expiry.js';
import { validateDocuments } from './validate.js';

const resultOf = (text: string) => validateDocuments([parseYamlText('f.yaml', text).loaded]);
const problemsOf = (text: string): string[] => {
  const result = resultOf(text);
  return 'problems' in result ? result.problems.map((p) => `${p.line}:${p.col} ${p.message}`) : [];
};
const policy = (exceptions: string, rule = 'max-access: write', match = 'workspaces: { tags: [prod] }') => `organization: acme
policies:
  - name: p
    ${match}
    ${rule}
    exceptions:
${exceptions}`;

describe('exceptions in validation', () => {
  it('are read into the policy, the end as an instant (a date: the end of that day, UTC), where each is written kept', () => {
    const result = resultOf(policy('      - { team: dev, workspace: api-prod, reason: "migration, INC-42", expires: 2026-06-01 }\n'));
    if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
    expect(result.state.policies?.[0]?.exceptions).toEqual([
      { team: 'dev', workspace: 'api-prod', reason: 'migration, INC-42', expires: '2026-06-02T00:00:00Z', source: { file: 'f.yaml', line: 7, col: 9 } },
    ]);
  });

  it('name one team or person, a target of the policy kind, a reason with words and a real day', () => {
    expect(problemsOf(policy('      - { workspace: api-prod, reason: r, expires: 2026-06-01 }\n'))).toEqual([
      '7:9 policies[0].exceptions[0]: policy "p": an exception names one team or one person: give `team` or `person`',
    ]);
    expect(problemsOf(policy('      - { team: dev, project: platform, reason: " ", expires: 2026-02-30 }\n'))).toEqual([
      '7:31 policies[0].exceptions[0].project: policy "p": a workspace policy\'s exception names a workspace: give `workspace`, not `project`',
      '7:49 policies[0].exceptions[0].reason: policy "p": the reason is empty: say why the violation is accepted',
      '7:63 policies[0].exceptions[0].expires: policy "p": "2026-02-30" is not a date or time: February 2026 has no day 30 (it has 28)',
    ]);
    expect(problemsOf(policy('      - { person: a@x.io, workspace: api-prod, reason: r, expires: 2026-06-01 }\n'))).toEqual([
      '7:19 policies[0].exceptions[0].person: policy "p": a `person` exception goes with `max-members` only (the one rule that counts people): give `team`',
    ]);
  });

  it('of a policy of the whole organization take no target; max-members takes a person', () => {
    const members = (e: string) => policy(e, 'max-members: { team: sre, count: 2 }', '# the whole organization');
    expect(problemsOf(members('      - { person: a@x.io, reason: cover, expires: 2026-06-01 }\n'))).toEqual([]);
    expect(problemsOf(members('      - { person: a@x.io, workspace: api-prod, reason: cover, expires: 2026-06-01 }\n'))).toEqual([
      '7:38 policies[0].exceptions[0].workspace: policy "p": a policy of the whole organization has no target: an exception of it takes no `workspace`',
    ]);
  });

  it('the schema wants a reason and an end', () => {
    expect(problemsOf(policy('      - { team: dev, workspace: api-prod }\n')).join('\n')).toMatch(/reason/);
    expect(problemsOf(policy('      - { team: dev, workspace: api-prod, reason: r }\n')).join('\n')).toMatch(/expires/);
  });

  it('an exception already ended is a warning of validate, at the exception, never a problem', () => {
    const result = resultOf(policy('      - { team: dev, workspace: api-prod, reason: r, expires: 2026-06-01 }\n'));
    if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
    expect(fileExpiryWarnings(result.state, Date.parse('2026-06-01T12:00:00Z'))).toEqual([]);
    expect(fileExpiryWarnings(result.state, Date.parse('2026-06-05T12:00:00Z'))).toEqual([
      {
        file: 'f.yaml',
        line: 7,
        col: 9,
        message:
          'policy "p": the exception of team "dev" on workspace "api-prod" expired 3 days ago (end of 2026-06-01 UTC): it accepts nothing now; take it out of the file or give it a new end',
      },
    ]);
  });
});
