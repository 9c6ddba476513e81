// Issue 40, Build 3: a plan given --changed-from saves as format 7, with its scope; it reads back
// exactly, its checksum covers the scope (never an unscoped plan's with the same changes), and a
// file whose scope or version was edited and resealed is refused (docs/apply.md, "Saved plans").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { savedPlanDocument } from '../../test/support/saved-plan.js';
import { arbScenario } from '../../test/support/states.js';
import type { ChangedFrom } from '../core/coverage.js';
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import { scopeOf } from '../core/scope.js';
import { buildPlan as diffPlan } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { savedPlanOf } from './saved-plan.js';

const SCOPED: ChangedFrom = { ref: 'main', scoped: true, targets: ['workspace:app'], teams: ['sre'], tokenPolicy: false, read: 1 };
const FULL: ChangedFrom = { ref: 'main', scoped: false, targets: [], teams: [], tokenPolicy: false, read: 3, reason: 'settings changed (max-removals)' };

const planned = (desired: DesiredState, live: LiveState, changedFrom?: ChangedFrom) =>
  guardPlan(diffPlan(desired, live, { scope: scopeOf(changedFrom ? { changedFrom } : {}) }), guardInputsOf(desired, live));
const roundTrip = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
const resealed = (document: Record<string, unknown>): Record<string, unknown> => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });

describe('a saved plan given --changed-from', () => {
  it('is format 7 and reads back exactly, scoped or the full plan (property)', () => {
    fc.assert(
      fc.property(arbScenario, fc.constantFrom(SCOPED, FULL), ({ desired, live }, changedFrom) => {
        const saved = savedPlanOf(planned(desired, live, changedFrom), desired, live);
        const document = roundTrip(savedPlanDocument(saved));
        expect(document.format_version).toBe(7);
        expect(parseSavedPlan('p.json', document)).toEqual(saved);
      }),
      { numRuns: 50 },
    );
  });

  it("scoped, its checksum covers the scope: not an unscoped plan's with the same changes; the full plan's is the unscoped one (property)", () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const unscoped = planned(desired, live);
        const scoped = planned(desired, live, SCOPED);
        expect(scoped.changes).toEqual(unscoped.changes);
        expect(scoped.checksum).not.toBe(unscoped.checksum);
        expect(planned(desired, live, { ...SCOPED, targets: ['workspace:other'] }).checksum).not.toBe(scoped.checksum);
        // How the base was spelled is no part of it: a merge applies with another name for the same base.
        expect(planned(desired, live, { ...SCOPED, ref: 'abc123' }).checksum).toBe(scoped.checksum);
        expect(planned(desired, live, FULL).checksum).toBe(unscoped.checksum);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses one whose scope was dropped, widened or whose version was lowered (3), resealed', () => {
    const [{ desired, live }] = fc.sample(arbScenario, { numRuns: 1, seed: 11 }) as [{ desired: DesiredState; live: LiveState }];
    const document = roundTrip(savedPlanDocument(savedPlanOf(planned(desired, live, SCOPED), desired, live)));
    const plan = document.plan as { scope: Record<string, unknown> };
    const { changed_from: _dropped, ...unscoped } = plan.scope;
    const changedFrom = plan.scope.changed_from as Record<string, unknown>;
    const edits: Record<string, unknown>[] = [
      { ...document, plan: { ...plan, scope: unscoped } },
      { ...document, plan: { ...plan, scope: { ...plan.scope, changed_from: { ...changedFrom, targets: ['workspace:app', 'workspace:db'] } } } },
      { ...document, format_version: 3 },
    ];
    for (const edit of edits) expect(() => parseSavedPlan('p.json', resealed(edit))).toThrow(/p\.json/);
    // Each for its own reason: the scope is required in 7, the checksum covers it, and a 3 holds none.
    expect(() => parseSavedPlan('p.json', resealed(edits[0]!))).toThrow(/changed_from/);
    expect(() => parseSavedPlan('p.json', resealed(edits[1]!))).toThrow(/checksum does not match/);
    expect(() => parseSavedPlan('p.json', resealed(edits[2]!))).toThrow(/version without scoped plans/);
  });
});
