// Assembles the plan: the diff, the effective-access warnings, the summary and the checksum.
import { createHash } from 'node:crypto';
import type { DesiredState, LiveState } from '../core/model.js';
import { changeDocument } from '../core/plan-document.js';
import { summarise, type Change, type Plan } from '../core/plan.js';
import { diff, indexLive } from './diff.js';
import { warnings } from './warnings.js';

/** sha256 of the changes in their canonical JSON form: the same changes, the same checksum. */
export function checksumOf(changes: readonly Change[]): string {
  return createHash('sha256').update(JSON.stringify(changes.map(changeDocument))).digest('hex');
}

export function buildPlan(desired: DesiredState, live: LiveState): Plan {
  const index = indexLive(live);
  const changes = diff(desired, live, index);
  return {
    organization: desired.organization,
    changes,
    summary: summarise(changes),
    warnings: warnings(desired, index),
    checksum: checksumOf(changes),
  };
}
