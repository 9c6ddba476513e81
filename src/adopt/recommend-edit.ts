// `recommend --write` (docs/recommend.md, "Proposals as a pull request"): each lowering and removal
// written into the files by the same placers and editor as drift adopted (place.ts, adopt.ts), so
// every byte outside the grant's own value stays. A lowering is placed as drift whose live side is
// the proposed access (the placer writes the live side); a removal as a grant the files give and
// live lacks (the placer takes it out). Pure.
import type { DesiredState, FilesState } from '../core/desired-state.js';
import type { DriftItem } from '../core/drift-item.js';
import { type Access, RESOURCE_OF, type ReportedAccess } from '../core/model.js';
import { permissionsOf } from '../core/permissions.js';
import type { Proposal } from '../core/recommendation.js';
import { type Adopted, type AdoptFile, adopt } from './adopt.js';

/** The access as the service would report it: what the placer writes for a live side. */
function reported(proposal: Proposal, access: Access): ReportedAccess {
  return { access: access.access, permissions: permissionsOf(RESOURCE_OF[proposal.target.type], access) } as ReportedAccess;
}

/** The drift item that writes a proposal; undefined for a keep. */
export function proposalItem(proposal: Proposal): DriftItem | undefined {
  const base = { resource: RESOURCE_OF[proposal.target.type], team: proposal.team, target: proposal.target };
  const current = proposal.current as Access;
  if (proposal.kind === 'remove') return { kind: 'grant', change: { ...base, action: 'add', after: current } };
  if (proposal.kind !== 'lower' || proposal.proposed === null) return undefined;
  // The grant's id is not the placer's concern: it places by team and target.
  return { kind: 'grant', change: { ...base, action: 'update', id: '', before: reported(proposal, proposal.proposed), after: current, labelOnly: false } };
}

export interface ProposalEditInput {
  readonly files: readonly AdoptFile[];
  readonly state: FilesState | DesiredState;
}

/** The proposals written into the files, one after the other; those that cannot be are in `adoption.notAdopted`, with why. */
export function proposalsInFiles(input: ProposalEditInput, proposals: readonly Proposal[]): Adopted {
  const items = proposals.map(proposalItem).filter((i): i is DriftItem => i !== undefined);
  return adopt({ files: input.files, state: input.state as FilesState, items, pruned: new Set(), selectors: [] });
}
