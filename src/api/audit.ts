// The audit trail read through the audit token (docs/api.md, "Audit trail"; docs/connecting.md,
// "Audit token"): every event after `since`, in pages of 1000 (one request per 1000 events, one
// when there are none), following `next_page` to the end, through the client's one session (its
// retries, rate limit and timeouts). A 404 is the service saying this token or server has no trail:
// the read is `unavailable`, with one line on why, asked of `/account/details` and the ping.
import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditTrailRead, type AuditTrailReader } from '../core/audit.js';
import { HCP_TERRAFORM, type ServerInfo } from '../core/server.js';
import type { TfeClient } from './client.js';
import { isRemoteError } from './errors/remote-error.js';
import { WireFormatError } from './errors/wire-format-error.js';
import type { AuditPage } from './translate-audit.js';

const TERRAFORM_ENTERPRISE = 'Terraform Enterprise';
const AUDIT_PATH = 'GET /organization/audit-trail';

export interface AuditTokenSource {
  /** Where the token was found (`TFE_AUDIT_TOKEN`, or a credentials file's `audit_token`): safe to print. */
  readonly tokenSource: string;
  /** The host it was sent to. */
  readonly host: string;
}

/** Oldest first; one time's events in the order the service gave them. */
function oldestFirst(events: readonly AuditEvent[]): AuditEvent[] {
  return events
    .map((event, index) => ({ event, index, at: Date.parse(event.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((e) => e.event);
}

/** Whether the ping named Terraform Enterprise, or sent its release (older releases send no name). */
function isEnterprise(server: ServerInfo): boolean {
  return server.app === TERRAFORM_ENTERPRISE || (server.app === undefined && server.version !== undefined);
}

/** `since` in the docs' form (`YYYY-MM-DDTHH:MM:SS.SSSZ`) when it is a time, else as given. */
function sinceParam(since: string): string {
  const at = Date.parse(since);
  return Number.isNaN(at) ? since : new Date(at).toISOString();
}

/** Why a page was not read, when the read goes on without the trail. */
type Refusal = 'no-trail' | 'token-refused';

export class AuditTrailClient implements AuditTrailReader {
  constructor(
    /** A client whose token is the audit token. */
    private readonly client: TfeClient,
    private readonly source: AuditTokenSource,
  ) {}

  async readAuditTrail(since: string, signal?: AbortSignal): Promise<AuditTrailRead> {
    const seen = new Map<string, AuditEvent>();
    let pages = 0;
    for (let number: number | undefined = 1; number !== undefined; pages += 1) {
      signal?.throwIfAborted();
      const page: AuditPage | Refusal = await this.client
        .auditTrailPage(sinceParam(since), number, AUDIT_PAGE_SIZE)
        .catch((error: unknown) => this.refused(error, pages));
      if (page === 'no-trail') return { kind: 'unavailable', reason: 'not-available', detail: await this.whyUnavailable() };
      if (page === 'token-refused') return { kind: 'unavailable', reason: 'not-available', detail: this.tokenRefused() };
      // A page seen twice (the trail grew at its head while it was read) is one event once.
      for (const event of page.events) if (!seen.has(event.id)) seen.set(event.id, event);
      if (page.nextPage !== undefined && page.nextPage <= number) {
        throw new WireFormatError(AUDIT_PATH, `page ${number} names page ${page.nextPage} as its next: the pages would never end`);
      }
      number = page.nextPage;
    }
    return { kind: 'read', events: oldestFirst([...seen.values()]), pages };
  }

  /**
   * The first page's 404: no trail here. A 401: the audit token is refused (an audit-trail token
   * expires); attribution is then not available and the run goes on, since drift is what the
   * schedule is for. Any other error as it is.
   */
  private refused(error: unknown, pagesRead: number): Refusal {
    if (isRemoteError(error, 404) && pagesRead === 0) return 'no-trail';
    if (isRemoteError(error, 401)) return 'token-refused';
    throw error;
  }

  /** One line naming the token's variable and the host, never the token. */
  private tokenRefused(): string {
    return (
      `the audit token from ${this.source.tokenSource} was refused by ${this.source.host} (401): it is missing, expired or revoked; ` +
      'replace it with an organization or audit-trail token of the organization, or remove it'
    );
  }

  /** One line on why the trail cannot be read: the token's kind, the server, or the organization's plan. */
  private async whyUnavailable(): Promise<string> {
    const who = await this.client.accountDetails().catch(() => undefined);
    if (who?.kind === 'user' || who?.kind === 'team') {
      return `the audit token (${this.source.tokenSource}) is a ${who.kind} token, which cannot read the audit trail: an organization or audit-trail token can`;
    }
    const server = await this.client.serverInfo().catch(() => undefined);
    if (server !== undefined && isEnterprise(server)) return `${this.source.host} is Terraform Enterprise, which has no audit trail (HCP Terraform only)`;
    if (server?.app === HCP_TERRAFORM) {
      return 'the organization has no audit trail: HCP Terraform keeps one only for organizations whose plan includes audit logging';
    }
    return `${this.source.host} answers no audit trail for this token: Terraform Enterprise has none, and HCP Terraform only on plans with audit logging`;
  }
}
