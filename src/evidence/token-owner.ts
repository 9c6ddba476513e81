// Who a token stands for, as an evidence manifest records it (docs/evidence.md, "Evidence bundle"):
// the owner's type and name, never the token. A team token is named by its team's name when the
// run read the team; else by the id the service gave. Pure.
import type { EvidenceManifest } from '../core/evidence.js';
import type { TokenIdentity } from '../core/identity.js';
import type { Team } from '../core/model.js';

export function tokenOwner(identity: TokenIdentity | undefined, teams: readonly Pick<Team, 'id' | 'name'>[]): EvidenceManifest['token'] {
  if (!identity) return null;
  switch (identity.kind) {
    case 'user':
      return { type: 'user', name: identity.username };
    case 'team':
      return { type: 'team', name: teams.find((t) => t.id === identity.resourceId)?.name ?? identity.resourceId };
    case 'organization':
    case 'run':
      return { type: identity.kind, name: identity.resourceId };
  }
}
