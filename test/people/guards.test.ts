// Issue 27, the member guards at plan time: max-member-removals (25% of a team's members, at least
// 1, or the setting), min-owners (2 by default; never below 1, even with --force) and
// max-people-removals (0 by default): each refuses with its figures, in the plan's refusals and
// its JSON, and --force lifts all but the floor of one owner.
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import type { LiveState } from '../../src/core/model.js';
import { managedChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { checkGuards } from '../../src/guard/guards.js';
import { memberRemovalLimit } from '../../src/guard/member-guards.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderText } from '../../src/render/plan/text.js';
import { desiredOf, email, liveOf, members, OWNERS, person, team } from './world.js';

const SRE = team('sre');
const plan = (desired: DesiredState, live: LiveState) => guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
const forced = (desired: DesiredState, live: LiveState) => {
  const p = plan(desired, live);
  return checkGuards(p.changes, { ...guardInputsOf(desired, live), force: true }).map((r) => r.guard);
};
const sre = (n: number) => Array.from({ length: n }, (_, i) => person(`p${i}`, ['sre']));
const owners = (n: number) => Array.from({ length: n }, (_, i) => person(`o${i}`, ['owners']));

describe('max-member-removals', () => {
  it('is 25% of the team, rounded down, at least 1', () => {
    expect([0, 3, 4, 7, 8, 100].map((size) => memberRemovalLimit({ percent: 25 }, size))).toEqual([1, 1, 1, 1, 2, 25]);
    expect(memberRemovalLimit(0, 50)).toBe(0);
  });

  it('refuses more removals of one team than 25% of its members, with the figures; --force lifts it', () => {
    const live = liveOf([OWNERS, SRE], [...owners(2), ...sre(8)]);
    const desired = desiredOf([members('sre', [email('p0'), email('p1'), email('p2'), email('p3'), email('p4')])]);
    const result = plan(desired, live);
    expect(result.refusals.map((r) => r.guard)).toEqual(['max-member-removals']);
    expect(result.refusals[0]?.message).toBe('the plan removes 3 members of team "sre" (of 8; at most 2), more than settings.max-member-removals (25%).');
    expect(JSON.parse(renderJson(result)).refusals[0].guard).toBe('max-member-removals');
    expect(renderText(result, { color: false })).toContain('[max-member-removals] the plan removes 3 members of team "sre"');
    expect(forced(desired, live)).toEqual([]);
    // Within the limit: 2 of 8.
    expect(
      plan(
        desiredOf([
          members(
            'sre',
            sre(6).map((p) => p.email),
          ),
        ]),
        live,
      ).refusals,
    ).toEqual([]);
  });

  it('takes a count from the files', () => {
    const live = liveOf([OWNERS, SRE], [...owners(2), ...sre(8)]);
    const result = plan(
      desiredOf(
        [
          members(
            'sre',
            sre(7).map((p) => p.email),
          ),
        ],
        { maxMemberRemovals: 0 },
      ),
      live,
    );
    expect(result.refusals[0]?.message).toBe('the plan removes 1 member of team "sre" (of 8; at most 0), more than settings.max-member-removals (0).');
  });
});

describe('min-owners', () => {
  it('refuses a plan that leaves fewer human owners than 2, with the figures; --force lifts it', () => {
    const live = liveOf([OWNERS], owners(3));
    const desired = desiredOf([members('owners', [email('o0')])], { maxMemberRemovals: 5 });
    const result = plan(desired, live);
    expect(result.refusals.map((r) => r.guard)).toEqual(['min-owners']);
    expect(result.refusals[0]?.message).toBe(
      'the plan leaves 1 human member in the "owners" team (of 3; 2 removals, 0 added), fewer than settings.min-owners (2).',
    );
    expect(forced(desired, live)).toEqual([]);
  });

  it('never lets the owners team lose its last human member, even with --force', () => {
    const live = liveOf([OWNERS], [...owners(2), person('robot', ['owners'], { serviceAccount: true })]);
    const desired = desiredOf([members('owners', [])], { maxMemberRemovals: 5, minOwners: 1 });
    const result = plan(desired, live);
    expect(result.refusals[0]?.message).toBe(
      'the plan leaves 0 human members in the "owners" team (of 2; 2 removals, 0 added), fewer than one, the floor that holds even with --force.',
    );
    expect(result.refusals[0]?.howToProceed).toContain('--force does not lift this');
    expect(forced(desired, live)).toEqual(['min-owners']);
  });

  it('counts an active person added to owners, and says nothing when the plan takes no owner out', () => {
    const live = liveOf([OWNERS], [...owners(1), person('new', [])]);
    expect(plan(desiredOf([members('owners', [email('o0'), email('new')])]), live).refusals).toEqual([]);
    // One owner today, none removed: not this plan's doing.
    expect(plan(desiredOf([members('owners', [email('o0')])]), liveOf([OWNERS], owners(1))).refusals).toEqual([]);
    const swap = plan(desiredOf([members('owners', [email('new'), email('o1')])]), liveOf([OWNERS], [...owners(2), person('new', [])]));
    expect(swap.refusals).toEqual([]);
  });
});

describe('max-people-removals', () => {
  it('refuses any removal from the organization by default, with the figure; --force lifts it', () => {
    const live = liveOf([OWNERS, SRE], [...owners(2), person('gone', ['sre']), person('left', [])]);
    const desired = desiredOf([members('owners', [email('o0'), email('o1')]), members('sre', [])], { prunePeople: true });
    const result = plan(desired, live);
    expect(result.refusals.map((r) => r.guard)).toEqual(['max-people-removals']);
    expect(result.refusals[0]?.message).toBe(
      'the plan removes 2 people from the organization (settings.prune-people), more than settings.max-people-removals (0); each leaves every team with it.',
    );
    expect(forced(desired, live)).toEqual([]);
    expect(plan({ ...desired, settings: { ...desired.settings, maxPeopleRemovals: 2 } }, live).refusals).toEqual([]);
  });

  it('counts an owner who leaves the organization against min-owners', () => {
    const live = liveOf([OWNERS], owners(2));
    const result = plan(desiredOf([members('owners', [email('o0')])], { prunePeople: true, maxPeopleRemovals: 5 }), live);
    expect(managedChanges(result, 'member')?.map((c) => c.action)).toEqual(['remove-from-organization']);
    expect(result.refusals.map((r) => r.guard)).toEqual(['min-owners']);
  });
});
