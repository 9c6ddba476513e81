// The executor and a write refused for the token's rights (docs/apply.md, "Apply"; docs/api.md, "Seed:
// authentication" 5): it starts no further change, finishes those in flight, and its report says
// why it stopped (the line the caller phrases from the refusal's facts, asked once).
import { describe, expect, it } from 'vitest';
import { FakeGrantApi } from '../../test/apply/fake-grant-api.js';
import { access, teamId } from '../../test/support/states.js';
import { RemoteError } from '../api/errors/remote-error.js';
import type { LiveGrant } from '../core/model.js';
import type { Change } from '../core/plan.js';
import type { RefusalFacts, TokenHolder } from '../core/write-refusal.js';
import { applyChanges } from './executor.js';
import type { GrantApi } from './ports.js';

const PRJ = { type: 'project', name: 'platform', id: 'prj-platform' } as const;
const ref = (name: string) => ({ name, id: teamId(name) });
const grant = (id: string, name: string): LiveGrant => ({
  id,
  resource: 'team-projects',
  teamId: teamId(name),
  targetId: PRJ.id,
  access: access('team-projects', 'read'),
  extra: {},
});
const add = (name: string): Change => ({ action: 'add', resource: 'team-projects', team: ref(name), target: PRJ, after: access('team-projects', 'write') });
const update = (id: string, name: string): Change => ({
  action: 'update',
  resource: 'team-projects',
  id,
  team: ref(name),
  target: PRJ,
  before: access('team-projects', 'read'),
  after: access('team-projects', 'admin'),
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

/** The fake's rules, with every write of the kinds named refused by `status`. */
function refusing(api: FakeGrantApi, status: number, kinds: ReadonlyArray<'add' | 'update' | 'remove'>): GrantApi & { writes: number } {
  const deny = (method: string, path: string) => Promise.reject(new RemoteError(method, path, status, []));
  const out = {
    writes: 0,
    listGrants: (t: Parameters<GrantApi['listGrants']>[0]) => api.listGrants(t),
    addGrant: (...a: Parameters<GrantApi['addGrant']>) => (out.writes++, kinds.includes('add') ? deny('POST', '/team-projects') : api.addGrant(...a)),
    updateGrant: (...a: Parameters<GrantApi['updateGrant']>) => (
      out.writes++, kinds.includes('update') ? deny('PATCH', `/team-projects/${a[1]}`) : api.updateGrant(...a)
    ),
    removeGrant: (...a: Parameters<GrantApi['removeGrant']>) => (
      out.writes++, kinds.includes('remove') ? deny('DELETE', `/team-projects/${a[1]}`) : api.removeGrant(...a)
    ),
  };
  return out;
}

describe("a write refused for the token's rights", () => {
  it('a 404 PATCH of a grant still there stops the run: the rest not started, the line phrased once from its facts', async () => {
    const api = refusing(new FakeGrantApi([grant('tprj-1', 'ops'), grant('tprj-2', 'sre')]), 404, ['update', 'add', 'remove']);
    const phrased: RefusalFacts[] = [];
    let identified = 0;
    const holder: TokenHolder = {
      identity: { kind: 'team', userId: 'user-ci', username: 'api-ci', serviceAccount: true, resourceId: teamId('ci') },
      teamName: 'ci',
    };
    const refusal = { identify: () => (identified++, Promise.resolve(holder)), phrase: (facts: RefusalFacts) => (phrased.push(facts), 'the line') };
    const report = await applyChanges([update('tprj-1', 'ops'), add('dev'), remove('tprj-2', 'sre')], api, { concurrency: 1, refusal });
    expect(report.outcomes.map((o) => o.status)).toEqual(['failed', 'not-started', 'not-started']);
    expect(api.writes).toBe(1);
    expect(report.stopped).toEqual({ reason: 'the line', exitCode: 1, refused: true });
    expect(identified).toBe(1);
    expect(phrased).toEqual([{ target: PRJ, refusal: { request: 'PATCH /team-projects/tprj-1', status: 404, certain: true }, ...holder }]);
  });

  it('a 404 POST is "refused or not found" (not certain); without `identify` the facts name no one; without a phraser the reason is the request', async () => {
    const phrased: RefusalFacts[] = [];
    const report = await applyChanges([add('dev'), add('ops')], refusing(new FakeGrantApi([]), 404, ['add']), {
      concurrency: 1,
      refusal: { phrase: (facts) => (phrased.push(facts), 'phrased') },
    });
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', refused: { request: 'POST /team-projects', status: 404, certain: false } });
    expect(phrased).toEqual([{ target: PRJ, refusal: { request: 'POST /team-projects', status: 404, certain: false }, identity: undefined }]);
    expect(report.stopped?.reason).toBe('phrased');
    const bare = await applyChanges([add('dev')], refusing(new FakeGrantApi([]), 404, ['add']), { concurrency: 1 });
    expect(bare.stopped).toEqual({ reason: 'POST /team-projects: 404', exitCode: 1, refused: true });
  });

  it('a 403 is a refusal of any write; an `identify` that fails leaves the line without identity', async () => {
    const api = refusing(new FakeGrantApi([grant('tprj-2', 'sre')]), 403, ['remove']);
    const phrased: RefusalFacts[] = [];
    const report = await applyChanges([remove('tprj-2', 'sre'), remove('tprj-3', 'qa')], api, {
      concurrency: 1,
      refusal: { identify: () => Promise.reject(new Error('boom')), phrase: (facts) => (phrased.push(facts), 'no one named') },
    });
    expect(report.outcomes.map((o) => o.status)).toEqual(['failed', 'not-started']);
    expect(phrased).toEqual([{ target: PRJ, refusal: { request: 'DELETE /team-projects/tprj-2', status: 403, certain: true }, identity: undefined }]);
    expect(report.stopped?.reason).toBe('no one named');
  });

  it('a 404 for a grant already gone is no refusal: the run goes on', async () => {
    const api = new FakeGrantApi([]);
    const report = await applyChanges([remove('tprj-gone', 'ops'), add('dev')], api, { concurrency: 1 });
    expect(report.outcomes.map((o) => o.status)).toEqual(['already-so', 'applied']);
    expect(report.stopped).toBeUndefined();
    expect(report.converged).toBe(true);
  });

  it('at concurrency 3, the writes in flight end and no other starts: at most 3 refused writes', async () => {
    const api = refusing(new FakeGrantApi([]), 404, ['add']);
    const report = await applyChanges(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(add), api, { concurrency: 3 });
    expect(api.writes).toBeLessThanOrEqual(3);
    expect(report.counts.failed).toBe(api.writes);
    expect(report.counts.notStarted).toBe(7 - api.writes);
  });

  it('a stop of the caller wins over the refusal: its reason and exit code, and no line asked', async () => {
    const stop = new AbortController();
    const api = refusing(new FakeGrantApi([]), 404, ['add']);
    let asked = 0;
    const refusal = { identify: () => (asked++, Promise.resolve({ identity: undefined })), phrase: () => (asked++, 'never asked') };
    const interrupting: GrantApi = { ...api, addGrant: (...a) => (stop.abort(new Error('interrupted')), api.addGrant(...a)) };
    const report = await applyChanges([add('dev'), add('ops')], interrupting, { concurrency: 1, signal: stop.signal, refusal });
    expect(report.outcomes.map((o) => o.status)).toEqual(['failed', 'not-started']);
    expect(report.stopped).toEqual({ reason: 'interrupted', exitCode: 1 });
    expect(asked).toBe(0);
  });
});
