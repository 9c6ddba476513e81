// The refusal of a plan that would break a policy of the files (docs/effective-access.md,
// "Policies"), in words: the error apply ends with, each violation a line of violation-lines.ts.
import type { PolicyViolation } from '../../core/policy.js';
import { CLIError, EXIT } from '../../errors.js';
import { violationText } from './violation-lines.js';

/**
 * docs/effective-access.md, "Policies": the access once the plan is applied would break a policy of the files. Exit 3,
 * as a guard's refusal; --force does not lift it (the files' own rule, not a safety margin).
 */
export class PolicyRefusedError extends CLIError {
  override readonly name: string = 'PolicyRefusedError';
  constructor(readonly violations: readonly PolicyViolation[]) {
    const n = violations.length;
    const lines = [`refused: the access once applied breaks ${n === 1 ? 'a policy' : `policies (${n} violations)`} of the files; nothing was changed.`];
    for (const v of violations) lines.push(`  ${violationText(v)}`);
    lines.push('  To proceed: change the files (or the access they do not manage) until `tfe-access plan` lists no violation; --force does not lift this.');
    super(lines.join('\n'), EXIT.refused);
  }
}
