// Where each drift item goes in the files (docs/drift.md, "Adopt"), as the ops that write it, or why
// it is not adopted. Asked of the files' texts as the items before it left them, so two items of one
// new entry land in the same entry. Pure.
import type { DriftItem } from '../core/drift-item.js';
import type { TargetType } from '../core/model.js';
import { nfc } from '../core/names.js';
import type { ChangeOf, PlanChangeKind } from '../core/plan.js';
import { tokenSettingName } from '../core/token-policy.js';
import { placeGrant } from './place-grant.js';
import { placeMember, placeTeam } from './place-team.js';
import type { PlaceContext, Placed } from './placed.js';

/** `--target`, as `type` and name. */
export interface Selector {
  readonly type: TargetType;
  readonly name: string;
}

const selected = (selectors: readonly Selector[], t: Selector): boolean => selectors.some((s) => s.type === t.type && nfc(s.name) === nfc(t.name));

/** Each kind's placing, given `--target`'s selectors (the compiler asks for a row per kind). */
const PLACERS: { readonly [K in PlanChangeKind]: (ctx: PlaceContext, change: ChangeOf<K>, selectors: readonly Selector[]) => Placed } = {
  grant: (ctx, change, selectors) => {
    const { target } = change;
    if (selectors.length > 0 && !selected(selectors, target))
      return { reason: 'not-targeted', detail: `${target.type}:${target.name} is not a --target of this run` };
    return placeGrant(ctx, change);
  },
  team: (ctx, change, selectors) => (selectors.length > 0 ? untargeted('teams') : placeTeam(ctx, change)),
  member: (ctx, change, selectors) => (selectors.length > 0 ? untargeted('members') : placeMember(ctx, change)),
  // docs/drift.md, "Adopt": a policy changed by hand is shown, not written back; the files say the policy wanted.
  'token-policy': (_ctx, change) => ({
    reason: 'no-place',
    detail: `token-policy ${tokenSettingName(change)} is the files' own: edit it by hand to keep the live value`,
  }),
};

const untargeted = (what: string): Placed => ({ reason: 'not-targeted', detail: `--target adopts grants on its targets only, not ${what}` });

const place = <K extends PlanChangeKind>(kind: K, ctx: PlaceContext, change: ChangeOf<K>, selectors: readonly Selector[]): Placed =>
  PLACERS[kind](ctx, change, selectors);

export function placeItem(ctx: PlaceContext, item: DriftItem, selectors: readonly Selector[]): Placed {
  return place(item.kind, ctx, item.change, selectors);
}
