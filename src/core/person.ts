// A person of the organization as the service reports them (docs/api.md, "People"): the live side
// of people as code (core/people.ts has the files' side and the changes). Plain data; the model's
// live state holds them (core/model.ts, LiveState.people).

/** An organization membership's status (docs/api.md, "People"): `invited` until the person accepts. */
export const MEMBERSHIP_STATUSES = ['active', 'invited', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A person of the organization as the organization-membership list reports them (`include=user,teams`). */
export interface Person {
  /** The organization membership's id (`ou-...`): what team membership writes and removals name. */
  readonly membershipId: string;
  readonly email: string;
  readonly status: MembershipStatus;
  /** The user's id (`user-...`), when the membership has a user (an invitee without an account has none). */
  readonly userId?: string;
  /** null for an invitee who has not registered. */
  readonly username?: string | null;
  /** `is-service-account`: a team's or organization's synthetic user; never touched. */
  readonly serviceAccount: boolean;
  /**
   * A team's `filter[is_service_account]=true` list names this membership (live/service-accounts.ts):
   * a service account by the service's word too. Kept apart from `serviceAccount`, what the
   * membership list says, which a saved plan's fingerprint of the people is made of.
   */
  readonly serviceByFilter?: true;
  /** The teams the membership lists that the token sees: an active member's teams, an invitee's teams to be. */
  readonly teamIds: readonly string[];
}

/** The people of the organization, read once per run when the files manage members or a report asks for people. */
export interface LivePeople {
  /** Every membership the token sees, service accounts included (the diff leaves them alone). */
  readonly people: readonly Person[];
  /**
   * Members of a team (`relationships.users` of the team list) that no membership the token sees
   * explains, by team id: hidden members (the service's own staff in owners). Never touched, never counted as people.
   */
  readonly hidden: ReadonlyMap<string, readonly string[]>;
  /**
   * How the service accounts of the teams a plan may remove members from were told apart (docs/api.md,
   * "Identity-provider lifecycles"): by the service's own `filter[is_service_account]`, or, where the
   * server has no such list or its answer was not to be trusted, by each user's `is-service-account`
   * alone (`fallback`, with why). Absent: no team asked.
   */
  readonly serviceAccountFilter?: { readonly kind: 'filtered'; readonly teams: number } | { readonly kind: 'fallback'; readonly reason: string };
  /** The list's own totals (`meta.status-counts`), when reported: what a report's row counts reconcile with. */
  readonly statusCounts?: { readonly total: number; readonly active: number; readonly invited: number };
}

/** Members of each team that no membership the token sees explains: never touched (core/people.ts, LivePeople.hidden). */
export function hiddenMembers(
  people: LivePeople['people'],
  teams: readonly { readonly id: string; readonly userIds?: readonly string[] }[],
): ReadonlyMap<string, readonly string[]> {
  const known = new Set(people.flatMap((p) => (p.userId === undefined ? [] : [p.userId])));
  const hidden = new Map<string, readonly string[]>();
  for (const team of teams) {
    const unseen = (team.userIds ?? []).filter((id) => !known.has(id));
    if (unseen.length > 0) hidden.set(team.id, unseen);
  }
  return hidden;
}
