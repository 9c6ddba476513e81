// The names of the files resolved against the organization as read (src/resolve/resolve-names.ts):
// each managed target with its id and its desired state, and every team the token sees. Plain data.
import type { FilesState } from './desired-state.js';
import type { EntryTarget, Team, Workspace } from './model.js';
import type { ReadTarget, SetCatalog } from './organization.js';
import type { PlanWarning } from './plan.js';

export interface ResolvedTarget extends ReadTarget {
  /** The files' entry (once the sets are expanded: the target as planned). */
  readonly desired: EntryTarget;
}

export interface Resolved {
  readonly organization: string;
  /** Every team the token can see. */
  readonly teams: readonly Team[];
  readonly teamsByName: ReadonlyMap<string, Team>;
  readonly targets: readonly ResolvedTarget[];
  /** Every workspace of the organization, when the lookup listed them all (the plan's effective changes use it). */
  readonly workspaces?: readonly Workspace[];
  /** What the sets are expanded from, when the files give sets (src/expand/expand.ts). */
  readonly catalog?: SetCatalog;
  /** The desired state with each team as the organization spells it, when a name differs only by Unicode normalisation (resolve/check-names.ts). */
  readonly desired?: FilesState;
  /** What resolution warns of: names found only after Unicode normalisation. */
  readonly warnings?: readonly PlanWarning[];
}
