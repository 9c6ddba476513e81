// What the live read is asked: the targets to read (no desired state), and what is known of the
// organization before the first grant list, to choose how to read (read-strategy.ts). Built from
// the names resolved for a plan, from the whole organization's lists for export and report.
import type { Team, Workspace } from './model.js';
import type { ReadTarget } from './organization.js';
import type { Resolved } from './resolved.js';

export interface LiveRequest {
  readonly organization: string;
  /** Every team the token sees. */
  readonly teams: readonly Team[];
  readonly targets: readonly ReadTarget[];
  /** The organization's whole workspace list, when the run read it: a read by team is checked against it. */
  readonly workspaces?: readonly Workspace[];
  /**
   * The grants the files give each target, by target id: what the read expects to find (the
   * live grants of a managed target are mostly those), to estimate its cost and pick the team it
   * probes. Empty: nothing expected (export, report).
   */
  readonly expected: ReadonlyMap<string, readonly { readonly team: string }[]>;
}

/** The live read of the targets the names resolved to. */
export function liveRequestOf(resolved: Resolved): LiveRequest {
  const { organization, teams, targets, workspaces } = resolved;
  return { organization, teams, targets, ...(workspaces ? { workspaces } : {}), expected: new Map(targets.map((t) => [t.id, t.desired.grants])) };
}
