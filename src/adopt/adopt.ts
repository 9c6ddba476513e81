// `drift --adopt`, the pure part (docs/drift.md, "Adopt"): every drift item placed in the files
// (place.ts) and written through yaml's document model (yaml-edit.ts), one item after the other on
// the texts the earlier ones left; an item whose edit cannot be made leaves the files as they were.
// Text in, text out: the caller reads and writes the files and proves the result by planning it.
import type { Adoption, FileEdit, NotAdopted } from '../core/adoption.js';
import type { FilesState } from '../core/desired-state.js';
import { type DriftItem, driftItemKey } from '../core/drift-item.js';
import { placeItem, type Selector } from './place.js';
import { EditTrack, type Region } from './regions.js';
import { applyOp, type Splice } from './yaml-edit.js';

export interface AdoptFile {
  /** As the run names the file (the `file` of the state's sources). */
  readonly path: string;
  readonly text: string;
}

export interface AdoptInput {
  /** Every file of the run, in the order it read them. */
  readonly files: readonly AdoptFile[];
  /** The drift plan's items (core/drift-item.ts, driftItemsOf). */
  readonly items: readonly DriftItem[];
  /** The files' state as they write it, whole (not narrowed by --target). */
  readonly state: FilesState;
  /** The ids of the targets the files prune (the sets merged): a new entry there may prune. */
  readonly pruned: ReadonlySet<string>;
  /** `--target`: only grants on these are adopted. */
  readonly selectors: readonly Selector[];
  /** Items a check after a first adoption refused (a policy), by driftItemKey: not adopted, for that reason. */
  readonly refused?: ReadonlyMap<string, NotAdopted>;
}

export interface Adopted {
  readonly adoption: Adoption;
  /** The items the edits describe, in the plan's order. */
  readonly items: readonly DriftItem[];
  /** Each edited file's regions (regions.ts): outside them the bytes are the file's own. */
  readonly regions: ReadonlyMap<string, readonly Region[]>;
}

/** The item's ops on a copy of the texts: the texts after them with the splices made, or why not. */
function tryOps(texts: ReadonlyMap<string, string>, ops: readonly { file: string; op: Parameters<typeof applyOp>[1] }[]) {
  const working = new Map(texts);
  const splices: { file: string; splice: Splice }[] = [];
  for (const { file, op } of ops) {
    const edited = applyOp(working.get(file) ?? '', op);
    if ('refused' in edited) return { refused: edited.refused };
    working.set(file, edited.text);
    splices.push(...edited.splices.map((splice) => ({ file, splice })));
  }
  return { texts: working, splices };
}

/** A grant the files give that live lacks: adopting it takes something out of the files. */
const takesOut = (item: DriftItem): boolean => item.kind === 'grant' && item.change.action === 'add';

export function adopt(input: AdoptInput): Adopted {
  let texts: ReadonlyMap<string, string> = new Map(input.files.map((f) => [f.path, f.text]));
  const tracks = new Map(input.files.map((f) => [f.path, new EditTrack(f.text)]));
  const adopted: DriftItem[] = [];
  const notAdopted: NotAdopted[] = [];
  // What the files gain first, then what they lose: an entry that loses one team and gains another keeps its shape.
  const ordered = [...input.items.filter((i) => !takesOut(i)), ...input.items.filter(takesOut)];
  for (const item of ordered) {
    const refused = input.refused?.get(driftItemKey(item));
    if (refused) {
      notAdopted.push(refused);
      continue;
    }
    const placed = placeItem({ texts, state: input.state, pruned: input.pruned }, item, input.selectors);
    if ('reason' in placed) {
      notAdopted.push({ item, reason: placed.reason, detail: placed.detail });
      continue;
    }
    const tried = tryOps(texts, placed.ops);
    if ('refused' in tried) {
      notAdopted.push({ item, reason: 'anchor', detail: `${tried.refused}: editing it would change them too; edit it by hand` });
      continue;
    }
    texts = tried.texts;
    for (const { file, splice } of tried.splices) tracks.get(file)?.apply(splice);
    adopted.push(item);
  }
  const edits: FileEdit[] = input.files
    .filter((f) => texts.get(f.path) !== f.text)
    .map((f) => ({ path: f.path, before: f.text, after: texts.get(f.path) ?? f.text }));
  const regions = new Map(edits.map((e) => [e.path, tracks.get(e.path)?.regions() ?? []]));
  return { adoption: { edits, adopted: adopted.length, notAdopted }, items: adopted, regions };
}
