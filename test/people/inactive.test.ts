// Issue 39, Build 5: inactive memberships (a person deactivated in the identity provider, still in
// their teams). Shown as such in every plan format; never counted as a member by a guard; a listed
// inactive member is no drift, an unlisted one follows prune and the plan says "inactive".
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import type { LiveState } from '../../src/core/model.js';
import { changesOf } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { reportPeople } from '../../src/effective/people.js';
import { changesAsRead, memberGuardInputsAsRead } from '../../src/guard/apply-members.js';
import { memberRefusals } from '../../src/guard/member-guards.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { renderAccessReport } from '../../src/render/report.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { PEOPLE, personReport } from './report-fixture.js';
import { desiredOf, email, liveOf, members, ORG_TOKEN, OWNERS, person, team } from './world.js';

const SRE = team('sre');
const plan = (desired: DesiredState, live: LiveState) => guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
const owners = (n: number) => Array.from({ length: n }, (_, i) => person(`o${i}`, ['owners']));
const inactive = (name: string, teams: readonly string[]) => person(name, teams, { status: 'inactive' });

describe('an inactive member', () => {
  it('listed in the files: no change, no drift', () => {
    const live = liveOf([OWNERS, SRE], [...owners(2), person('ana', ['sre']), inactive('gone', ['sre'])]);
    const result = plan(desiredOf([members('sre', [email('ana'), email('gone')])]), live);
    expect(changesOf(result.changes, 'member')).toEqual([]);
    expect(result.refusals).toEqual([]);
  });

  it('not listed: removed as prune says, and every format says "inactive"', () => {
    const live = liveOf([OWNERS, SRE], [...owners(2), person('ana', ['sre']), inactive('gone', ['sre'])]);
    const result = plan(desiredOf([members('sre', [email('ana')])]), live);
    const removals = changesOf(result.changes, 'member');
    expect(removals).toMatchObject([{ action: 'remove', team: { name: 'sre' }, person: { email: email('gone'), status: 'inactive' } }]);
    expect(renderText(result, { color: false })).toContain('gone@example.com  remove from sre (inactive: deactivated in the identity provider)');
    expect(renderMarkdown(result)).toContain('remove from sre (inactive: deactivated in the identity provider)');
    const json = JSON.parse(renderJson(result));
    const member = json.member_changes.find((c: any) => c.person?.email === email('gone'));
    expect(member.person.status).toBe('inactive');
    // members-prune: false keeps them.
    expect(changesOf(plan(desiredOf([members('sre', [email('ana')], false)]), live).changes, 'member')).toEqual([]);
  });

  it('counts in no team size and no removal of max-member-removals', () => {
    // 8 active and 8 inactive; the files keep 6 active: 2 active removals of 8 (25%: at most 2) and 8 inactive ones.
    const active = Array.from({ length: 8 }, (_, i) => person(`p${i}`, ['sre']));
    const gone = Array.from({ length: 8 }, (_, i) => inactive(`g${i}`, ['sre']));
    const live = liveOf([OWNERS, SRE], [...owners(2), ...active, ...gone]);
    const result = plan(
      desiredOf([
        members(
          'sre',
          active.slice(0, 6).map((p) => p.email),
        ),
      ]),
      live,
    );
    expect(changesOf(result.changes, 'member')).toHaveLength(10);
    expect(result.refusals).toEqual([]);
    // A third active removal is refused, with the active figures.
    const over = plan(
      desiredOf([
        members(
          'sre',
          active.slice(0, 5).map((p) => p.email),
        ),
      ]),
      live,
    );
    expect(over.refusals[0]?.message).toBe('the plan removes 3 members of team "sre" (of 8; at most 2), more than settings.max-member-removals (25%).');
  });

  it('is no owner for min-owners', () => {
    // Two active owners and an inactive one: removing an active owner leaves one active, fewer than 2.
    const live = liveOf([OWNERS], [...owners(2), inactive('old-owner', ['owners'])]);
    const result = plan(desiredOf([members('owners', [email('o0'), email('old-owner')])]), live);
    expect(result.refusals.map((r) => r.guard)).toEqual(['min-owners']);
    expect(result.refusals[0]?.message).toContain('leaves 1 human member in the "owners" team (of 2;');
  });
});

describe('an inactive member at apply (apply --plan re-reads the people)', () => {
  it('counts in no team size nor removal there either, as at plan time', () => {
    const active = Array.from({ length: 8 }, (_, i) => person(`p${i}`, ['sre']));
    const gone = Array.from({ length: 8 }, (_, i) => inactive(`g${i}`, ['sre']));
    const live = liveOf([OWNERS, SRE], [...owners(2), ...active, ...gone]);
    const planned = changesOf(
      plan(
        desiredOf([
          members(
            'sre',
            active.slice(0, 6).map((p) => p.email),
          ),
        ]),
        live,
      ).changes,
      'member',
    );
    const read = { people: [...owners(2), ...active, ...gone], teams: [OWNERS, SRE], viewer: ORG_TOKEN };
    const limits = { maxMemberRemovals: { percent: 25 }, minOwners: 2, maxPeopleRemovals: 0 };
    const inputs = memberGuardInputsAsRead(planned, read, limits);
    expect(inputs.teamSizes.get('team-sre')).toBe(8);
    expect(memberRefusals(changesAsRead(planned, read), inputs, false)).toEqual([]);
  });
});

describe('an inactive member in the report by person', () => {
  const base = personReport();
  const gone = { ...PEOPLE.people[2]!, email: 'gone@example.com', membershipId: 'ou-gone', status: 'inactive' as const };
  const report = { ...base, people: reportPeople({ ...PEOPLE, people: [...PEOPLE.people, gone] }, base.teams, base.cells) };

  it('is listed as inactive with the teams they are still in and no access, in every format', () => {
    const text = renderAccessReport(report, 'text', { byTeam: false });
    expect(text).toContain('People: 5 active, 1 invited (pending), 1 inactive (no access); left out: 1 service account, 1 hidden member (never listed).');
    expect(text).toContain('person gone@example.com (bo): inactive: deactivated in the identity provider, no access; still in teams auditors, developers');
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportSchema());
    const document = JSON.parse(renderAccessReport(report, 'json', { byTeam: false })) as {
      people: { email: string; status: string; access: unknown[]; teams: unknown[] }[];
    };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.people.find((p) => p.email === 'gone@example.com')).toMatchObject({
      status: 'inactive',
      access: [],
      teams: [{ name: 'auditors' }, { name: 'developers' }],
    });
    const rows = parse(renderAccessReport(report, 'csv', { byTeam: false }), { columns: true }) as Record<string, string>[];
    const row = rows.filter((r) => r.person === 'gone@example.com');
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ status: 'inactive', access: 'inactive' });
    expect(renderAccessReport(report, 'html', { byTeam: false })).toContain(
      'inactive: deactivated in the identity provider, no access; still in auditors, developers',
    );
  });
});
