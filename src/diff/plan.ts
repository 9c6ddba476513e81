// Assembles the plan: the diff, the effective-access warnings, the summary and the checksum.
import type { DesiredState, LiveState } from '../core/model.js';
import { summarise, type Plan } from '../core/plan.js';
import { checksumOf } from './checksum.js';
import { incompleteTargetsOf } from './completeness.js';
import { diff, indexLive } from './diff.js';
import { warnings } from './warnings.js';

export function buildPlan(desired: DesiredState, live: LiveState): Plan {
  const index = indexLive(live);
  const changes = diff(desired, live, index);
  return {
    organization: desired.organization,
    changes,
    summary: summarise(changes),
    warnings: warnings(desired, index),
    checksum: checksumOf({ organization: desired.organization, changes, maxRemovals: desired.settings.maxRemovals, incompleteTargets: incompleteTargetsOf(live) }),
  };
}
