// `GET /account/details` on the wire (docs/api.md, "Account details"): a `users` document whose
// `relationships.authenticated-resource.data` names what the token stands for (the user itself, a
// team, an organization or a run). Read from `unknown`; a body that does not say who the token is
// is a WireFormatError, never a guess.
import type { TokenIdentity } from '../core/identity.js';
import { describeWire, ObjectReader } from './json.js';

const KIND_OF: Readonly<Record<string, TokenIdentity['kind']>> = { users: 'user', teams: 'team', organizations: 'organization', runs: 'run' };

/** `is-service-account`: a boolean; not reported reads as "a service user" exactly when the token is not a user's. */
function serviceAccountOf(attributes: ObjectReader, kind: TokenIdentity['kind']): boolean {
  const value = attributes.value['is-service-account'];
  if (value === undefined || value === null) return kind !== 'user';
  if (typeof value !== 'boolean') throw attributes.error(`${attributes.at('is-service-account')} is ${describeWire(value)}, expected a boolean`);
  return value;
}

export function tokenIdentityFromDocument(body: unknown, context: string): TokenIdentity {
  const data = ObjectReader.of(body, '', context).object('data');
  const type = data.string('type');
  if (type !== 'users') throw data.error(`${data.at('type')} is "${type}", expected "users"`);
  const userId = data.string('id');
  const attributes = data.object('attributes');
  const resource = data.object('relationships').object('authenticated-resource').object('data');
  const resourceType = resource.string('type');
  const kind = KIND_OF[resourceType];
  if (kind === undefined) throw resource.error(`${resource.at('type')} is "${resourceType}", expected one of ${Object.keys(KIND_OF).join(', ')}`);
  return { kind, userId, username: attributes.string('username'), serviceAccount: serviceAccountOf(attributes, kind), resourceId: resource.string('id') };
}
