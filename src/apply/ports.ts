// The narrow API the executor needs. The TfeClient of src/api satisfies it structurally; the
// executor's unit tests use a small in-memory fake. Kept here so the executor depends on four calls,
// not on HTTP.
import type { TfeClient } from '../api/client.js';
import type { Resource } from '../core/access.js';
import type { Access, LiveGrant, TargetType } from '../core/model.js';

export interface GrantTarget {
  readonly type: TargetType;
  readonly id: string;
}

export interface GrantApi {
  /** Every grant of one project or workspace (all pages). */
  listGrants(target: GrantTarget): Promise<readonly LiveGrant[]>;
  /** POST; the resource (team-projects or team-workspaces) follows from the target's type. */
  addGrant(target: GrantTarget, teamId: string, access: Access): Promise<unknown>;
  updateGrant(resource: Resource, grantId: string, access: Access): Promise<unknown>;
  removeGrant(resource: Resource, grantId: string): Promise<unknown>;
}


// The TfeClient satisfies the port: checked by the compiler, costs nothing at run time.
export const CLIENT_IS_GRANT_API: TfeClient extends GrantApi ? true : never = true;
