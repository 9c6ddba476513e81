// Who among the people read is a person the files may manage (docs/files.md, "Members"): never a
// service account, whatever the files say. Pure.
import type { Person } from './person.js';

/**
 * The usernames of the synthetic users the service makes: a team token's `api-team_XXXXXX`
 * (docs/api.md, "People"), and the organization token's and the older team form, `api-org-...`
 * and `api-team-...`, which a test fixture shows (unverified, so matched as well: a human is never
 * named so).
 */
export const SERVICE_USERNAME_PREFIXES = ['api-team_', 'api-team-', 'api-org-'] as const;

/** `is-service-account`, a username the service gives its synthetic users, or a team's filtered list (Person.serviceByFilter). */
export function isServiceAccount(person: Pick<Person, 'serviceAccount' | 'username' | 'serviceByFilter'>): boolean {
  return person.serviceByFilter === true || isServiceUser(person);
}

/** What the membership list alone says: `is-service-account`, or a synthetic user's username. */
export function isServiceUser(person: Pick<Person, 'serviceAccount' | 'username'>): boolean {
  if (person.serviceAccount) return true;
  const username = person.username ?? '';
  return SERVICE_USERNAME_PREFIXES.some((prefix) => username.startsWith(prefix));
}
