// What placing an item reads and gives (place.ts and the placers of each kind): the texts as edited so
// far and the files' state, and the ops that write the item, or why it is not adopted. Plain data.
import type { NotAdoptedReason } from '../core/adoption.js';
import type { FilesState } from '../core/desired-state.js';
import type { Op } from './yaml-edit.js';

/** What placing reads: the texts as edited so far, the files' state as read, the targets the files prune (by id). */
export interface PlaceContext {
  readonly texts: ReadonlyMap<string, string>;
  readonly state: FilesState;
  readonly pruned: ReadonlySet<string>;
}

export interface FileOp {
  readonly file: string;
  readonly op: Op;
}

export type Placed = { readonly ops: readonly FileOp[] } | { readonly reason: NotAdoptedReason; readonly detail: string };
