// The plan: what the diff produces and every renderer, guard and executor reads. Plain data.
import type { Resource } from './access.js';
import type { Access, ReportedAccess, TargetRef, TeamRef } from './model.js';

interface ChangeBase {
  readonly resource: Resource;
  readonly team: TeamRef;
  readonly target: TargetRef;
}

export interface AddChange extends ChangeBase {
  readonly action: 'add';
  readonly after: Access;
  /** The role the file named for this grant (`after` is then its custom vector). */
  readonly afterRole?: string;
}

export interface UpdateChange extends ChangeBase {
  readonly action: 'update';
  /** The grant's id (`tprj-...` / `tws-...`). */
  readonly id: string;
  readonly before: ReportedAccess;
  readonly after: Access;
  /** The effective permissions stay the same; only the label changes (custom <-> a fixed level). */
  readonly labelOnly: boolean;
  /** The role of the files whose permissions the live grant has (diff/roles.ts, roleOfLive). */
  readonly beforeRole?: string;
  /** The role the file named for this grant. */
  readonly afterRole?: string;
}

export interface RemoveChange extends ChangeBase {
  readonly action: 'remove';
  readonly id: string;
  readonly before: ReportedAccess;
  /** The role of the files whose permissions the live grant has (diff/roles.ts, roleOfLive). */
  readonly beforeRole?: string;
}

export type Change = AddChange | UpdateChange | RemoveChange;
export type Action = Change['action'];

export type WarningCode =
  | 'shadowed-by-organization-access'
  | 'custom-equals-level'
  | 'below-project-access';

export interface PlanWarning {
  readonly code: WarningCode;
  readonly message: string;
  readonly target?: TargetRef;
  readonly team?: string;
}

export interface Summary {
  readonly add: number;
  readonly update: number;
  readonly remove: number;
}

export interface Plan {
  readonly organization: string;
  /** Sorted by target (type, name) then team name: the same state always gives the same plan. */
  readonly changes: readonly Change[];
  readonly summary: Summary;
  readonly warnings: readonly PlanWarning[];
  /** sha256 of the canonical changes. */
  readonly checksum: string;
}

export function summarise(changes: readonly Change[]): Summary {
  const summary = { add: 0, update: 0, remove: 0 };
  for (const change of changes) summary[change.action] += 1;
  return summary;
}
