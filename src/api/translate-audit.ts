// The audit trail on the wire (docs/api.md, "Audit trail"): not JSON:API, `{"data": [events],
// "pagination": {current_page, next_page, ...}}` in snake_case. Read from `unknown`, tolerant where
// the docs contradict themselves or leave things open: `version` a string or a number (never
// read), `meta` null or missing, `team` an id or a name, the extra fields in `resource.meta` or
// beside it, resource types this tool does not know kept as they are; `next_page` null, 0 or
// missing for "no next page" (go-tfe decodes null as 0). What is not an event is a WireFormatError.
import { AUDIT_TOKEN_TYPES, type AuditEvent, type AuditTokenType } from '../core/audit.js';
import { describeWire, isObject, ObjectReader } from './json.js';

export interface AuditPage {
  readonly events: AuditEvent[];
  readonly currentPage: number;
  /** Absent when this is the last page. */
  readonly nextPage?: number;
}

/** A page number as the service writes it: a positive whole number, else none. */
function pageNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** `meta.KEY`, or `KEY` beside `meta` (the docs do not say where the extra fields sit): a string, else absent. */
function extra(resource: ObjectReader, key: string): string | undefined {
  const meta = resource.value.meta;
  const value = isObject(meta) && meta[key] !== undefined ? meta[key] : resource.value[key];
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : undefined;
}

function tokenType(auth: ObjectReader): AuditTokenType {
  const type = auth.string('type');
  if (!(AUDIT_TOKEN_TYPES as readonly string[]).includes(type)) {
    throw auth.error(`${auth.at('type')} is ${describeWire(type)}, expected one of ${AUDIT_TOKEN_TYPES.join(', ')}`);
  }
  return type as AuditTokenType;
}

export function auditEventFrom(value: unknown, path: string, context: string): AuditEvent {
  const event = ObjectReader.of(value, path, context);
  const at = event.string('timestamp');
  if (Number.isNaN(Date.parse(at))) throw event.error(`${event.at('timestamp')} is ${describeWire(at)}, expected an ISO 8601 time`);
  const auth = event.object('auth');
  const resource = event.object('resource');
  const accessor = auth.string('accessor_id');
  const team = extra(resource, 'team');
  const user = extra(resource, 'user');
  return {
    id: event.string('id'),
    at: new Date(Date.parse(at)).toISOString(),
    actor: {
      id: accessor,
      name: auth.optionalString('description') || accessor,
      type: tokenType(auth),
      impersonator: auth.optionalString('impersonator_id') || null,
    },
    resourceType: resource.string('type'),
    resourceId: resource.optionalString('id') ?? '',
    action: resource.string('action'),
    ...(team === undefined ? {} : { team }),
    ...(user === undefined ? {} : { user }),
  };
}

export function auditPageFrom(body: unknown, context: string): AuditPage {
  const root = ObjectReader.of(body, '', context);
  const data = root.array('data');
  const pagination = root.optionalObject('pagination');
  const next = pageNumber(pagination.value.next_page);
  return {
    events: data.map((event, i) => auditEventFrom(event, `data[${i}]`, context)),
    currentPage: pageNumber(pagination.value.current_page) ?? 1,
    ...(next === undefined ? {} : { nextPage: next }),
  };
}

/** `GET /organizations/:org`'s `data.attributes.created-at`: an ISO time, else undefined (not reported). */
export function organizationCreatedAtFrom(body: unknown, context: string): string | undefined {
  const attributes = ObjectReader.of(body, '', context).object('data').optionalObject('attributes');
  const created = attributes.optionalString('created-at');
  return created !== undefined && !Number.isNaN(Date.parse(created)) ? new Date(Date.parse(created)).toISOString() : undefined;
}
