// Issue 27, member changes in every plan format: the text and Markdown plans (snapshots of a plan
// with every kind of member change and a pending invitation), the JSON plan (valid against
// schemas/plan.schema.json), the summary lines, and drift's words.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { managedChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { desiredOf, email, liveOf, memberPlan, members, OWNERS, person, team } from './world.js';

describe('member changes in every format', () => {
  const plan = memberPlan();

  it('plans an invitation, adds, a removal, a removal from the organization and a pending invitation', () => {
    expect(managedChanges(plan, 'member')?.map((c) => `${c.action} ${c.person.email}`)).toEqual([
      'invite new@example.com',
      `add ${email('ana')}`,
      `add ${email('ana')}`,
      `remove ${email('ed')}`,
      `remove-from-organization ${email('bo')}`,
      `remove-from-organization ${email('gone')}`,
    ]);
    expect(plan.pendingInvites?.map((p) => p.person.email)).toEqual([email('di')]);
    expect(plan.refusals).toEqual([]);
  });

  it('text', async () => {
    const text = renderText(plan, { color: false });
    expect(text).toContain('Members: 1 to invite, 2 to add, 1 to remove, 2 to remove from the organization; 1 invitation pending.');
    await expect(text).toMatchFileSnapshot('__snapshots__/members.plan.txt');
  });

  it('markdown', async () => {
    await expect(renderMarkdown(plan)).toMatchFileSnapshot('__snapshots__/members.plan.md');
  });

  it('json, valid against the plan schema', async () => {
    const json = renderJson(plan);
    const document = JSON.parse(json) as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.member_summary).toEqual({ invite: 1, add: 2, remove: 1, remove_from_organization: 2 });
    expect((document.member_changes as unknown[])[0]).toEqual({
      action: 'invite',
      person: { email: 'new@example.com', membership_id: null, username: null, status: null },
      teams: [
        { name: 'platform', id: null },
        { name: 'sre', id: 'team-sre' },
      ],
    });
    await expect(json).toMatchFileSnapshot('__snapshots__/members.plan.json');
  });

  it('a plan with only a pending invitation has no changes, and drift says none', () => {
    const live = liveOf([OWNERS, team('sre')], [person('di', ['sre'], { status: 'invited' })]);
    const desired = desiredOf([members('sre', [email('di')])]);
    const settled = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
    const text = renderText(settled, { color: false });
    expect(text).toContain('No changes: access in acme matches the files.');
    expect(text).toContain('Members: 0 to invite, 0 to add, 0 to remove, 0 to remove from the organization; 1 invitation pending.');
    expect(renderMarkdown(settled, { kind: 'drift' })).toContain('No drift: access in acme matches the files.');
  });

  it('a person added by hand to an authoritative team is drift', () => {
    const live = liveOf([OWNERS, team('sre')], [person('ana', ['sre']), person('hand', ['sre'])]);
    const desired = desiredOf([members('sre', [email('ana')])]);
    const drift = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
    expect(renderMarkdown(drift, { kind: 'drift' })).toContain('Drift in acme');
    expect(renderText(drift, { color: false })).toContain(`  - ${email('hand')}  remove from sre`);
  });
});
