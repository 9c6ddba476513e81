// Policy violations in words (docs/effective-access.md, "Policies"), for the text and Markdown plans and the text
// report: a heading, then one line per violation, `[policy] message`.
import type { PolicyViolation } from '../core/policy.js';
import { printable } from '../core/printable.js';
import { violationMessage } from './violation-message.js';

/** Lines shown in a Markdown comment; the rest are counted (the JSON and text plans list them all). */
export const MAX_VIOLATIONS_SHOWN = 50;

/** The heading, or undefined when there is nothing to say. */
export function violationHeadline(violations: readonly PolicyViolation[] | undefined): string | undefined {
  const n = violations?.length ?? 0;
  if (n === 0) return undefined;
  return `Policies broken (${n === 1 ? '1 violation' : `${n} violations`}); plan and apply refuse (exit 3), drift reports them (exit 2):`;
}

export function violationText(violation: PolicyViolation): string {
  return `[${printable(violation.policy)}] ${printable(violationMessage(violation))}`;
}
