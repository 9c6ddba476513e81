// Tokens and the token-lifetime policy on the wire (docs/api.md, "Tokens"): the `authentication-tokens`
// resource read without its secret (a `token` attribute is never read, so none can leak on), the
// policy list with its `audit_trails` spelling, and the PATCH bodies.
import type { ListedTokenType, LiveToken, MaxTtl, TokenType } from '../core/token-policy.js';
import { isObject, ObjectReader } from './json.js';
import { type ListPage, pageInfoFrom } from './translate.js';

/** docs/api.md, "Tokens": the policy says `audit_trails`, the token path `audit-trails`. */
const WIRE_TYPE: { readonly [T in TokenType]: string } = {
  organization: 'organization',
  team: 'team',
  user: 'user',
  'audit-trails': 'audit_trails',
  metrics: 'metrics',
};

function tokenOf(item: unknown, path: string, context: string, type: ListedTokenType): LiveToken {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.optionalObject('attributes');
  const team = reader.optionalObject('relationships').optionalObject('team').optionalObject('data').optionalString('id');
  return {
    id: reader.string('id'),
    type,
    ...(team !== undefined ? { team: { id: team } } : {}),
    description: attributes.optionalString('description') ?? null,
    createdAt: attributes.string('created-at'),
    expiredAt: attributes.optionalString('expired-at') ?? null,
    lastUsedAt: attributes.optionalString('last-used-at') ?? null,
  };
}

/** One page of `GET /organizations/:org/team-tokens`. */
export function teamTokensFromList(body: unknown, context: string): ListPage<LiveToken> {
  const document = ObjectReader.of(body, '', context);
  const items = document.array('data').map((item, i) => tokenOf(item, `data[${i}]`, context, 'team'));
  const page = pageInfoFrom(document);
  return { items, ...(page ? { page } : {}) };
}

/** `GET /organizations/:org/authentication-token` (with `?token=audit-trails`). */
export const organizationTokenFrom =
  (type: 'organization' | 'audit-trails') =>
  (body: unknown, context: string): LiveToken =>
    tokenOf(ObjectReader.of(body, '', context).value.data, 'data', context, type);

/** The policy list: each type's limit; a type the service names that the tool does not know is left out. */
export function maxTtlFrom(body: unknown, context: string): MaxTtl {
  const out: Partial<Record<TokenType, number>> = {};
  ObjectReader.of(body, '', context)
    .array('data')
    .forEach((item, i) => {
      const attributes = ObjectReader.of(item, `data[${i}]`, context).optionalObject('attributes');
      const wire = attributes.string('token-type');
      const ms = attributes.value['max-ttl-ms'];
      const type = (Object.keys(WIRE_TYPE) as TokenType[]).find((t) => WIRE_TYPE[t] === wire);
      if (type !== undefined && typeof ms === 'number') out[type] = ms;
    });
  return out;
}

/** `user-tokens-enabled` of the organization, when it says (docs/api.md, "Tokens": not in the spec). */
export function userTokensFrom(body: unknown, context: string): boolean | undefined {
  const value = ObjectReader.of(body, '', context).optionalObject('data').optionalObject('attributes').value['user-tokens-enabled'];
  return typeof value === 'boolean' ? value : undefined;
}

export function maxTtlBody(type: TokenType, ms: number): unknown {
  return { data: { type: 'organization-token-ttl-policies', attributes: { 'token-ttl-policies': [{ 'token-type': WIRE_TYPE[type], 'max-ttl-ms': ms }] } } };
}

export function userTokensBody(enabled: boolean): unknown {
  return { data: { type: 'organizations', attributes: { 'user-tokens-enabled': enabled } } };
}

export const isTokenDocument = (body: unknown): boolean => isObject(body) && isObject(body.data);
