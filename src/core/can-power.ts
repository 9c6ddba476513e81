// `report --can FLAG` of an organization power (docs/evidence.md, "Who holds an organization
// power"): which teams hold one of the organization-access flags of core/team-flags.ts, each with
// what gives it (the flag set, a flag that brings it, the owners team), by person the people who
// hold it through the team; and apart the teams the service did not report the flag for. Plain data.
import type { TeamRef } from './model.js';

/** What gives a team the power: the flag itself, a flag it has that brings it (`by`), or being the owners team. */
export type PowerSource = { readonly kind: 'flag' } | { readonly kind: 'implied'; readonly by: string } | { readonly kind: 'owners' };

/** A team that holds the power, with every source of it; by person, who holds it through the team. */
export interface PowerHolder {
  readonly team: TeamRef;
  readonly sources: readonly PowerSource[];
  /** A report by person: the active members of the team. */
  readonly people?: readonly string[];
  /** A report by person: the team's service accounts (by name) and hidden members (by user id), never among `people`. */
  readonly serviceAccounts?: readonly string[];
  readonly hidden?: readonly string[];
}

export interface PowerAnswer {
  /** The flag asked, as core/team-flags.ts names it. */
  readonly power: string;
  readonly holders: readonly PowerHolder[];
  /** Teams whose flag the service did not report, and no flag they have brings it: not known, never counted as yes or no. */
  readonly unknown: readonly PowerHolder[];
}
