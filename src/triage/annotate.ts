// The plan with each drift item's attribution in place and what the audit read covered (docs/drift.md,
// "Who changed it"). Neither is part of the checksum: the same plan, annotated. Pure.
import type { Attribution, AuditCoverage } from '../core/audit.js';
import { driftItemsOf } from '../core/drift-item.js';
import type { Plan } from '../core/plan.js';
import { InternalError } from '../errors.js';

const withOne = <T extends object>(item: T, attribution: Attribution | undefined): T => (attribution === undefined ? item : { ...item, attribution });

/** `attributions` in the order of driftItemsOf(plan): grants, then team changes, then member changes. */
export function annotatePlan(plan: Plan, attributions: readonly (Attribution | undefined)[], audit: AuditCoverage): Plan {
  const expected = driftItemsOf(plan).length;
  if (attributions.length !== expected) throw new InternalError(`attributions: ${attributions.length} for ${expected} drift items`);
  const grants = plan.changes.length;
  const teams = plan.teamChanges?.length ?? 0;
  return {
    ...plan,
    changes: plan.changes.map((c, i) => withOne(c, attributions[i])),
    ...(plan.teamChanges ? { teamChanges: plan.teamChanges.map((c, i) => withOne(c, attributions[grants + i])) } : {}),
    ...(plan.memberChanges ? { memberChanges: plan.memberChanges.map((c, i) => withOne(c, attributions[grants + teams + i])) } : {}),
    audit,
  };
}

const withoutOne = <T extends { readonly attribution?: Attribution }>(item: T): T => {
  if (item.attribution === undefined) return item;
  const { attribution: _, ...rest } = item;
  return rest as T;
};

/**
 * The plan as the diff made it, its attributions and audit left out: what a saved plan keeps. Who
 * changed what is the read's finding, not a decision apply makes (docs/drift.md, "Who changed it").
 */
export function withoutAttribution(plan: Plan): Plan {
  const { audit: _, ...rest } = plan;
  return {
    ...rest,
    changes: plan.changes.map(withoutOne),
    ...(plan.teamChanges ? { teamChanges: plan.teamChanges.map(withoutOne) } : {}),
    ...(plan.memberChanges ? { memberChanges: plan.memberChanges.map(withoutOne) } : {}),
  };
}
