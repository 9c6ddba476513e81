// The audit trail's set-up routes (docs/emulator.md, "Audit trail"), under `/api/v2/emulator/`, for
// the admin token only: the emulator's time moved forward (retention, "older than 14 days"), and
// events the API's writes cannot make (an impersonated or system actor, a change dated in the past).
// And the audit-trail token itself: `POST|DELETE /organizations/:org/authentication-token?token=audit-trails`.
import { type Answer, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { type AuditActor, type AuditAuthType, type AuditResource, isAuditTrailMode } from './audit-log.js';
import { actorOf } from './audit-record.js';
import { param, type RequestContext } from './context.js';
import { isObject } from './grant-body.js';
import { optionalString, readPlainBody } from './people-body.js';
import { eventJson, sinceOf } from './routes-audit.js';
import type { Store } from './state.js';
import type { TokenMaker, TokenRecord } from './token-book.js';

const CREATED = 201;
const AUTH_TYPES: readonly AuditAuthType[] = ['Client', 'Impersonated', 'System'];
/** The query that makes an organization's token an audit-trail token (docs: audit trail tokens). */
export const AUDIT_TOKEN_QUERY = 'audit-trails';

const isAdmin = (ctx: RequestContext): boolean => ctx.authz.identity.kind === 'admin';

/** `POST /emulator/clock` (`{"advance-seconds": N}`, N >= 0): the emulator's time moves forward; answers the time now. */
export function clockRoute(ctx: RequestContext): Answer {
  if (!isAdmin(ctx)) return NOT_FOUND;
  const body = ctx.body === undefined ? {} : readPlainBody(ctx.body);
  const seconds = body['advance-seconds'] ?? 0;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
    throw new Invalid('/advance-seconds', 'advance-seconds must be a number, 0 or more');
  ctx.store.audit.advance(seconds * 1000);
  return ok({ now: new Date(ctx.store.audit.now()).toISOString() });
}

/** `POST /emulator/audit-trail` (`{"mode": "on" | "off" | "tfe" | "no-entitlement"}`): how the server answers the trail from now on. */
export function auditModeRoute(ctx: RequestContext): Answer {
  if (!isAdmin(ctx)) return NOT_FOUND;
  const mode = readPlainBody(ctx.body).mode;
  if (!isAuditTrailMode(mode)) throw new Invalid('/mode', 'mode must be on, off, tfe or no-entitlement');
  ctx.store.audit.mode = mode;
  return ok({ mode });
}

function actorFrom(ctx: RequestContext, value: unknown, at: string): AuditActor {
  const fallback = actorOf(ctx.store, ctx.authz.identity);
  if (value === undefined) return fallback;
  const auth = readPlainBody(value);
  const type = auth.type ?? 'Client';
  if (!AUTH_TYPES.includes(type as AuditAuthType)) throw new Invalid(`${at}/type`, 'type must be Client, Impersonated or System');
  return {
    accessorId: optionalString(auth, 'accessor_id') ?? fallback.accessorId,
    description: optionalString(auth, 'description') ?? fallback.description,
    type: type as AuditAuthType,
    impersonatorId: optionalString(auth, 'impersonator_id') ?? null,
  };
}

function resourceFrom(value: unknown, at: string): AuditResource {
  const resource = readPlainBody(value);
  const text = (key: string): string => {
    const v = optionalString(resource, key);
    if (v === undefined) throw new Invalid(`${at}/${key}`, `${key} is required`);
    return v;
  };
  const meta = resource.meta ?? null;
  if (meta !== null && !isObject(meta)) throw new Invalid(`${at}/meta`, 'meta must be an object or null');
  return { id: text('id'), type: text('type'), action: text('action'), meta };
}

/**
 * `POST /emulator/organizations/:org/audit-events` (`{"events": [{"resource": {id, type, action,
 * meta?}, "auth"?: {accessor_id?, description?, type?, impersonator_id?}, "timestamp"?}]}`): events
 * recorded as the service would have, by default now and as the admin; 201 with them.
 */
export function addEventsRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!isAdmin(ctx) || !ctx.store.orgs.has(org)) return NOT_FOUND;
  const events = readPlainBody(ctx.body).events;
  if (!Array.isArray(events)) throw new Invalid('/events', 'events must be a list');
  const requestId = ctx.store.audit.newRequestId();
  const parsed = events.map((raw: unknown, i) => {
    const event = readPlainBody(raw);
    const stamp = optionalString(event, 'timestamp');
    const at = stamp === undefined ? ctx.store.audit.now() : sinceOf(stamp);
    if (at === undefined || Number.isNaN(at)) throw new Invalid(`/events/${i}/timestamp`, 'timestamp must be YYYY-MM-DDTHH:MM:SS.SSSZ');
    return { at, auth: actorFrom(ctx, event.auth, `/events/${i}/auth`), resource: resourceFrom(event.resource, `/events/${i}/resource`) };
  });
  const recorded = parsed.map((e) => ctx.store.audit.record(org, e.auth, e.resource, requestId, e.at));
  return ok({ data: recorded.map(eventJson) }, CREATED);
}

/** Every audit-trail token of `org` goes: an organization has one at a time. */
function removeAuditTokens(store: Store, org: string): void {
  for (const [token, identity] of store.tokens) if (identity.kind === 'audit' && identity.org === org) store.revokeToken(token);
}

/** A new audit-trail token for `org` (the one before it revoked); the caller is an owner. */
export function newAuditToken(store: Store, org: string, createdBy: TokenMaker | null): TokenRecord {
  removeAuditTokens(store, org);
  return store.issueToken({ kind: 'audit', org }, org, { createdBy });
}

/** `DELETE /organizations/:org/authentication-token?token=audit-trails`: owners only; 204. */
export function deleteOrganizationToken(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isOwner(org)) return NOT_FOUND;
  if (ctx.query.get('token') === AUDIT_TOKEN_QUERY) removeAuditTokens(ctx.store, org);
  else for (const [token, identity] of ctx.store.tokens) if (identity.kind === 'org' && identity.org === org) ctx.store.revokeToken(token);
  return NO_CONTENT;
}
