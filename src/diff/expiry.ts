// Grants that expire (docs/files.md, "Grants that expire"), at the time of a run: which grants of the files
// are still desired, and what a plan says of the expiring ones it does not change. Pure: `now` is
// the caller's clock, in epoch milliseconds.
import { DAY_MS, describeInstant, isExpired, msOf, relativeDays } from '../core/expiry.js';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '../core/defaults.js';
import type { DesiredGrant, DesiredTarget, TargetRef } from '../core/model.js';
import type { DesiredState } from '../core/desired-state.js';
import type { Change, PlanWarning } from '../core/plan.js';
import { liveTargetOf, type DiffIndex } from './diff.js';
import { silenced } from './warnings.js';

function atTarget(target: DesiredTarget, now: number): DesiredTarget {
  if (!target.grants.some((g) => g.expires && isExpired(g.expires.at, now))) return target;
  const grants: DesiredGrant[] = [];
  const expired: DesiredGrant[] = [...(target.expired ?? [])];
  for (const grant of target.grants) (grant.expires && isExpired(grant.expires.at, now) ? expired : grants).push(grant);
  return { ...target, grants, expired };
}

/**
 * The desired state at `now`: a grant whose expiry has passed leaves `grants` for `expired`, so
 * every stage after this one (names, server support, the diff, effective access) sees only what is
 * still desired, and the diff removes what expired. Unchanged when nothing has expired.
 */
export function desiredAt(desired: DesiredState, now: number): DesiredState {
  let changed = false;
  const targets = desired.targets.map((target) => {
    const at = atTarget(target, now);
    changed ||= at !== target;
    return at;
  });
  const sets = desired.sets?.map((set) => {
    const expiredTeams = set.grants.filter((g) => g.expires && isExpired(g.expires.at, now)).map((g) => g.team);
    changed ||= expiredTeams.length > 0;
    return expiredTeams.length > 0 ? { ...set, expiredTeams } : set;
  });
  // A set's grant stays in the set (it is merged, then removed as expired); the set says it has ended.
  return changed ? { ...desired, targets, ...(sets ? { sets } : {}) } : desired;
}

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
    const ref: TargetRef = { type: target.type, name: live.name, id: live.id };
    const untouched = (grant: DesiredGrant) => !changed.has(keyOf(target.type, live.name, grant.team));
    // An expired grant of a team another source still grants here is that source's business.
    const granted = new Set(target.grants.map((g) => g.team));
    const quiet = silenced(desired, target);
    if (!quiet.has('grant-expires-soon')) for (const grant of expiring.filter(untouched)) out.push(soon(target, grant, now, ref));
    if (!quiet.has('grant-expired')) for (const grant of (target.expired ?? []).filter((g) => untouched(g) && !granted.has(g.team))) out.push(gone(target, grant, ref));
  }
  return out;
}
