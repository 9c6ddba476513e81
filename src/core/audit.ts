// The audit trail as the tool reads it (docs/drift.md, "Who changed it"): the service's events
// in one vocabulary, who a drift item is attributed to, and the port the live read goes through.
// HCP Terraform keeps 14 days of events, reads them only with an organization or audit-trail
// token, and records grants and team membership, not team settings (docs/api.md, "Audit trail").

/** How the actor authenticated, as the service says it (`auth.type`). */
export const AUDIT_TOKEN_TYPES = ['Client', 'Impersonated', 'System'] as const;
export type AuditTokenType = (typeof AUDIT_TOKEN_TYPES)[number];

/** How long the service keeps events: older ones are gone unless a kept log has them. */
export const AUDIT_RETENTION_DAYS = 14;
/** The largest page the service answers: at most one request per this many events. */
export const AUDIT_PAGE_SIZE = 1000;

/** One event of the trail, its wire form translated (api/audit.ts): what attribution reads. */
export interface AuditEvent {
  /** The event's UUID: a kept log never holds one twice. */
  readonly id: string;
  /** When it happened (ISO 8601, UTC). */
  readonly at: string;
  readonly actor: {
    /** `auth.accessor_id`: a user id, or the team or organization a token belongs to. */
    readonly id: string;
    /** `auth.description`: the username (a service user's for a team or organization token). */
    readonly name: string;
    readonly type: AuditTokenType;
    /** `auth.impersonator_id`: who acted as the actor, when someone did. */
    readonly impersonator: string | null;
  };
  /** `resource.type`: `workspace`, `project`, `team`, `organization_user`, ... */
  readonly resourceType: string;
  /** `resource.id`: the workspace, project, team or membership the event is on. */
  readonly resourceId: string;
  /** `resource.action`: `add_team`, `update_team_permissions`, `remove_team`, `add_member`, `remove_member`, ... */
  readonly action: string;
  /** `resource.meta.team` on grant events: the team, by id or by name (the docs do not say which). */
  readonly team?: string;
  /** `resource.meta.user` on member events: the username added or removed. */
  readonly user?: string;
}

/** Why a drift item names nobody. */
export const UNATTRIBUTED_REASONS = [
  /** No audit token was given (TFE_AUDIT_TOKEN, or the credentials file's `audit_token`). */
  'no-audit-token',
  /** The server has no audit trail for this token (Terraform Enterprise, the organization's tier, a token of the wrong kind). */
  'not-available',
  /** No event in what can be seen, and what can be seen does not reach back far enough: the change may be older. */
  'older-than-retention',
  /** What can be seen reaches back past the change, and holds no event for it. */
  'no-matching-event',
  /** The trail records no such events: team settings, a team created or deleted (docs/api.md, "Audit trail"). */
  'not-recorded',
] as const;
export type UnattributedReason = (typeof UNATTRIBUTED_REASONS)[number];

/** Who made a drift item, from the event that left live access as it is. */
export interface Attributed {
  readonly actor: string;
  readonly type: AuditTokenType;
  readonly impersonator: string | null;
  readonly at: string;
  /** `RESOURCE.ACTION`, e.g. `workspace.add_team`. */
  readonly event: string;
  /** The tool's own token made it (its identity from `GET /account/details`): an earlier apply. */
  readonly self: boolean;
}

export interface Unattributed {
  readonly unattributed: UnattributedReason;
}

export type Attribution = Attributed | Unattributed;

export function isAttributed(attribution: Attribution): attribution is Attributed {
  return 'actor' in attribution;
}

/** What the audit read covered, for the plan's `audit` (every format says it once). */
export interface AuditCoverage {
  /** Events after this time were seen (ISO); absent when none were read. */
  readonly since?: string;
  /** The read's end (the run's clock). */
  readonly until?: string;
  /** How many events were read from the service, and in how many requests. */
  readonly events: number;
  readonly pages: number;
  /** Events read back from `--audit-log`, when one was given. */
  readonly logged?: number;
  /** Set when nothing could be read: every drift item then says this reason. */
  readonly unavailable?: UnattributedReason;
  /** One line on why (the server's answer, the token's kind); never the token. */
  readonly detail?: string;
}

/** One read of the trail through the audit token. */
export type AuditTrailRead =
  | { readonly kind: 'read'; readonly events: readonly AuditEvent[]; readonly pages: number }
  | { readonly kind: 'unavailable'; readonly reason: 'not-available'; readonly detail: string };

/** The port the pipeline reads the trail through (api/audit.ts implements it over the audit token's session). */
export interface AuditTrailReader {
  /** Every event after `since` (ISO 8601), oldest first, in pages of AUDIT_PAGE_SIZE. */
  readAuditTrail(since: string, signal?: AbortSignal): Promise<AuditTrailRead>;
}

/** The tool's own token as the trail names it: the user id and, for a team or organization token, what it belongs to. */
export interface SelfIdentity {
  readonly ids: readonly string[];
}
