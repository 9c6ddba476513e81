// What gives a team an organization power, as a review sheet's `sources` says it (docs/evidence.md,
// "Access reviews"): the owners team holds every power by rule; another team holds a flag of its
// own organization access, which a flag it holds beside may bring (core/team-flags.ts). Pure.

/** `owners team`, `organization-access of the team`, `organization-access of the team, brought by manage-projects`. */
export function powerSourceText(owners: boolean, broughtBy: readonly string[]): string {
  if (owners) return 'owners team';
  const own = 'organization-access of the team';
  return broughtBy.length > 0 ? `${own}, brought by ${broughtBy.join(' and ')}` : own;
}

/** What a membership row's `sources` says: the person is in the team, inactive, and regains its access once re-activated. */
export function inactiveMembershipText(): string {
  return 'member of the team, inactive in the identity provider: regains the team access once re-activated';
}
