// The acceptance property of drift --adopt (docs/drift.md, "Adopt"): random live drift over random
// files (entries in two files, a set, roles, comments, anchors, blank lines, quoting) -> adopt ->
// the plan of the edited files, against the same live state, has none of the adopted items and no
// item that was not drift before; and the files' bytes outside the edited regions are unchanged.
// Planned in memory with the plan's one pure call (assemble/plan-over.ts, planOver) over the world as read.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adopt } from '../../src/adopt/adopt.js';
import { stateOfTexts } from '../../src/adopt/files-state.js';
import { type PlanResult, planOver } from '../../src/assemble/plan-over.js';
import { EVERY_TARGET } from '../../src/assemble/targets.js';
import type { NotAdoptedReason } from '../../src/core/adoption.js';
import type { FilesState } from '../../src/core/desired-state.js';
import { driftItemKey, driftItemsOf } from '../../src/core/drift-item.js';
import { firstReads } from '../../src/core/run-reads.js';
import { UNKNOWN_SERVER } from '../../src/core/server.js';
import { randomWorld } from './random-files.js';

function stateOf(files: { path: string; text: string }[]): FilesState {
  const loaded = stateOfTexts(files);
  if ('problems' in loaded)
    throw new Error(
      `${loaded.problems.map((p) => `${p.file}:${p.line ?? ''}: ${p.message}`).join('\n')}\n${files.map((f) => `--- ${f.path}\n${f.text}`).join('\n')}`,
    );
  return loaded.state;
}

/** The text with the ranges cut out. */
function cutOut(text: string, ranges: readonly (readonly [number, number])[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start);
    at = end;
  }
  return out + text.slice(at);
}

/** The plan of `state` over the world as read: every read it needs is there. */
function planOn(state: FilesState, world: ReturnType<typeof randomWorld>): PlanResult {
  const reads = { ...firstReads(UNKNOWN_SERVER, world.org), live: world.live };
  const outcome = planOver({ paths: [], desired: state, targets: EVERY_TARGET }, reads, { now: 0, keepUnseenTeams: true });
  if (outcome.kind === 'needs') throw new Error(`the plan needs ${outcome.need.kind}`);
  return outcome.value;
}

const seen = new Map<NotAdoptedReason | 'adopted', number>();

describe('drift --adopt over random files and live drift', () => {
  it('leaves a plan clean of every adopted item, and every byte outside the edits as it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const world = randomWorld(seed);
        const state = stateOf(world.files);
        const { plan: drift, pruned } = planOn(state, world);
        const items = driftItemsOf(drift);
        // One run in five adopts one workspace's grants only (--target).
        const selectors = seed % 5 === 0 ? [{ type: 'workspace' as const, name: 'api-prod' }] : [];
        const result = adopt({ files: world.files, items, state, pruned, selectors });
        const { adoption } = result;
        seen.set('adopted', (seen.get('adopted') ?? 0) + adoption.adopted);
        for (const n of adoption.notAdopted) seen.set(n.reason, (seen.get(n.reason) ?? 0) + 1);
        expect(adoption.adopted + adoption.notAdopted.length).toBe(items.length);
        // Only what the format cannot say here is left: a set's grant on one target, an anchor others use.
        for (const n of adoption.notAdopted)
          expect(selectors.length > 0 ? ['set-wide', 'anchor', 'not-targeted'] : ['set-wide', 'anchor'], n.detail).toContain(n.reason);
        const edited = world.files.map((f) => ({ path: f.path, text: adoption.edits.find((e) => e.path === f.path)?.after ?? f.text }));
        const after = planOn(stateOf(edited), world).plan;
        const left = driftItemsOf(after).map(driftItemKey);
        const notAdopted = new Set(adoption.notAdopted.map((n) => driftItemKey(n.item)));
        const context = edited.map((f) => `--- ${f.path}\n${f.text}`).join('\n');
        for (const key of left) expect(notAdopted.has(key), `${key} is drift after adopting\n${context}`).toBe(true);
        for (const edit of adoption.edits) {
          const regions = result.regions.get(edit.path) ?? [];
          expect(regions.length).toBeGreaterThan(0);
          expect(
            cutOut(
              edit.after,
              regions.map((r) => r.after),
            ),
          ).toBe(
            cutOut(
              edit.before,
              regions.map((r) => r.before),
            ),
          );
        }
      }),
      { seed: 20261126, numRuns: 200 },
    );
    // The runs drew every path: items adopted, a set's grant left, an anchor left.
    expect(seen.get('adopted')).toBeGreaterThan(200);
    expect(seen.get('not-targeted')).toBeGreaterThan(0);
    expect(seen.get('set-wide')).toBeGreaterThan(0);
    expect(seen.get('anchor')).toBeGreaterThan(0);
  });
});
