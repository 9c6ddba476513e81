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
