// Bodies of the people endpoints (docs/api.md, "People"): an invitation, a list of relationship
// ids, and the set-up routes' plain bodies. Pure: parsed JSON in, values out, Invalid (422) on
// anything malformed.
import { Invalid } from './answers.js';
import { isObject } from './grant-body.js';
import { readSetupBody } from './setup-body.js';

export const INVITE_TYPE = 'organization-memberships';
// Enough to refuse go-tfe's `not-an-email-address`; the service's own rule is not published.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && EMAIL.test(value);
}

export interface Invitation {
  readonly email: string;
  /** `relationships.teams`: optional in practice (docs/api.md, "People"), in the order given. */
  readonly teamIds: readonly string[];
}

/** The ids of a to-many relationship `{"data": [{"type": type, "id": ...}, ...]}`, in order, each once. */
function idsOf(value: unknown, type: string, pointer: string): string[] {
  const data = isObject(value) ? value.data : undefined;
  if (!Array.isArray(data)) throw new Invalid(pointer, `Data must be a list of {"type": "${type}", "id": "..."}`);
  const ids = data.map((entry: unknown, i) => {
    if (!isObject(entry) || entry.type !== type || typeof entry.id !== 'string' || entry.id === '') {
      throw new Invalid(`${pointer}/${i}`, `Each item must be {"type": "${type}", "id": "..."}`);
    }
    return entry.id;
  });
  return [...new Set(ids)];
}

/** `POST /organizations/:org/organization-memberships`. */
export function readInvitation(body: unknown): Invitation {
  const { attributes, relationships } = readSetupBody(body, INVITE_TYPE);
  const email = attributes.email;
  if (!isEmail(email)) throw new Invalid('/data/attributes/email', 'Email is invalid');
  const teamIds = relationships.teams === undefined ? [] : idsOf(relationships.teams, 'teams', '/data/relationships/teams/data');
  return { email: email.trim(), teamIds };
}

/** The body of `POST|DELETE /teams/:id/relationships/{users,organization-memberships}`: the ids, at least one. */
export function readRelationshipIds(body: unknown, type: 'users' | 'organization-memberships'): string[] {
  if (!isObject(body)) throw new Invalid('', 'The request body must be a JSON:API document');
  const ids = idsOf(body, type, '/data');
  if (ids.length === 0) throw new Invalid('/data', 'Data must name at least one member');
  return ids;
}

/** A set-up route's plain JSON body (`{"email": ..., ...}`): an object, else a 422. */
export function readPlainBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new Invalid('', 'The request body must be a JSON object');
  return body;
}

/** An optional string of a plain body. */
export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw new Invalid(`/${key}`, `${key} must be a non-empty string`);
  return value;
}

/** An optional list of strings of a plain body. */
export function optionalStrings(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) throw new Invalid(`/${key}`, `${key} must be a list of strings`);
  return value as string[];
}
