// `GET /organization/audit-trail` (docs/api.md, "Audit trail"): the events of the token's
// organization after `since`, the last 14 days, oldest first, in pages of up to 1000, in the
// service's own body (not JSON:API: `data` and a snake_case `pagination`). Only an organization or
// audit-trail token reads it; a user or team token, a Terraform Enterprise server and an
// organization without the entitlement get the service's 404.
import { type Answer, failure, NOT_FOUND, ok } from './answers.js';
import type { StoredAuditEvent } from './audit-log.js';
import { organizationId } from './audit-record.js';
import type { RequestContext } from './context.js';
import { PAGE_NUMBER_PARAM, PAGE_SIZE_PARAM, totalPages } from './pagination.js';

/** The docs' default and, as the emulator takes it, the largest page: a larger `page[size]` is answered with 1000. */
export const AUDIT_PAGE_SIZE_MAX = 1000;
/** `YYYY-MM-DDTHH:MM:SS.SSSZ` (the docs) or RFC 3339 with or without a fraction and with an offset (go-tfe's encoding). */
const SINCE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** The service's answers are JSON, not JSON:API, here. */
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

function positive(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** `since` as epoch ms; undefined when absent; NaN when it is not a date the service takes. */
export function sinceOf(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  return SINCE.test(raw) ? Date.parse(raw) : NaN;
}

export function eventJson(event: StoredAuditEvent): unknown {
  return {
    id: event.id,
    version: '0',
    type: 'Resource',
    timestamp: new Date(event.at).toISOString(),
    auth: {
      accessor_id: event.auth.accessorId,
      description: event.auth.description,
      type: event.auth.type,
      impersonator_id: event.auth.impersonatorId,
      organization_id: organizationId(event.org),
    },
    request: { id: event.requestId },
    resource: { id: event.resource.id, type: event.resource.type, action: event.resource.action, meta: event.resource.meta },
  };
}

/** The organization whose trail the caller reads: an organization or audit-trail token's, nobody else's. */
function readerOrganization(ctx: RequestContext): string | undefined {
  const identity = ctx.authz.identity;
  if (ctx.store.audit.mode !== 'on') return undefined;
  return identity.kind === 'org' || identity.kind === 'audit' ? identity.org : undefined;
}

export function listAuditTrail(ctx: RequestContext): Answer {
  const org = readerOrganization(ctx);
  if (org === undefined || !ctx.store.orgs.has(org)) return NOT_FOUND;
  const since = sinceOf(ctx.query.get('since'));
  if (since !== undefined && Number.isNaN(since)) return failure(400, 'bad request', 'since must be a UTC ISO 8601 time, YYYY-MM-DDTHH:MM:SS.SSSZ');
  const size = Math.min(positive(ctx.query.get(PAGE_SIZE_PARAM)) ?? AUDIT_PAGE_SIZE_MAX, AUDIT_PAGE_SIZE_MAX);
  const number = positive(ctx.query.get(PAGE_NUMBER_PARAM)) ?? 1;
  const events = ctx.store.audit.eventsOf(org, since);
  const pages = totalPages(events.length, size);
  const pagination = {
    current_page: number,
    prev_page: number > 1 ? Math.min(number - 1, pages) : null,
    next_page: number < pages ? number + 1 : null,
    total_pages: pages,
    total_count: events.length,
  };
  const data = events.slice((number - 1) * size, number * size).map(eventJson);
  return { ...ok({ data, pagination }), headers: JSON_TYPE };
}
