// The organization's token-lifetime policy (docs/api.md, "Tokens"): `GET` and `PATCH
// /organizations/:org/token-ttl-policies`, owners only (403 for another member, 404 for a caller
// who is none). PATCH is an upsert of the types sent; a lowered limit ends every older token of its
// type at once (token-book.ts, works). And the switch of people's own tokens, `user-tokens-enabled`,
// on `PATCH /organizations/:org`.
import { type Answer, failure, Invalid, NOT_FOUND, ok } from './answers.js';
import { param, type RequestContext } from './context.js';
import { isObject } from './grant-body.js';
import { readSetupBody } from './setup-body.js';
import { TTL_TOKEN_TYPES, type TtlTokenType } from './token-book.js';
import { organizationResource } from './wire-resources.js';
import { ttlPolicyResource } from './wire-tokens.js';

const POINTER = '/data/attributes/token-ttl-policies';

/** The organization of the path when the caller may read its policy; else the answer. */
function ownedOrganization(ctx: RequestContext): string | Answer {
  const org = param(ctx, 0);
  if (!ctx.store.profile.tokenPolicies || !ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return NOT_FOUND;
  if (!ctx.authz.isOwner(org)) return failure(403, 'forbidden', 'Only the owners team may read or change the token lifetime policy');
  return org;
}

function policiesAnswer(ctx: RequestContext, org: string): Answer {
  return ok({ data: ctx.store.tokenBook.policiesOf(org).map(ttlPolicyResource) });
}

export function showTtlPolicies(ctx: RequestContext): Answer {
  const org = ownedOrganization(ctx);
  return typeof org === 'string' ? policiesAnswer(ctx, org) : org;
}

function readEntry(value: unknown, index: number): { type: TtlTokenType; ms: number } {
  const at = `${POINTER}/${index}`;
  if (!isObject(value)) throw new Invalid(at, 'A policy must be an object');
  const type = value['token-type'];
  if (typeof type !== 'string' || !(TTL_TOKEN_TYPES as readonly string[]).includes(type))
    throw new Invalid(`${at}/token-type`, `Token type must be one of ${TTL_TOKEN_TYPES.join(', ')}`);
  const ms = value['max-ttl-ms'];
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms <= 0) throw new Invalid(`${at}/max-ttl-ms`, 'Max ttl ms must be a positive integer');
  return { type: type as TtlTokenType, ms };
}

export function updateTtlPolicies(ctx: RequestContext): Answer {
  const org = ownedOrganization(ctx);
  if (typeof org !== 'string') return org;
  const { attributes } = readSetupBody(ctx.body, 'organization-token-ttl-policies');
  const list = attributes['token-ttl-policies'];
  if (!Array.isArray(list)) throw new Invalid(POINTER, 'Token ttl policies must be a list');
  const entries = list.map(readEntry);
  const now = ctx.store.audit.now();
  for (const { type, ms } of entries) ctx.store.tokenBook.setLimit(org, type, ms, now, () => ctx.store.newId('ottl'));
  return policiesAnswer(ctx, org);
}

/** `PATCH /organizations/:org` with `user-tokens-enabled` (the only attribute the emulator changes): owners; the current profile's. */
export function updateOrganization(ctx: RequestContext): Answer {
  const org = ctx.store.orgs.get(param(ctx, 0));
  // The seed profile has no organization update: an unknown method, 404.
  if (!ctx.store.profile.tokenPolicies || !org || !ctx.authz.isMember(org.name)) return NOT_FOUND;
  if (!ctx.authz.isOwner(org.name)) return failure(403, 'forbidden', 'Only owners may change the organization');
  const { attributes } = readSetupBody(ctx.body, 'organizations');
  const enabled = attributes['user-tokens-enabled'];
  if (enabled !== undefined && typeof enabled !== 'boolean')
    throw new Invalid('/data/attributes/user-tokens-enabled', 'User tokens enabled must be true or false');
  if (typeof enabled === 'boolean') org.userTokensEnabled = enabled;
  return ok({ data: organizationResource(org) });
}
