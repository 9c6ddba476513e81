import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DesiredGrant, DesiredSet, DesiredTarget } from '../core/model.js';
import { mergeTarget } from './merge.js';

const RUNS = { numRuns: 300 };
const TEAMS = ['dev', 'ops', 'sre', 'ci'] as const;
const LEVELS = ['read', 'plan', 'write', 'admin'] as const;

const grantArb: fc.Arbitrary<DesiredGrant> = fc.record({ team: fc.constantFrom(...TEAMS), level: fc.constantFrom(...LEVELS) }).map(({ team, level }) => ({ team, access: { access: level } }));
const grantsArb = fc.uniqueArray(grantArb, { selector: (g) => g.team, maxLength: 3 });
const setsArb: fc.Arbitrary<DesiredSet[]> = fc.uniqueArray(
  fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd'), prune: fc.boolean(), grants: grantsArb }).map(({ name, prune, grants }) => ({ type: 'workspace' as const, name, match: { names: ['*'] }, prune, grants })),
  { selector: (s) => s.name, maxLength: 4 },
);
const entryArb: fc.Arbitrary<DesiredTarget | undefined> = fc.option(
  fc.record({ grants: grantsArb, prune: fc.option(fc.boolean(), { nil: undefined }) }).map(({ grants, prune }) => ({
    type: 'workspace' as const,
    name: 'api',
    prune: prune ?? false,
    grants,
    ...(prune === undefined ? {} : { pruneExplicit: true }),
  })),
  { nil: undefined },
);

describe('mergeTarget: properties', () => {
  it('the order of the sets never changes the result', () => {
    fc.assert(
      fc.property(entryArb, setsArb, fc.func(fc.integer()), (entry, sets, key) => {
        const shuffled = [...sets].sort((x, y) => key(x.name) - key(y.name));
        expect(mergeTarget('workspace', 'api', entry, shuffled)).toEqual(mergeTarget('workspace', 'api', entry, sets));
        expect(mergeTarget('workspace', 'api', entry, [...sets].reverse())).toEqual(mergeTarget('workspace', 'api', entry, sets));
      }),
      RUNS,
    );
  });

  it('an entry always beats a set for its teams, and never conflicts there', () => {
    fc.assert(
      fc.property(entryArb, setsArb, (entry, sets) => {
        const result = mergeTarget('workspace', 'api', entry, sets);
        const own = new Map((entry?.grants ?? []).map((g) => [g.team, g]));
        if ('conflicts' in result) {
          for (const c of result.conflicts) expect(own.has(c.team)).toBe(false);
          return;
        }
        for (const grant of result.target.grants) {
          const mine = own.get(grant.team);
          if (mine) {
            expect(grant.access).toEqual(mine.access);
            expect(grant.origin?.kind).toBe('entry');
            const givers = sets.filter((s) => s.grants.some((g) => g.team === grant.team)).map((s) => s.name);
            expect([...(grant.origin?.overrides ?? [])].sort()).toEqual(givers.sort());
          } else {
            expect(grant.origin?.kind).toBe('set');
            const from = sets.find((s) => s.name === grant.origin?.name);
            expect(from?.grants.find((g) => g.team === grant.team)?.access).toEqual(grant.access);
          }
        }
        // the union: every team of the entry and of every set, once
        const teams = new Set([...own.keys(), ...sets.flatMap((s) => s.grants.map((g) => g.team))]);
        expect(result.target.grants.map((g) => g.team).sort()).toEqual([...teams].sort());
      }),
      RUNS,
    );
  });

  it('prunes when the entry or any set prunes, unless the entry itself says prune: false', () => {
    fc.assert(
      fc.property(entryArb, setsArb, (entry, sets) => {
        const result = mergeTarget('workspace', 'api', entry, sets);
        if ('conflicts' in result) return;
        const expected = entry?.pruneExplicit && !entry.prune ? false : entry?.prune === true || sets.some((s) => s.prune);
        expect(result.target.prune).toBe(expected);
        if (expected) expect(result.target.prunedBy?.kind).toBe(entry?.prune ? 'entry' : 'set');
      }),
      RUNS,
    );
  });

  it('two sets giving one team different grants conflict, naming both; the same grant twice does not', () => {
    fc.assert(
      fc.property(setsArb, (sets) => {
        const result = mergeTarget('workspace', 'api', undefined, sets);
        const differ = TEAMS.some((team) => new Set(sets.flatMap((s) => s.grants.filter((g) => g.team === team).map((g) => g.access.access))).size > 1);
        expect('conflicts' in result).toBe(differ);
        if ('conflicts' in result) for (const c of result.conflicts) expect(c.first.set.name < c.second.set.name).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('mergeTarget: examples', () => {
  const setOf = (name: string, grants: DesiredGrant[], prune = false): DesiredSet => ({ type: 'workspace', name, match: { names: ['*'] }, prune, grants });
  const admin = { access: 'admin' } as const;
  const read = { access: 'read' } as const;

  it('regression: two sets that disagree on a team conflicted even after one of the grants had expired', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    const ended = { at: '2026-01-02T00:00:00Z' };
    const sets = [setOf('a-break-glass', [{ team: 'sre', access: admin, expires: ended }]), setOf('b-prod', [{ team: 'sre', access: read }])];
    // The expired grant is no longer desired (docs/files.md, "Grants that expire"): the other set's stands, whatever the order.
    for (const order of [sets, [...sets].reverse()]) {
      const result = mergeTarget('workspace', 'api-prod', undefined, order, now);
      expect(result).toMatchObject({ target: { grants: [{ team: 'sre', access: read, origin: { kind: 'set', name: 'b-prod' } }] } });
    }
    // Before it ends, the two still conflict; and two expired grants conflict with nothing desired.
    expect(mergeTarget('workspace', 'api-prod', undefined, sets, Date.parse('2025-12-01T00:00:00Z'))).toHaveProperty('conflicts');
    const bothEnded = [sets[0]!, setOf('b-prod', [{ team: 'sre', access: read, expires: ended }])];
    expect(mergeTarget('workspace', 'api-prod', undefined, bothEnded, now)).toHaveProperty('target');
  });

  it('names the team, the target and both sets of a conflict', () => {
    const result = mergeTarget('workspace', 'api-prod', undefined, [setOf('z-prod', [{ team: 'sre', access: admin }]), setOf('a-all', [{ team: 'sre', access: read }])]);
    expect(result).toMatchObject({ conflicts: [{ target: { type: 'workspace', name: 'api-prod' }, team: 'sre', first: { set: { name: 'a-all' } }, second: { set: { name: 'z-prod' } } }] });
  });

  it("an entry's prune: false keeps a pruning set from pruning; an entry without prune does not", () => {
    const pruning = [setOf('all', [], true)];
    const keep: DesiredTarget = { type: 'workspace', name: 'api', prune: false, pruneExplicit: true, grants: [] };
    const silent: DesiredTarget = { type: 'workspace', name: 'api', prune: false, grants: [] };
    expect(mergeTarget('workspace', 'api', keep, pruning)).toMatchObject({ target: { prune: false } });
    expect(mergeTarget('workspace', 'api', silent, pruning)).toMatchObject({ target: { prune: true, prunedBy: { kind: 'set', name: 'all' } } });
  });

  it('a custom grant equal in every permission is the same grant, whatever role names it', () => {
    const custom = { access: 'custom', permissions: { runs: 'plan' } } as unknown as DesiredGrant['access'];
    const result = mergeTarget('workspace', 'api', undefined, [setOf('a', [{ team: 'ci', access: custom, role: 'planner' }]), setOf('b', [{ team: 'ci', access: custom }])]);
    expect(result).toMatchObject({ target: { grants: [{ team: 'ci', origin: { kind: 'set', name: 'a' } }] } });
  });

  it("the entry's own fields go with it: its id, and the warnings it silences", () => {
    const entry: DesiredTarget = { type: 'workspace', name: 'api', id: 'ws-abc', prune: true, grants: [], ignoreWarnings: ['shadowed-by-organization-access'] };
    expect(mergeTarget('workspace', 'api', entry, [setOf('all', [{ team: 'sre', access: admin }])])).toMatchObject({ target: { id: 'ws-abc', ignoreWarnings: ['shadowed-by-organization-access'] } });
  });
});
