// The narrow API the executor needs. The TfeClient of src/api satisfies it structurally; the
// executor's unit tests use a small in-memory fake. Kept here so the executor depends on four calls,
// not on HTTP.
import type { TfeClient } from '../api/client.js';
import type { Resource } from '../core/access.js';
import type { Access, LiveGrant, RemoveOutcome, TargetRef } from '../core/model.js';

export interface GrantApi {
  /** Every grant of one project or workspace (all pages). */
  listGrants(target: Pick<TargetRef, 'type' | 'id'>): Promise<readonly LiveGrant[]>;
  /** POST; the resource (team-projects or team-workspaces) follows from the target's type. */
  addGrant(target: Pick<TargetRef, 'type' | 'id'>, teamId: string, access: Access): Promise<unknown>;
  updateGrant(resource: Resource, grantId: string, access: Access): Promise<unknown>;
  /** `unconfirmed` after a lost answer then 404: the executor reads the target to know. */
  removeGrant(resource: Resource, grantId: string): Promise<RemoveOutcome>;
}

// The TfeClient satisfies the port: checked by the compiler, costs nothing at run time.
export const CLIENT_IS_GRANT_API: TfeClient extends GrantApi ? true : never = true;
