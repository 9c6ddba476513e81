// The plan's checksum: sha256 of everything apply decides from, in a fixed JSON form, so the same
// state always gives the same checksum (README, "`--checksum`: the reviewed plan without moving a
// file"). Not only the changes: a reviewer who approves a checksum approves the guards' inputs too
// (the removal limit and which targets were read partially), the organization and the plan format,
// so a plan whose guards were loosened after the review no longer matches it. The one Node
// built-in a pure folder uses (eslint.config.js, PURE_BUILTINS): hashing reads and writes nothing.
import { createHash } from 'node:crypto';
import { changeDocument, PLAN_FORMAT_VERSION } from '../core/plan-document.js';
import type { Change } from '../core/plan.js';

export interface ChecksumInput {
  readonly organization: string;
  readonly changes: readonly Change[];
  /** `settings.max-removals`: the limit of the removal-count guard. */
  readonly maxRemovals: number;
  /** Ids of the managed targets whose read may be partial (the incomplete-read guard's input). */
  readonly incompleteTargets: Iterable<string>;
}

export function checksumOf(input: ChecksumInput): string {
  const document = {
    format_version: PLAN_FORMAT_VERSION,
    organization: input.organization,
    guards: { max_removals: input.maxRemovals, incomplete_targets: [...input.incompleteTargets].sort() },
    changes: input.changes.map(changeDocument),
  };
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}
