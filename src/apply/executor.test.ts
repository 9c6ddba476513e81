import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Call, FakeGrantApi, type Fault } from '../../test/apply/fake-grant-api.js';
import { access, arbScenario, liveOf, TARGETS, teamId } from '../../test/support/states.js';
import { RemoteError } from '../api/errors/remote-error.js';
import type { ApplyProgress } from '../core/apply-outcome.js';
import type { LiveGrant, LiveState } from '../core/model.js';
import { type Change, grantChanges } from '../core/plan.js';
import { buildPlan } from '../diff/plan.js';
import { applyChanges } from './executor.js';
import type { GrantApi } from './ports.js';

const PRJ = { type: 'project', name: 'platform', id: 'prj-platform' } as const;
const ref = (name: string) => ({ name, id: teamId(name) });
const grant = (id: string, name: string, level: 'read' | 'write' | 'admin'): LiveGrant => ({
  id,
  resource: 'team-projects',
  teamId: teamId(name),
  targetId: PRJ.id,
  access: access('team-projects', level),
  extra: {},
});
const add = (name: string, level: 'read' | 'write' | 'admin'): Change => ({
  action: 'add',
  resource: 'team-projects',
  team: ref(name),
  target: PRJ,
  after: access('team-projects', level),
});
const update = (id: string, name: string, from: 'read' | 'write' | 'admin', to: 'read' | 'write' | 'admin'): Change => ({
  action: 'update',
  resource: 'team-projects',
  id,
  team: ref(name),
  target: PRJ,
  before: access('team-projects', from),
  after: access('team-projects', to),
  labelOnly: false,
});
const remove = (id: string, name: string): Change => ({
  action: 'remove',
  resource: 'team-projects',
  id,
  team: ref(name),
  target: PRJ,
  before: access('team-projects', 'read'),
});
const levelsOf = (api: FakeGrantApi) => Object.fromEntries(api.of(PRJ.id).map((g) => [g.teamId, g.access.access]));
const faultOnce = (match: (call: Call) => boolean, fault: Fault) => {
  let used = false;
  return (call: Call): Fault => (!used && match(call) ? ((used = true), fault) : undefined);
};

describe('applyChanges', () => {
  it('runs adds and updates before removes and reports every outcome', async () => {
    const api = new FakeGrantApi([grant('tprj-1', 'ops', 'read'), grant('tprj-2', 'sre', 'read')]);
    const report = await applyChanges([remove('tprj-2', 'sre'), update('tprj-1', 'ops', 'read', 'admin'), add('dev', 'write')], api, { concurrency: 1 });
    expect(report.outcomes.map((o) => o.status)).toEqual(['applied', 'applied', 'applied']);
    expect(report.counts).toEqual({ applied: 3, alreadySo: 0, failed: 0, notStarted: 0 });
    expect(report.converged).toBe(true);
    expect(api.calls.map((c) => c.kind)).toEqual(['update', 'add', 'remove']);
    expect(levelsOf(api)).toEqual({ 'team-ops': 'admin', 'team-dev': 'write' });
  });

  it('finishes an add whose answer was lost by reading the target, without a second POST', async () => {
    const api = new FakeGrantApi(
      [],
      faultOnce((c) => c.kind === 'add', 'lost'),
    );
    const report = await applyChanges([add('dev', 'write')], api);
    expect(report.outcomes[0]).toMatchObject({ status: 'applied', note: { kind: 'answer-lost-done' } });
    expect(api.calls.map((c) => c.kind)).toEqual(['add', 'list']);
    expect(api.of(PRJ.id)).toHaveLength(1);
  });

  it('adds again when a POST failed with 5xx and the re-read shows nothing', async () => {
    const api = new FakeGrantApi(
      [],
      faultOnce((c) => c.kind === 'add', 'server-error'),
    );
    const report = await applyChanges([add('dev', 'write')], api);
    expect(report.outcomes[0]?.status).toBe('applied');
    expect(api.calls.map((c) => c.kind)).toEqual(['add', 'list', 'add']);
    expect(levelsOf(api)).toEqual({ 'team-dev': 'write' });
  });

  it('turns 422 "Team has already been taken" into an update of the grant found', async () => {
    const api = new FakeGrantApi([grant('tprj-9', 'dev', 'read')]);
    const report = await applyChanges([add('dev', 'admin')], api);
    expect(report.outcomes[0]).toMatchObject({ status: 'applied', note: { kind: 'updated-found', grantId: 'tprj-9' } });
    expect(api.calls.map((c) => c.kind)).toEqual(['add', 'list', 'update']);
    expect(levelsOf(api)).toEqual({ 'team-dev': 'admin' });
  });

  it('reports already-so when the grant found already has the access', async () => {
    const api = new FakeGrantApi([grant('tprj-9', 'dev', 'write')]);
    const report = await applyChanges([add('dev', 'write')], api);
    expect(report.outcomes[0]?.status).toBe('already-so');
    expect(report.converged).toBe(true);
  });

  it('re-adds a grant that vanished before its update', async () => {
    const api = new FakeGrantApi([]);
    const report = await applyChanges([update('tprj-1', 'ops', 'read', 'admin')], api);
    expect(report.outcomes[0]).toMatchObject({ status: 'applied', note: { kind: 'added-after-vanished' } });
    expect(api.calls.map((c) => c.kind)).toEqual(['update', 'list', 'add']);
    expect(levelsOf(api)).toEqual({ 'team-ops': 'admin' });
  });

  it('patches the grant now found when the planned one was replaced', async () => {
    const api = new FakeGrantApi([grant('tprj-other', 'ops', 'write')]);
    const report = await applyChanges([update('tprj-1', 'ops', 'read', 'admin')], api);
    expect(report.outcomes[0]?.status).toBe('applied');
    expect(api.calls.at(-1)).toMatchObject({ kind: 'update', grantId: 'tprj-other' });
    expect(levelsOf(api)).toEqual({ 'team-ops': 'admin' });
  });

  it('fails an update whose 404 comes from a grant still there, without patching it again', async () => {
    const api = new FakeGrantApi([grant('tprj-1', 'ops', 'read')]);
    const denied: GrantApi = {
      listGrants: (t) => api.listGrants(t),
      addGrant: (t, id, a) => api.addGrant(t, id, a),
      updateGrant: () => Promise.reject(new RemoteError('PATCH', '/team-projects/tprj-1', 404, [])),
      removeGrant: (r, id) => api.removeGrant(r, id),
    };
    const report = await applyChanges([update('tprj-1', 'ops', 'read', 'admin')], denied);
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/status 404.*the grant is still there$/) });
    expect(api.calls.map((c) => c.kind)).toEqual(['list']);
  });

  it('counts a removal of a grant already gone as already-so, and a lost one as applied', async () => {
    const api = new FakeGrantApi(
      [grant('tprj-2', 'sre', 'read')],
      faultOnce((c) => c.kind === 'remove', 'lost'),
    );
    const report = await applyChanges([remove('tprj-1', 'ops'), remove('tprj-2', 'sre')], api, { concurrency: 1 });
    expect(report.outcomes.map((o) => o.status)).toEqual(['already-so', 'applied']);
    expect(api.of(PRJ.id)).toEqual([]);
  });

  it('keeps going after a failure, gives the reason and reports progress', async () => {
    const api = new FakeGrantApi([grant('tprj-1', 'ops', 'read')], (c) => (c.kind === 'update' ? 'fail' : undefined));
    const seen: ApplyProgress[] = [];
    const report = await applyChanges([update('tprj-1', 'ops', 'read', 'admin'), add('dev', 'write'), add('sre', 'read')], api, {
      onProgress: (p) => seen.push(p),
    });
    expect(report.counts).toEqual({ applied: 2, alreadySo: 0, failed: 1, notStarted: 0 });
    expect(report.converged).toBe(false);
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('status 500') });
    expect(seen.at(-1)).toEqual({ done: 3, total: 3, failures: 1 });
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3]);
  });

  it('holds back the removal of a duplicate when the same team failed to get its access', async () => {
    const api = new FakeGrantApi([grant('tprj-1', 'ops', 'read'), grant('tprj-dup', 'ops', 'read')], (c) => (c.kind === 'update' ? 'fail' : undefined));
    const report = await applyChanges([update('tprj-1', 'ops', 'read', 'admin'), remove('tprj-dup', 'ops')], api);
    expect(report.outcomes[1]).toMatchObject({ status: 'failed', reason: expect.stringContaining('not removed') });
    expect(api.calls.some((c) => c.kind === 'remove')).toBe(false);
  });

  it('never runs more changes at once than the concurrency', async () => {
    const inner = new FakeGrantApi([]);
    let active = 0;
    let peak = 0;
    const slow =
      <T>(work: () => Promise<T>) =>
      async (): Promise<T> => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 2));
        try {
          return await work();
        } finally {
          active -= 1;
        }
      };
    const api: GrantApi = {
      listGrants: (t) => slow(() => inner.listGrants(t))(),
      addGrant: (t, id, a) => slow(() => inner.addGrant(t, id, a))(),
      updateGrant: (r, id, a) => slow(() => inner.updateGrant(r, id, a))(),
      removeGrant: (r, id) => slow(() => inner.removeGrant(r, id))(),
    };
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const report = await applyChanges(
      names.map((n) => add(n, 'read')),
      api,
      { concurrency: 3 },
    );
    expect(report.counts.applied).toBe(10);
    expect(peak).toBe(3);
  });
});

function liveFrom(api: FakeGrantApi, base: LiveState): LiveState {
  return liveOf(
    base.organization,
    [...base.teams.values()],
    TARGETS.map((t) => ({ type: t.type, id: t.id, name: t.name, grants: api.of(t.id) })),
  );
}

describe('applyChanges under random faults (property)', () => {
  it('converges after at most one re-run and removes only what a plan removed', async () => {
    const faults = fc.array(fc.constantFrom<Fault>('lost', 'fail', 'server-error', undefined, undefined, undefined), { minLength: 1, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(arbScenario, faults, async ({ desired, live }, script) => {
        const initial = [...live.targets.values()].flatMap((t) => t.grants);
        const api = new FakeGrantApi(initial, (_call, i) => script[i % script.length]);
        const first = buildPlan(desired, live);
        await applyChanges(grantChanges(first), api, { concurrency: 4 });
        const clean = new FakeGrantApi([...api.grants.values()]);
        const second = buildPlan(desired, liveFrom(api, live));
        const rerun = await applyChanges(grantChanges(second), clean);
        expect(rerun.converged).toBe(true);
        expect(buildPlan(desired, liveFrom(clean, live)).changes).toEqual([]);
        const planned = new Set([...grantChanges(first), ...grantChanges(second)].flatMap((c) => (c.action === 'remove' ? [c.id] : [])));
        for (const g of initial) if (!clean.grants.has(g.id)) expect(planned.has(g.id)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
