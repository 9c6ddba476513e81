// What a write to a team says, in the domain's words: the create's or update's attributes, each
// left out when the write does not change it (the service merges an update partially, the
// organization-access flags included: docs/api.md, "Teams"). The API's translation turns it into
// the wire body; the executor and its fakes speak only this.
import type { Team } from './model.js';

export interface TeamWrite {
  readonly name?: string;
  readonly visibility?: 'secret' | 'organization';
  /** null clears it. */
  readonly ssoTeamId?: string | null;
  readonly allowMemberTokenManagement?: boolean;
  /** The flags to set, by their wire names (`manage-workspaces`, ...); flags left out keep their values. */
  readonly organizationAccess?: Readonly<Record<string, boolean>>;
}

/** The narrow API team changes need; the TfeClient of src/api satisfies it structurally. */
export interface TeamApi {
  /** POST /organizations/:organization/teams; the team as the service answered it. */
  createTeam(organization: string, team: TeamWrite & { readonly name: string }): Promise<Team>;
  /** PATCH /teams/:id: a partial update (a rename is one PATCH of `name`; the id stays). */
  updateTeam(teamId: string, change: TeamWrite): Promise<Team>;
  /** DELETE /teams/:id; `unconfirmed` after a lost answer then 404, as for a grant. */
  deleteTeam(teamId: string): Promise<'removed' | 'unconfirmed'>;
}
