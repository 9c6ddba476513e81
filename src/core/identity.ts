// Who the token a run uses is, as the service says (docs/api.md, "Account details"): plain data that
// the API layer reads and messages name, so a refusal can say whose rights fell short.

/** Who a token is (GET /account/details; docs/api.md, "Account details"). */
export interface TokenIdentity {
  /** What the token stands for: a user, a team, an organization, or a run. */
  readonly kind: 'user' | 'team' | 'organization' | 'run';
  /** The id of the (service) user the server answers with. */
  readonly userId: string;
  readonly username: string;
  readonly serviceAccount: boolean;
  /** The authenticated resource's id: the team's id, the organization's name, the user's id, the run's id. */
  readonly resourceId: string;
}
