// New and live violations (docs/evidence.md, "New and live violations"): a plan's violations, found
// on the access after it, against those of the access as it is (the same read): `new` when the
// change introduces one, or worsens one (a worse finding of the same policy, target and team, by
// its kind's row, core/policy-rules.ts), else `live`. Only new ones block. Pure.
import { RESOURCE_OF } from '../core/model.js';
import type { FoundViolation } from '../core/policy.js';
import { isWorse } from '../core/policy-rules.js';

const keyOf = (v: FoundViolation): string => [v.policy, v.target?.type ?? '', v.target?.id ?? '', v.team?.id ?? ''].join('\u0000');

/** The violations after the plan, each marked `new` or `live` by those of the access as it is. */
export function withStatus(after: readonly FoundViolation[], live: readonly FoundViolation[]): FoundViolation[] {
  const before = new Map(live.map((v) => [keyOf(v), v]));
  return after.map((violation) => {
    const was = before.get(keyOf(violation));
    const resource = violation.target ? RESOURCE_OF[violation.target.type] : null;
    const worse = was === undefined || was.found.kind !== violation.found.kind || isWorse(violation.found, was.found, resource);
    return { ...violation, status: worse ? 'new' : 'live' };
  });
}
