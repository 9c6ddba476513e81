// A seed file's `people:` (docs/emulator.md, "Seed file"): the members of an organization by email,
// active or invited, their teams by name, service accounts, their own tokens, and hidden members (in
// a team, in no membership: the service's own staff). Checked whole before the first is made; made
// after the organization's grants, so that no id the rest of the seed generates moves.
import { CLIError } from '../errors.js';
import { isObject } from './grant-body.js';
import { isEmail } from './people-body.js';
import { addMembership, userFor, usernameFor } from './people-builders.js';
import type { Store } from './state.js';
import type { SeedOrganization, SeedPerson } from './types.js';

const PERSON_KEYS = ['email', 'username', 'status', 'teams', 'service-account', 'hidden', 'id', 'user-id', 'tokens'];

function fail(where: string, message: string): never {
  throw new CLIError(`seed: ${where}: ${message}`);
}

function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) fail(where, 'must be a list of non-empty strings');
  return value as string[];
}

function checkPerson(value: unknown, where: string): void {
  if (!isObject(value)) fail(where, 'must be a mapping');
  const unknown = Object.keys(value).find((k) => !PERSON_KEYS.includes(k));
  if (unknown !== undefined) fail(where, `unknown key "${unknown}" (allowed: ${PERSON_KEYS.join(', ')})`);
  const hidden = value.hidden;
  if (hidden !== undefined && typeof hidden !== 'boolean') fail(`${where}.hidden`, 'must be true or false');
  if (value['service-account'] !== undefined && typeof value['service-account'] !== 'boolean') fail(`${where}.service-account`, 'must be true or false');
  if (value.email !== undefined && !isEmail(value.email)) fail(`${where}.email`, 'must be an email address');
  if (value.email === undefined && hidden !== true && value['service-account'] !== true)
    fail(`${where}.email`, 'is required (but for a hidden member or a service account)');
  if (value.status !== undefined && value.status !== 'active' && value.status !== 'invited') fail(`${where}.status`, 'must be active or invited');
  if (value.username !== undefined && value.username !== null && (typeof value.username !== 'string' || value.username === '')) {
    fail(`${where}.username`, 'must be a non-empty string or null');
  }
  strings(value.teams, `${where}.teams`);
  const tokens = strings(value.tokens, `${where}.tokens`);
  if (tokens.length > 0 && (hidden === true || value.status === 'invited')) fail(`${where}.tokens`, 'only an active member has tokens of their own');
  if (hidden === true && (value.status !== undefined || value.id !== undefined)) fail(where, 'a hidden member has no membership: no status, no id');
}

/** Checks the shape of `people:` (parseSeed's part). */
export function checkSeedPeople(value: unknown, where: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(where, 'must be a list');
  value.forEach((person, i) => checkPerson(person, `${where}[${i}]`));
}

function teamIds(store: Store, org: string, person: SeedPerson, where: string): string[] {
  return (person.teams ?? []).map((name) => {
    const team = store.teamByName(org, name);
    if (!team) fail(`${where}.teams`, `unknown team "${name}"`);
    return team.id;
  });
}

function applyPerson(
  store: Store,
  org: SeedOrganization,
  person: SeedPerson,
  where: string,
  addToken: (token: string, userId: string, at: string) => void,
): void {
  const teams = teamIds(store, org.name, person, where);
  if (person.id !== undefined && store.idInUse(person.id)) fail(`${where}.id`, `id "${person.id}" is used twice`);
  if (person.hidden === true) {
    const username = person.username ?? usernameFor(store, 'staff@x');
    if (store.people.userByUsername(username)) fail(`${where}.username`, `username "${username}" is used twice`);
    const pinned = person['user-id'];
    if (pinned !== undefined && store.idInUse(pinned)) fail(`${where}.user-id`, `id "${pinned}" is used twice`);
    const id = pinned === undefined ? store.newId('user') : store.claimId(pinned);
    const user = store.people.addUser({ id, username, email: null, serviceAccount: person['service-account'] ?? false });
    for (const id of teams) store.people.join(id, user.id);
    return;
  }
  const status = person.status ?? 'active';
  const email = person.email ?? null;
  const known = email === null ? undefined : store.people.userByEmail(email);
  if (known && store.people.membershipOf(org.name, known.id)) fail(`${where}.email`, `${email ?? ''} is listed twice`);
  if (!known && person['user-id'] !== undefined && store.idInUse(person['user-id'])) fail(`${where}.user-id`, `id "${person['user-id']}" is used twice`);
  const username = person.username ?? (email === null ? usernameFor(store, 'service@x') : undefined);
  if (!known && typeof username === 'string' && store.people.userByUsername(username)) fail(`${where}.username`, `username "${username}" is used twice`);
  const spec = {
    email,
    ...(username !== undefined ? { username } : {}),
    serviceAccount: person['service-account'] ?? false,
    ...(person['user-id'] ? { id: person['user-id'] } : {}),
  };
  const user = userFor(store, spec, status);
  addMembership(store, org.name, user, status, teams, person.id);
  (person.tokens ?? []).forEach((token, k) => addToken(token, user.id, `${where}.tokens[${k}]`));
}

/** Makes the organization's people; `addToken` records a person's own token (seed.ts checks it is new). */
export function applySeedPeople(store: Store, org: SeedOrganization, where: string, addToken: (token: string, userId: string, at: string) => void): void {
  (org.people ?? []).forEach((person, i) => applyPerson(store, org, person, `${where}.people[${i}]`, addToken));
}
