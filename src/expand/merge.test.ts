import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/desired-state.js';
import { desiredAt } from '../core/expiry.js';
import type { DesiredGrant, DesiredSet, EntryTarget } from '../core/model.js';
import { mergeTarget } from './merge.js';

const RUNS = { numRuns: 300 };
const TEAMS = ['dev', 'ops', 'sre', 'ci'] as const;
const LEVELS = ['read', 'plan', 'write', 'admin'] as const;

const grantArb: fc.Arbitrary<DesiredGrant> = fc
  .record({ team: fc.constantFrom(...TEAMS), level: fc.constantFrom(...LEVELS) })
  .map(({ team, level }) => ({ team, access: { access: level } }));
const grantsArb = fc.uniqueArray(grantArb, { selector: (g) => g.team, maxLength: 3 });
const setsArb: fc.Arbitrary<DesiredSet[]> = fc.uniqueArray(
  fc
    .record({ name: fc.constantFrom('a', 'b', 'c', 'd'), prune: fc.option(fc.boolean(), { nil: undefined }), grants: grantsArb })
    .map(({ name, prune, grants }) => ({ type: 'workspace' as const, name, match: { names: ['*'] }, ...(prune === undefined ? {} : { prune }), grants })),
  { selector: (s) => s.name, maxLength: 4 },
);
/** An entry with `prune` as written (absent: settings.prune, the properties' `byDefault`, decides). */
const entryArb: fc.Arbitrary<EntryTarget | undefined> = fc.option(
  fc.record({ grants: grantsArb, prune: fc.option(fc.boolean(), { nil: undefined }) }).map(({ grants, prune }) => ({
    type: 'workspace' as const,
    name: 'api',
    ...(prune === undefined ? {} : { prune }),
    grants,
  })),
  { nil: undefined },
);

describe('mergeTarget: properties', () => {
  it('the order of the sets never changes the result', () => {
    fc.assert(
      fc.property(entryArb, setsArb, fc.func(fc.integer()), fc.boolean(), (entry, sets, key, byDefault) => {
        const shuffled = [...sets].sort((x, y) => key(x.name) - key(y.name));
        expect(mergeTarget('workspace', 'api', entry, shuffled, byDefault)).toEqual(mergeTarget('workspace', 'api', entry, sets, byDefault));
        expect(mergeTarget('workspace', 'api', entry, [...sets].reverse(), byDefault)).toEqual(mergeTarget('workspace', 'api', entry, sets, byDefault));
      }),
      RUNS,
    );
  });

  it('an entry always beats a set for its teams, and never conflicts there', () => {
    fc.assert(
      fc.property(entryArb, setsArb, (entry, sets) => {
        const result = mergeTarget('workspace', 'api', entry, sets, false);
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

  it('prunes when the entry or any set prunes, as written or else by settings.prune, unless the entry itself says prune: false', () => {
    fc.assert(
      fc.property(entryArb, setsArb, fc.boolean(), (entry, sets, byDefault) => {
        const result = mergeTarget('workspace', 'api', entry, sets, byDefault);
        if ('conflicts' in result) return;
        const entryPrunes = entry !== undefined && (entry.prune ?? byDefault);
        const expected = entry?.prune === false ? false : entryPrunes || sets.some((s) => s.prune ?? byDefault);
        expect(result.target.prune).toBe(expected);
        if (expected) expect(result.target.prunedBy?.kind).toBe(entryPrunes ? 'entry' : 'set');
      }),
      RUNS,
    );
  });

  it('two sets giving one team different grants conflict, naming both; the same grant twice does not', () => {
    fc.assert(
      fc.property(setsArb, (sets) => {
        const result = mergeTarget('workspace', 'api', undefined, sets, false);
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
    // Which grants have ended is decided once, at the run's clock (core/expiry.ts); the merge reads the decision.
    const at = (sets: DesiredSet[], when: number): DesiredSet[] =>
      desiredAt({ organization: 'acme', settings: DEFAULT_SETTINGS, targets: [], sets }, when).sets ?? [];
    const sets = [setOf('a-break-glass', [{ team: 'sre', access: admin, expires: ended }]), setOf('b-prod', [{ team: 'sre', access: read }])];
    // The expired grant is no longer desired (docs/files.md, "Grants that expire"): the other set's stands, whatever the order.
    for (const order of [sets, [...sets].reverse()]) {
      const result = mergeTarget('workspace', 'api-prod', undefined, at(order, now), false);
      expect(result).toMatchObject({ target: { grants: [{ team: 'sre', access: read, origin: { kind: 'set', name: 'b-prod' } }] } });
      expect(result).not.toHaveProperty('target.expired');
    }
    // Before it ends, the two still conflict; and two expired grants conflict with nothing desired: the first by name is the ended one.
    expect(mergeTarget('workspace', 'api-prod', undefined, at(sets, Date.parse('2025-12-01T00:00:00Z')), false)).toHaveProperty('conflicts');
    const bothEnded = [sets[0]!, setOf('b-prod', [{ team: 'sre', access: read, expires: ended }])];
    const result = mergeTarget('workspace', 'api-prod', undefined, at(bothEnded, now), false);
    expect(result).toMatchObject({ target: { grants: [], expired: [{ team: 'sre', access: admin, origin: { kind: 'set', name: 'a-break-glass' } }] } });
  });

  it('names the team, the target and both sets of a conflict', () => {
    const result = mergeTarget(
      'workspace',
      'api-prod',
      undefined,
      [setOf('z-prod', [{ team: 'sre', access: admin }]), setOf('a-all', [{ team: 'sre', access: read }])],
      true,
    );
    expect(result).toMatchObject({
      conflicts: [{ target: { type: 'workspace', name: 'api-prod' }, team: 'sre', first: { set: { name: 'a-all' } }, second: { set: { name: 'z-prod' } } }],
    });
  });

  it("an entry's prune: false keeps a pruning set from pruning; an entry without prune does not", () => {
    const pruning = [setOf('all', [], true)];
    const keep: EntryTarget = { type: 'workspace', name: 'api', prune: false, grants: [] };
    const silent: EntryTarget = { type: 'workspace', name: 'api', grants: [] };
    expect(mergeTarget('workspace', 'api', keep, pruning, false)).toMatchObject({ target: { prune: false } });
    expect(mergeTarget('workspace', 'api', silent, pruning, false)).toMatchObject({ target: { prune: true, prunedBy: { kind: 'set', name: 'all' } } });
    // Without prune written, settings.prune decides for the entry, and for a set that says nothing.
    expect(mergeTarget('workspace', 'api', silent, [], true)).toMatchObject({ target: { prune: true, prunedBy: { kind: 'entry', name: 'api' } } });
    expect(mergeTarget('workspace', 'api', undefined, [{ ...setOf('all', []), prune: undefined }], true)).toMatchObject({
      target: { prune: true, prunedBy: { kind: 'set', name: 'all' } },
    });
  });

  it('a custom grant equal in every permission is the same grant, whatever role names it', () => {
    const custom = { access: 'custom', permissions: { runs: 'plan' } } as unknown as DesiredGrant['access'];
    const result = mergeTarget(
      'workspace',
      'api',
      undefined,
      [setOf('a', [{ team: 'ci', access: custom, role: 'planner' }]), setOf('b', [{ team: 'ci', access: custom }])],
      false,
    );
    expect(result).toMatchObject({ target: { grants: [{ team: 'ci', origin: { kind: 'set', name: 'a' } }] } });
  });

  it("the entry's own fields go with it: its id, and the warnings it silences", () => {
    const entry: EntryTarget = { type: 'workspace', name: 'api', id: 'ws-abc', prune: true, grants: [], ignoreWarnings: ['shadowed-by-organization-access'] };
    expect(mergeTarget('workspace', 'api', entry, [setOf('all', [{ team: 'sre', access: admin }])], false)).toMatchObject({
      target: { id: 'ws-abc', ignoreWarnings: ['shadowed-by-organization-access'] },
    });
  });
});
