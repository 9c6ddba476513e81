// The emulator's audit trail (docs/api.md, "Audit trail"; docs/emulator.md, "Audit trail"): every
// event the API's writes leave, kept per organization in the order they happened, with the wall
// clock the emulator runs on (injectable, movable forward) and the 14 days the service keeps.
import { AUDIT_RETENTION_DAYS } from '../core/audit.js';
import { DAY_MS } from '../core/expiry.js';
import { mulberry32, type Random } from './prng.js';
import { CURRENT_SERVER_HEADERS, type Profile } from './profile.js';

/** `auth.type` as the service writes it. */
export type AuditAuthType = 'Client' | 'Impersonated' | 'System';

/**
 * How the server answers `GET /organization/audit-trail`: `on` serves it; `off` is a server without
 * it (the seed profile's); `tfe` is Terraform Enterprise (404, its headers name it); `no-entitlement`
 * is HCP Terraform for an organization whose plan lacks `audit-logging` (404, its headers say HCP).
 */
export const AUDIT_TRAIL_MODES = ['on', 'off', 'tfe', 'no-entitlement'] as const;
export type AuditTrailMode = (typeof AUDIT_TRAIL_MODES)[number];

export function isAuditTrailMode(value: unknown): value is AuditTrailMode {
  return typeof value === 'string' && (AUDIT_TRAIL_MODES as readonly string[]).includes(value);
}

/**
 * The headers every answer carries (docs/api.md, "Server capabilities"): the profile's, but that
 * `tfe` names Terraform Enterprise (the current profile's headers, whatever the profile) and
 * `no-entitlement` HCP Terraform (no Terraform Enterprise release), so a client can say which it met.
 */
export function serverHeadersOf(profile: Profile, mode: AuditTrailMode): Readonly<Record<string, string>> {
  if (mode === 'tfe') return CURRENT_SERVER_HEADERS;
  if (mode === 'no-entitlement') return { 'TFP-AppName': 'HCP Terraform', 'TFP-API-Version': CURRENT_SERVER_HEADERS['TFP-API-Version'] };
  return profile.serverHeaders;
}

export interface AuditActor {
  readonly accessorId: string;
  readonly description: string;
  readonly type: AuditAuthType;
  readonly impersonatorId: string | null;
}

export interface AuditResource {
  readonly id: string;
  readonly type: string;
  readonly action: string;
  readonly meta: Readonly<Record<string, unknown>> | null;
}

export interface StoredAuditEvent {
  readonly id: string;
  readonly org: string;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly auth: AuditActor;
  readonly requestId: string;
  readonly resource: AuditResource;
}

export const RETENTION_MS = AUDIT_RETENTION_DAYS * DAY_MS;
// Its own random stream: recording events never moves an id the store generates.
const AUDIT_STREAM_SALT = 0xa0d17;

/** A version 4 UUID from the emulator's random stream: reproducible under one random seed. */
function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export class AuditLog {
  private readonly byOrg = new Map<string, StoredAuditEvent[]>();
  private readonly random: Random;
  private offsetMs = 0;
  mode: AuditTrailMode;

  constructor(
    randomSeed: number,
    /** The wall clock (epoch ms) the emulator was given; `advance` moves the emulator's time past it. */
    private readonly wallClock: () => number,
    mode: AuditTrailMode = 'off',
  ) {
    this.random = mulberry32(randomSeed ^ AUDIT_STREAM_SALT);
    this.mode = mode;
  }

  /** The emulator's time now (epoch ms): the wall clock plus every advance. */
  now(): number {
    return this.wallClock() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  newRequestId(): string {
    return uuid(this.random);
  }

  /** Records one event now (or at `at`, for the set-up route's events of the past); kept in time order. */
  record(org: string, auth: AuditActor, resource: AuditResource, requestId: string, at = this.now()): StoredAuditEvent {
    const event: StoredAuditEvent = { id: uuid(this.random), org, at, auth, requestId, resource };
    const events = this.byOrg.get(org) ?? [];
    let index = events.length;
    while (index > 0 && (events[index - 1]?.at ?? 0) > at) index -= 1;
    events.splice(index, 0, event);
    this.byOrg.set(org, events);
    return event;
  }

  /** The events of `org` after `since` (epoch ms, exclusive) that the 14 days still keep, oldest first. */
  eventsOf(org: string, since: number | undefined): StoredAuditEvent[] {
    const oldest = this.now() - RETENTION_MS;
    return (this.byOrg.get(org) ?? []).filter((e) => e.at >= oldest && (since === undefined || e.at > since));
  }
}
