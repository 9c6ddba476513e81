// A review's revokes written into the files (docs/evidence.md, "Access reviews"): each revocation
// (core/review.ts) placed by the same placers as drift adopted (place.ts, PLACERS by kind) and
// written through the same editor (adopt.ts), so a revoke edits the files byte for byte as adopting
// its removal by hand would. Pure.

import type { FilesState } from '../core/desired-state.js';
import type { DriftItem } from '../core/drift-item.js';
import { RESOURCE_OF } from '../core/model.js';
import type { Revocation } from '../core/review.js';
import { type Adopted, type AdoptFile, adopt } from './adopt.js';

/**
 * How the placers take a revocation out, as the drift item they place (its words name it in a
 * refusal too): the files' side as live would have it without the access (a grant or a member the
 * files give and live lacks, a flag live has off).
 */
export function revocationItem(r: Revocation): DriftItem {
  switch (r.kind) {
    case 'grant': {
      const source = r.origin ? { source: r.origin } : {};
      return { kind: 'grant', change: { action: 'add', resource: RESOURCE_OF[r.target.type], team: r.team, target: r.target, after: r.access, ...source } };
    }
    case 'member':
      return { kind: 'member', change: { action: 'add', team: r.team, person: { email: r.email } } };
    case 'power':
      return { kind: 'team', change: { action: 'update', id: r.team.id, name: r.team.name, fields: [{ flag: r.flag, before: false, after: true }] } };
  }
}

export interface RevokeInput {
  readonly files: readonly AdoptFile[];
  readonly state: FilesState;
  readonly pruned: ReadonlySet<string>;
}

export interface Revoked {
  readonly adopted: Adopted;
  /** Each revocation that cannot be taken out of the files, with why. */
  readonly notRevoked: readonly { readonly revocation: Revocation; readonly detail: string }[];
}

/** The revocations taken out of the files, one after the other, as adopt writes drift. */
export function revokeInFiles(input: RevokeInput, revocations: readonly Revocation[]): Revoked {
  const items = revocations.map((r) => revocationItem(r));
  const adopted = adopt({ ...input, items, selectors: [] });
  const notRevoked = adopted.adoption.notAdopted.map((n) => ({ revocation: revocations[items.indexOf(n.item)] as Revocation, detail: n.detail }));
  return { adopted, notRevoked };
}
