// The plan with each drift item's attribution in place and what the audit read covered (docs/drift.md,
// "Who changed it"). Neither is part of the checksum: the same plan, annotated. Pure.
import type { Attribution, AuditCoverage } from '../core/audit.js';
import { type DriftItem, driftItemKey } from '../core/drift-item.js';
import type { Plan, PlanChange } from '../core/plan.js';

/** Attributions by the identity of the item each is of (core/drift-item.ts, driftItemKey). */
export type Attributions = ReadonlyMap<string, Attribution>;

/** `attributions[i]` is of `items[i]`: keyed by each item's identity, where the two lists are made together. */
export function attributionsOf(items: readonly DriftItem[], attributions: readonly (Attribution | undefined)[]): Attributions {
  const out = new Map<string, Attribution>();
  for (const [i, item] of items.entries()) {
    const attribution = attributions[i];
    if (attribution !== undefined) out.set(driftItemKey(item), attribution);
  }
  return out;
}

const withOne = (item: PlanChange, attribution: Attribution | undefined): PlanChange =>
  attribution === undefined ? item : ({ kind: item.kind, change: { ...item.change, attribution } } as PlanChange);

/** Each change with the attribution of its identity (none: left as it is), whatever its place in the list. */
export function annotatePlan(plan: Plan, attributions: Attributions, audit: AuditCoverage): Plan {
  return { ...plan, changes: plan.changes.map((item) => withOne(item, attributions.get(driftItemKey(item)))), audit };
}

const withoutOne = (item: PlanChange): PlanChange => {
  if (item.change.attribution === undefined) return item;
  const { attribution: _, ...rest } = item.change;
  return { kind: item.kind, change: rest } as PlanChange;
};

/**
 * The plan as the diff made it, its attributions and audit left out: what a saved plan keeps. Who
 * changed what is the read's finding, not a decision apply makes (docs/drift.md, "Who changed it").
 */
export function withoutAttribution(plan: Plan): Plan {
  const { audit: _, ...rest } = plan;
  return { ...rest, changes: plan.changes.map(withoutOne) };
}
