// Policy violations in words (docs/effective-access.md, "Policies"), for the text and Markdown plans and the text
// report: a heading, then one line per violation, `[policy] message`. A plan's violations come in
// three groups (docs/evidence.md): those its change makes, which block; those already live, listed
// apart as not caused by it; and those an exception accepts, with its reason and end.
import { describeInstant } from '../../core/expiry.js';
import type { PolicyViolation } from '../../core/policy.js';
import { printable } from '../../core/printable.js';
import { violationMessage } from './violation-message.js';

/** Lines shown in a Markdown comment; the rest are counted (the JSON and text plans list them all). */
export const MAX_VIOLATIONS_SHOWN = 50;

/** A plan's violations by what they do: `blocking` (new, or with no comparison made: drift), `live` (already live, not worsened), `accepted` (by an exception). */
export interface ViolationGroups {
  readonly blocking: readonly PolicyViolation[];
  readonly live: readonly PolicyViolation[];
  readonly accepted: readonly PolicyViolation[];
}

export function violationGroups(violations: readonly PolicyViolation[] | undefined): ViolationGroups {
  const all = violations ?? [];
  return {
    blocking: all.filter((v) => v.accepted === undefined && v.status !== 'live'),
    live: all.filter((v) => v.accepted === undefined && v.status === 'live'),
    accepted: all.filter((v) => v.accepted !== undefined),
  };
}

const count = (n: number): string => (n === 1 ? '1 violation' : `${n} violations`);

/** The heading, or undefined when there is nothing to say; those accepted by an exception are counted apart. */
export function violationHeadline(violations: readonly PolicyViolation[] | undefined): string | undefined {
  const n = violations?.length ?? 0;
  if (n === 0) return undefined;
  const accepted = (violations ?? []).filter((v) => v.accepted !== undefined).length;
  const note = accepted === 0 ? '' : `, ${accepted} accepted by an exception`;
  return `Policies broken (${count(n)}${note}); plan and apply refuse (exit 3), drift reports them (exit 2):`;
}

/**
 * The report's heading of the violations no exception accepts (docs/evidence.md, "New and live
 * violations"): the report sees access as it is, so its violations are live; drift counts them, but
 * a plan refuses only a change that makes or worsens one.
 */
export function reportViolationHeadline(n: number): string {
  return `Policies broken (${count(n)}): drift reports them (exit 2); plan and apply refuse only a change that makes or worsens one (exit 3):`;
}

/** docs/evidence.md, "New and live violations": the heading of those the plan's change does not make. */
export function liveHeadline(n: number): string {
  return `Already live, not caused by this change (${count(n)}); they do not block:`;
}

/** docs/evidence.md, "Accepted exceptions": the heading of those an exception accepts. */
export function acceptedHeadline(n: number): string {
  return `Accepted by an exception of the policy (${count(n)}); they do not block until it ends:`;
}

/** What an exception says of the violation: accepted until when and why, or lapsed on when (and why it had been); nothing without one. */
export function exceptionNote(violation: PolicyViolation): string {
  if (violation.accepted) return `accepted until ${describeInstant(violation.accepted.expires)}: ${violation.accepted.reason}`;
  if (violation.lapsed) return `exception lapsed on ${describeInstant(violation.lapsed.expires)}: ${violation.lapsed.reason}`;
  return '';
}

/** `[policy] message`, and for an accepted or lapsed one, the exception's end and reason. */
export function violationText(violation: PolicyViolation): string {
  const note = exceptionNote(violation);
  return `[${printable(violation.policy)}] ${printable(`${violationMessage(violation)}${note ? ` (${note})` : ''}`)}`;
}
