// Every format says when a grant of the plan ends, and why an expired grant goes (docs/files.md, "Grants that expire").
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { desiredAt } from '../../src/core/expiry.js';
import { buildPlan } from '../../src/diff/plan.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { access, desiredOf, liveOf, team, teamId } from '../support/states.js';

const DAY = 86_400_000;
// 2026-11-28T12:00:00Z: dev's grant (end of 2026-11-27) has ended, ops's (end of 2026-12-01) ends in 3 days and 12 hours.
const NOW = Date.parse('2026-11-28T12:00:00Z');

function expiringPlan() {
  const live = liveOf(
    'acme',
    [team('dev'), team('ops')],
    [
      {
        type: 'project',
        id: 'prj-1',
        name: 'platform',
        grants: [{ id: 'tprj-dev', resource: 'team-projects', teamId: teamId('dev'), targetId: 'prj-1', access: access('team-projects', 'admin'), extra: {} }],
      },
    ],
  );
  const grants = [
    { team: 'dev', access: access('team-projects', 'admin'), expires: { at: '2026-11-28T00:00:00Z' } },
    { team: 'ops', access: access('team-projects', 'write'), expires: { at: '2026-12-02T00:00:00Z' } },
  ];
  // prune: false: the expired grant goes all the same.
  const desired = desiredAt(desiredOf([{ type: 'project', name: 'platform', prune: false, grants }]), NOW);
  return { ...buildPlan(desired, live, { now: NOW }), refusals: [] };
}

describe('expiry in every format', () => {
  it('text: the removal of an expired grant says so, an added one says when it ends counted from the clock', () => {
    const text = renderText(expiringPlan(), { color: false, now: NOW });
    expect(text).toMatch(/^ {2}- dev +admin \(expired, end of 2026-11-27 UTC\)$/m);
    expect(text).toMatch(/^ {2}\+ ops +write \(expires in 3 days, end of 2026-12-01 UTC\)$/m);
    // Without a clock, the date alone: nothing counts days from an unknown now.
    expect(renderText(expiringPlan(), { color: false })).toMatch(/^ {2}\+ ops +write \(expires end of 2026-12-01 UTC\)$/m);
    expect(renderText(expiringPlan(), { color: false, now: NOW + 3 * DAY })).toMatch(/\+ ops +write \(expires in less than a day, /);
  });

  it('text: a grant ending soon on a target the plan does not change is shown by default', () => {
    const live = liveOf(
      'acme',
      [team('ops')],
      [
        {
          type: 'project',
          id: 'prj-1',
          name: 'platform',
          grants: [
            { id: 'tprj-ops', resource: 'team-projects', teamId: teamId('ops'), targetId: 'prj-1', access: access('team-projects', 'write'), extra: {} },
          ],
        },
      ],
    );
    const desired = desiredOf([
      {
        type: 'project',
        name: 'platform',
        prune: true,
        grants: [{ team: 'ops', access: access('team-projects', 'write'), expires: { at: '2026-12-02T00:00:00Z' } }],
      },
    ]);
    const plan = { ...buildPlan(desired, live, { now: NOW }), refusals: [] };
    expect(plan.changes).toEqual([]);
    const text = renderText(plan, { color: false, now: NOW });
    expect(text).toContain(
      'project platform: the grant of team ops expires in 3 days (end of 2026-12-01 UTC); from then on the plan removes it. [grant-expires-soon]',
    );
    expect(text).not.toContain('not shown');
    expect(renderText(plan, { color: false, warnings: 'none' })).not.toContain('[grant-expires-soon]');
  });

  it('markdown: the same notes', () => {
    const markdown = renderMarkdown(expiringPlan(), { now: NOW });
    expect(markdown).toContain('- dev: admin (expired, end of 2026-11-27 UTC)');
    expect(markdown).toContain('+ ops: write (expires in 3 days, end of 2026-12-01 UTC)');
  });

  it('json: expires on both, reason expired on the removal, valid against the schema', () => {
    const document = JSON.parse(renderJson(expiringPlan())) as { changes: Array<Record<string, unknown>> };
    expect(document.changes.map((c) => [c.action, c.expires, c.reason])).toEqual([
      ['remove', '2026-11-28T00:00:00Z', 'expired'],
      ['add', '2026-12-02T00:00:00Z', undefined],
    ]);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(document)).toBe(true);
    // A reason on an add, or an expired removal without its end, is not a plan.
    const onAdd = structuredClone(document);
    onAdd.changes[1]!.reason = 'expired';
    expect(validate(onAdd)).toBe(false);
    const noEnd = structuredClone(document);
    delete noEnd.changes[0]!.expires;
    expect(validate(noEnd)).toBe(false);
  });

  it('the checksum covers the end of a grant: another expiry is another plan', () => {
    const live = liveOf('acme', [team('ops')], [{ type: 'project', id: 'prj-1', name: 'platform', grants: [] }]);
    const other = (at: string) =>
      buildPlan(
        desiredOf([{ type: 'project', name: 'platform', prune: false, grants: [{ team: 'ops', access: access('team-projects', 'write'), expires: { at } }] }]),
        live,
      ).checksum;
    expect(other('2026-12-02T00:00:00Z')).toBe(other('2026-12-02T00:00:00Z'));
    expect(other('2026-12-02T00:00:00Z')).not.toBe(other('2026-12-03T00:00:00Z'));
  });
});
