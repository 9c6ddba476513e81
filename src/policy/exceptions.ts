// Accepted exceptions (docs/evidence.md, "Accepted exceptions"): a policy's `exceptions:` accept a
// violation by a team or person on a target, with a reason, until the exception ends; from then
// on it is a violation again. A project's exception covers the project's own cell only, not its
// workspaces: a workspace is excepted by name. Pure: the clock is the caller's `now`.
import { isExpired, msOf } from '../core/expiry.js';
import type { TargetRef } from '../core/model.js';
import type { AcceptedBy, DesiredPolicy, FoundViolation, PolicyException } from '../core/policy.js';

const same = (a: string, b: string): boolean => a.normalize('NFC') === b.normalize('NFC');
const samePerson = (a: string, b: string): boolean => same(a.toLowerCase(), b.toLowerCase());

/** Whether the exception is about this target (none: a policy of the whole organization). */
function onTarget(exception: PolicyException, target: TargetRef | null): boolean {
  if (target === null) return exception.workspace === undefined && exception.project === undefined;
  const name = target.type === 'workspace' ? exception.workspace : exception.project;
  return name !== undefined && same(name, target.name);
}

/** The acceptance the exceptions give: the one that ends first, when the violation is there only while it holds. */
function earliest(used: readonly PolicyException[]): AcceptedBy | undefined {
  const first = [...used].sort((a, b) => msOf(a.expires) - msOf(b.expires))[0];
  return first ? { reason: first.reason, expires: first.expires } : undefined;
}

/**
 * The exceptions that accept the violation. One of its team, or, where the finding counts names
 * (`max-teams` its teams, `max-members` its people), those excepted are not counted: accepted when
 * what is left is within the rule's count.
 */
function acceptance(violation: FoundViolation, exceptions: readonly PolicyException[]): AcceptedBy | undefined {
  const team = violation.team;
  const own = team ? exceptions.filter((e) => e.team !== undefined && same(e.team, team.name)) : [];
  if (own.length > 0) return earliest(own);
  const found = violation.found;
  if (found.kind === 'max-teams') {
    const used = exceptions.filter((e) => e.team !== undefined && found.teams.some((t) => same(t, e.team as string)));
    return used.length > 0 && found.teams.length - used.length <= found.rule.count ? earliest(used) : undefined;
  }
  if (found.kind === 'max-members') {
    const used = exceptions.filter((e) => e.person !== undefined && found.members.some((m) => samePerson(m, e.person as string)));
    return used.length > 0 && found.members.length - used.length <= found.rule.count ? earliest(used) : undefined;
  }
  return undefined;
}

/** The ended exception a reader last relied on: of those that together would accept it, the one that ended last. */
function lapsedBy(violation: FoundViolation, ended: readonly PolicyException[]): AcceptedBy | undefined {
  if (ended.length === 0 || acceptance(violation, ended) === undefined) return undefined;
  const alone = ended.filter((e) => acceptance(violation, [e]) !== undefined);
  const last = [...(alone.length > 0 ? alone : ended)].sort((a, b) => msOf(b.expires) - msOf(a.expires))[0]!;
  return { reason: last.reason, expires: last.expires };
}

/**
 * The violations, each one an exception of its policy accepts at `now` marked `accepted`; one
 * only an ended exception would accept marked `lapsed` (a violation again, and said to be one the
 * organization had accepted until then); the others as they are.
 */
export function withExceptions(policies: readonly DesiredPolicy[], violations: readonly FoundViolation[], now: number): FoundViolation[] {
  const byName = new Map(policies.map((p) => [p.name, p.exceptions ?? []]));
  return violations.map((violation) => {
    const mine = (byName.get(violation.policy) ?? []).filter((e) => onTarget(e, violation.target));
    const active = mine.filter((e) => !isExpired(e.expires, now));
    const accepted = active.length > 0 ? acceptance(violation, active) : undefined;
    if (accepted) return { ...violation, accepted };
    const lapsed = lapsedBy(
      violation,
      mine.filter((e) => isExpired(e.expires, now)),
    );
    return lapsed ? { ...violation, lapsed } : violation;
  });
}
