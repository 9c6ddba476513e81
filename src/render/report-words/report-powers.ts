// What the text formats say of the owners team's flags (docs/effective-access.md, "Organization
// powers"); the facts, every team's flags as read, are core/team-powers.ts's. Pure.

/** What the text formats say of a team's flags: the owners team has every power. */
export const OWNERS_POWERS = 'every power (the owners team)';
