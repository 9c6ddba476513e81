// Issue 27, apply's report of member changes in every format: one line per outcome in text (after
// the teams', before the grants'), one item each in Markdown, `member_outcomes` in JSON (valid
// against schemas/apply.schema.json), and the summary counting them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../src/apply/outcome.js';
import type { ApplyResult, MemberOutcome } from '../../src/core/apply-outcome.js';
import { managedChanges } from '../../src/core/plan.js';
import { renderApplyJson } from '../../src/render/apply/apply-json.js';
import { renderApplyMarkdown } from '../../src/render/apply/apply-markdown.js';
import { renderApplyText } from '../../src/render/apply/apply-text.js';
import { applySchema } from '../../src/render/schemas/apply-schema.js';
import { memberPlan } from './world.js';

const plan = memberPlan();
const changes = managedChanges(plan, 'member') ?? [];
const outcomes: MemberOutcome[] = changes.map((change, i) =>
  i === 2
    ? { status: 'failed', change, reason: 'Request failed with status 400: POST /teams/team-sre/relationships/organization-memberships: bad request' }
    : i === 4
      ? { status: 'already-so', change, note: 'the service answered 404: the person is gone' }
      : { status: 'applied', change },
);
const result: ApplyResult = {
  kind: 'applied',
  plan,
  report: reportOf([], undefined, [{ status: 'applied', change: managedChanges(plan, 'team')?.[0] as never, id: 'team-new' }], outcomes),
};

describe("apply's report of member changes", () => {
  it('text: one line per outcome, a failure with its reason, the summary counting them', () => {
    const text = renderApplyText(result);
    expect(text).toContain('  applied      + new@example.com  invite into platform, sre');
    expect(text).toContain('  FAILED       + ana@example.com  add to sre\n                 reason: Request failed with status 400');
    expect(text).toContain('  already so   - bo@example.com  remove from the organization, and so from sre (the service answered 404: the person is gone)');
    expect(text.indexOf('team platform')).toBeLessThan(text.indexOf('new@example.com'));
    expect(text).toContain('Apply incomplete: 5 applied, 1 already so, 1 failed, of 7 changes in acme.');
  });

  it('markdown: each outcome in view', () => {
    const markdown = renderApplyMarkdown(result);
    expect(markdown).toContain('- FAILED + ana@example.com add to sre reason: Request failed with status 400');
    expect(markdown).toContain('- applied - ed@example.com remove from ops');
  });

  it('json: member_outcomes, valid against the apply schema', () => {
    const document = JSON.parse(renderApplyJson(result)) as { member_outcomes: unknown[] };
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(applySchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.member_outcomes[2]).toMatchObject({ status: 'failed', change: { action: 'add', team: { name: 'sre' } } });
    expect(document.member_outcomes).toHaveLength(changes.length);
  });
});
