// Where each drift item goes in the files (docs/drift.md, "Adopt"), as the ops that write it, or why
// it is not adopted. Asked of the files' texts as the items before it left them, so two items of one
// new entry land in the same entry. Pure.
import type { DriftItem } from '../core/drift-item.js';
import type { TargetType } from '../core/model.js';
import { nfc } from '../core/names.js';
import { placeGrant } from './place-grant.js';
import { placeMember, placeTeam } from './place-team.js';
import type { PlaceContext, Placed } from './placed.js';

/** `--target`, as `type` and name. */
export interface Selector {
  readonly type: TargetType;
  readonly name: string;
}

const selected = (selectors: readonly Selector[], t: Selector): boolean => selectors.some((s) => s.type === t.type && nfc(s.name) === nfc(t.name));

export function placeItem(ctx: PlaceContext, item: DriftItem, selectors: readonly Selector[]): Placed {
  const targeted = selectors.length > 0;
  if (item.kind === 'grant') {
    const { target } = item.change;
    if (targeted && !selected(selectors, target)) return { reason: 'not-targeted', detail: `${target.type}:${target.name} is not a --target of this run` };
    return placeGrant(ctx, item.change);
  }
  if (targeted) return { reason: 'not-targeted', detail: `--target adopts grants on its targets only, not ${item.kind === 'team' ? 'teams' : 'members'}` };
  return item.kind === 'team' ? placeTeam(ctx, item.change) : placeMember(ctx, item.change);
}
