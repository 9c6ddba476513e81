// Attribution, after the plan is made (docs/drift.md, "Who changed it"): the kept log read, the
// trail read since its checkpoint (else the service's 14 days), the new events appended, and each
// drift item attributed. `drift` always (without an audit token every item says so); `plan` only
// with one. The trail's reader is given, opened by the caller on the audit token (or none).
import type { AuditCoverage, AuditTrailReader, SelfIdentity } from '../../core/audit.js';
import { driftItemsOf } from '../../core/drift-item.js';
import type { Plan } from '../../core/plan.js';
import { appendAuditLog, type LogFile, type LogFiles, readAuditLog } from '../../live/audit-log.js';
import { annotatePlan, attributionsOf } from '../../triage/annotate.js';
import { needsReach, reachOf, settleMatches, unavailableAttributions } from '../../triage/attribute.js';
import { appendedText, checkOrganization, eventsToMatch, newEvents, readWindow } from '../../triage/log-window.js';
import { matchItems } from '../../triage/match.js';

/** What a run asks of attribution. */
export interface AuditRequest {
  /** `drift`: attribute even without a reader, each item then saying `no-audit-token`; `plan`: only with one. */
  readonly always: boolean;
  /** `--audit-log FILE`. */
  readonly log?: string | undefined;
  /** The trail through the audit token; undefined without one. */
  readonly reader?: AuditTrailReader | undefined;
  /** When the organization was made (ISO), asked only when some item has no event; undefined when not known. */
  readonly createdAt?: ((organization: string) => Promise<string | undefined>) | undefined;
}

/** The rest of what one attribution needs: the tool's own identity (asked only when an event matched), the clock, the stop. */
export interface AttributionContext {
  readonly self: () => Promise<SelfIdentity>;
  readonly now: number;
  readonly signal?: AbortSignal | undefined;
  /** The log's file operations (tests fail them on purpose). */
  readonly files?: LogFiles;
}

const EMPTY_LOG = { events: [], checkpoints: [] } as const;

function unavailable(plan: Plan, coverage: AuditCoverage & Required<Pick<AuditCoverage, 'unavailable'>>): Plan {
  const items = driftItemsOf(plan);
  return annotatePlan(plan, attributionsOf(items, unavailableAttributions(items, coverage.unavailable)), coverage);
}

/** The plan with each drift item's attribution and `audit`; the plan as it is when a plan (not drift) has no audit token. */
export async function attributePlan(plan: Plan, request: AuditRequest, context: AttributionContext): Promise<Plan> {
  const { reader } = request;
  if (reader === undefined) return request.always ? unavailable(plan, { events: 0, pages: 0, unavailable: 'no-audit-token' }) : plan;
  const file: LogFile | undefined = request.log === undefined ? undefined : await readAuditLog(request.log, context.files);
  if (file) checkOrganization(file.log, plan.organization, file.path);
  const window = readWindow(file?.log ?? EMPTY_LOG, context.now);
  const read = await reader.readAuditTrail(window.since, context.signal);
  if (read.kind === 'unavailable') return unavailable(plan, { events: 0, pages: 0, unavailable: read.reason, detail: read.detail });
  const fresh = newEvents(file?.log ?? EMPTY_LOG, read.events);
  if (file) await appendAuditLog(file, appendedText(plan.organization, window, context.now, fresh), context.files);
  const items = driftItemsOf(plan);
  const matches = matchItems(items, eventsToMatch(window.logged, fresh));
  // Each question costs a request: asked only when an answer changes an item.
  const self = matches.some((m) => m.kind === 'event') ? await context.self() : { ids: [] };
  const createdAt = needsReach(matches) ? await request.createdAt?.(plan.organization) : undefined;
  const coverage: AuditCoverage = {
    since: window.coveredSince,
    until: new Date(context.now).toISOString(),
    events: read.events.length,
    pages: read.pages,
    ...(file ? { logged: window.logged.length } : {}),
  };
  return annotatePlan(plan, attributionsOf(items, settleMatches(matches, self, reachOf(window.coveredSince, createdAt))), coverage);
}
