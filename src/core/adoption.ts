// What `drift --adopt` did to the files (docs/drift.md, "Adopt"): each file's text before and after,
// and every drift item it could not write, with why. Plain data; render/ prints it.
import type { DriftItem } from './drift-item.js';

/** Why an item was not adopted. */
export const NOT_ADOPTED_REASONS = [
  /** The target is one no file may name (outside every file's scope). */
  'outside-files',
  /** Writing it would break a policy of the files; the policy is named in the detail. */
  'policy',
  /** The files could describe it only by changing what a set means for other targets too. */
  'set-wide',
  /** Not in this run's `--target`. */
  'not-targeted',
  /** The item is no drift of live access (a grant the files let expire). */
  'not-drift',
  /** The value is an anchor (`&x`) other places of the file use: editing it would change them too. */
  'anchor',
  /** The files have no place that says it (a rename, a person in no team, a team the files still name elsewhere). */
  'no-place',
  /** A partial read cannot prove it: a team of the files the token does not see may exist as a secret team (issue 36, Build 1). */
  'not-visible',
] as const;
export type NotAdoptedReason = (typeof NOT_ADOPTED_REASONS)[number];

export interface FileEdit {
  /** The file as the run was given it (relative to the working directory when under it). */
  readonly path: string;
  readonly before: string;
  readonly after: string;
}

export interface NotAdopted {
  readonly item: DriftItem;
  readonly reason: NotAdoptedReason;
  /** One line: what stands in the way. */
  readonly detail: string;
}

export interface Adoption {
  /** Only files whose text changed, in the order the run read them. */
  readonly edits: readonly FileEdit[];
  /** How many drift items the edits describe. */
  readonly adopted: number;
  readonly notAdopted: readonly NotAdopted[];
  /** `--target`, as given: the adopt was limited to them, so the commands that settle the drift repeat them. */
  readonly targets?: readonly string[];
}
