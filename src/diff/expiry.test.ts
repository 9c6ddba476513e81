import { describe, expect, it } from 'vitest';
import { access, desiredOf, liveOf, team, teamId } from '../../test/support/states.js';
import { desiredAt } from '../core/expiry.js';
import type { DesiredGrant, DesiredTarget, LiveState } from '../core/model.js';
import { diff, indexLive } from './diff.js';
import { expiryWarnings } from './expiry.js';
import { buildPlan } from './plan.js';

// The end of 2026-12-01 UTC, as a date in the files means it.
const END = '2026-12-02T00:00:00Z';
const before = (ms: number) => Date.parse(END) - ms;
const DAY = 86_400_000;

function grant(name: string, expires?: string): DesiredGrant {
  return { team: name, access: access('team-projects', 'write'), ...(expires ? { expires: { at: expires } } : {}) };
}

function project(grants: DesiredGrant[], prune = true): DesiredTarget {
  return { type: 'project', name: 'platform', prune, grants };
}

function live(teams: string[]): LiveState {
  const all = ['owners', 'dev', 'ops', 'audit'].map((n) => team(n));
  const grants = teams.map((t, i) => ({
    id: `tprj-${i}`,
    resource: 'team-projects' as const,
    teamId: teamId(t),
    targetId: 'prj-1',
    access: access('team-projects', 'write'),
    extra: {},
  }));
  return liveOf('acme', all, [{ type: 'project', id: 'prj-1', name: 'platform', grants }]);
}

describe('the diff of expired grants', () => {
  const expiredDev = (prune: boolean) => desiredAt(desiredOf([project([grant('dev', END), grant('ops')], prune)]), before(-1));

  it('removes the live grant of an expired grant whatever prune says, marked expired', () => {
    for (const prune of [true, false]) {
      const changes = diff(expiredDev(prune), live(['dev', 'ops']));
      expect(changes).toEqual([expect.objectContaining({ action: 'remove', team: { name: 'dev', id: teamId('dev') }, reason: 'expired', expires: END })]);
    }
  });

  it('removes an expired grant once, and a pruned grant without a reason', () => {
    const changes = diff(expiredDev(true), live(['dev', 'ops', 'audit']));
    expect(changes.map((c) => [c.action, c.team.name, c.action === 'remove' ? c.reason : undefined])).toEqual([
      ['remove', 'audit', undefined],
      ['remove', 'dev', 'expired'],
    ]);
  });

  it('has nothing to do for an expired grant that is not live', () => {
    expect(diff(expiredDev(false), live(['ops']))).toEqual([]);
  });

  it('never removes the owners team, even from an expired grant', () => {
    const desired = desiredAt(desiredOf([project([grant('owners', END)], false)]), before(-1));
    expect(diff(desired, live(['owners']))).toEqual([]);
  });

  it('adds a grant that has not expired yet, with its end', () => {
    const desired = desiredAt(desiredOf([project([grant('dev', END)])]), before(DAY));
    expect(diff(desired, live([]))).toEqual([expect.objectContaining({ action: 'add', team: { name: 'dev', id: teamId('dev') }, expires: END })]);
  });
});

describe('the plan warnings of expiring grants', () => {
  const codes = (desired: ReturnType<typeof desiredOf>, state: LiveState, now: number) => {
    const at = desiredAt(desired, now);
    const index = indexLive(state);
    return expiryWarnings(at, index, diff(at, state, index), now).map((w) => [w.code, w.team]);
  };

  it('warns of a grant it leaves as it is that ends within the warning days, and not before', () => {
    const desired = desiredOf([project([grant('dev', END)])]);
    expect(codes(desired, live(['dev']), before(7 * DAY))).toEqual([['grant-expires-soon', 'dev']]);
    expect(codes(desired, live(['dev']), before(7 * DAY + 1))).toEqual([]);
    expect(codes(desiredOf([project([grant('dev', END)])], { expiryWarningDays: 30 }), live(['dev']), before(29 * DAY))).toEqual([
      ['grant-expires-soon', 'dev'],
    ]);
  });

  it('says nothing more of a grant the plan adds or removes: its change says it', () => {
    const desired = desiredOf([project([grant('dev', END)])]);
    expect(codes(desired, live([]), before(DAY))).toEqual([]);
    expect(codes(desired, live(['dev']), before(-1))).toEqual([]);
  });

  it('warns of an expired grant with nothing live to remove: take it out of the files', () => {
    expect(codes(desiredOf([project([grant('dev', END)])]), live([]), before(-1))).toEqual([['grant-expired', 'dev']]);
  });

  it('are silenced by ignore-warnings, everywhere or on the target, code by code', () => {
    const everywhere = desiredOf([project([grant('dev', END)])], { ignoreWarnings: ['grant-expires-soon'] });
    expect(codes(everywhere, live(['dev']), before(DAY))).toEqual([]);
    expect(codes(everywhere, live([]), before(-1))).toEqual([['grant-expired', 'dev']]);
    const here = desiredOf([{ ...project([grant('dev', END)]), ignoreWarnings: ['grant-expired'] }]);
    expect(codes(here, live([]), before(-1))).toEqual([]);
  });

  it('buildPlan gives them only with a clock', () => {
    const desired = desiredOf([project([grant('dev', END)])]);
    expect(buildPlan(desired, live(['dev'])).warnings).toEqual([]);
    expect(buildPlan(desired, live(['dev']), { now: before(DAY) }).warnings.map((w) => w.code)).toEqual(['grant-expires-soon']);
  });
});
