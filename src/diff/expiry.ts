// Grants that expire (docs/files.md, "Grants that expire"): what a plan says of the expiring ones it does
// not change (which have ended is decided once, core/expiry.ts, desiredAt). Pure: `now` is the
// caller's clock, in epoch milliseconds.

import { DEFAULT_EXPIRY_WARNING_DAYS } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import { DAY_MS, describeInstant, msOf, relativeDays } from '../core/expiry.js';
import type { DesiredGrant, DesiredTarget, TargetRef } from '../core/model.js';
import type { Change, PlanWarning } from '../core/plan.js';
import { type DiffIndex, liveTargetOf, targetRefOf } from './diff.js';
import { silenced } from './warnings.js';

const keyOf = (type: string, name: string, team: string): string => `${type}\u0000${name}\u0000${team}`;

function soon(target: DesiredTarget, grant: DesiredGrant, now: number, ref: TargetRef): PlanWarning {
  const at = grant.expires?.at ?? '';
  return {
    code: 'grant-expires-soon',
    message: `${target.type} ${target.name}: the grant of team ${grant.team} expires ${relativeDays(at, now)} (${describeInstant(at)}); from then on the plan removes it.`,
    target: ref,
    team: grant.team,
  };
}

function gone(target: DesiredTarget, grant: DesiredGrant, ref: TargetRef): PlanWarning {
  return {
    code: 'grant-expired',
    message: `${target.type} ${target.name}: the grant of team ${grant.team} expired (${describeInstant(grant.expires?.at ?? '')}) and the plan has nothing to remove; take it out of the files.`,
    target: ref,
    team: grant.team,
  };
}

/**
 * What the changes do not say: a grant the plan leaves as it is that expires within the warning
 * days (`grant-expires-soon`), and an expired grant with nothing live to remove (`grant-expired`).
 * A grant the plan adds, changes or removes says it on its own line.
 */
export function expiryWarnings(desired: DesiredState, index: DiffIndex, changes: readonly Change[], now: number): PlanWarning[] {
  const horizon = now + (desired.settings.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS) * DAY_MS;
  const soonEnds = (g: DesiredGrant): boolean => g.expires !== undefined && msOf(g.expires.at) <= horizon;
  // Most targets have no grant that ends: they cost one scan, nothing allocated.
  const concerned = desired.targets.filter((t) => t.expired?.length || t.grants.some(soonEnds));
  if (concerned.length === 0) return [];
  const changed = new Set(changes.map((c) => keyOf(c.target.type, c.target.name, c.team.name)));
  const out: PlanWarning[] = [];
  for (const target of concerned) {
    const expiring = target.grants.filter(soonEnds);
    const live = liveTargetOf(index, target);
    const ref = targetRefOf(target, live);
    const untouched = (grant: DesiredGrant) => !changed.has(keyOf(target.type, live.name, grant.team));
    // An expired grant of a team another source still grants here is that source's business.
    const granted = new Set(target.grants.map((g) => g.team));
    const quiet = silenced(desired, target);
    if (!quiet.has('grant-expires-soon')) for (const grant of expiring.filter(untouched)) out.push(soon(target, grant, now, ref));
    if (!quiet.has('grant-expired'))
      for (const grant of (target.expired ?? []).filter((g) => untouched(g) && !granted.has(g.team))) out.push(gone(target, grant, ref));
  }
  return out;
}
