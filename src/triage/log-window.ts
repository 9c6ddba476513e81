// What one run reads of the trail, given the log it keeps (docs/drift.md, "Keep what the service
// forgets"): only the events since the last checkpoint, and how far back what it then knows
// reaches without a gap. Pure: the log, the organization and the clock in.
import { AUDIT_RETENTION_DAYS, type AuditEvent } from '../core/audit.js';
import { DAY_MS } from '../core/expiry.js';
import { CLIError } from '../errors.js';
import { type AuditLog, type Checkpoint, checkpointLine, eventLine } from './log-format.js';

/**
 * A read starts this long before the last checkpoint: an event the service lists a little after
 * the time it carries is read by the next run, and the duplicates are dropped by id.
 */
export const CHECKPOINT_OVERLAP_MS = 5 * 60 * 1000;

export interface ReadWindow {
  /** What to ask the service for: the events after this time. */
  readonly since: string;
  /** How far back what the run knows reaches without a gap: this read and the unbroken checkpoints before it. */
  readonly coveredSince: string;
  /** The log's events that count: those inside the unbroken span (an event before a gap may have been undone in it). */
  readonly logged: readonly AuditEvent[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A log of another organization is refused whole: its events name other ids. */
export function checkOrganization(log: AuditLog, organization: string, file: string): void {
  const other = log.checkpoints.find((c) => c.organization !== organization);
  if (other !== undefined)
    throw new CLIError(
      `--audit-log ${file} is the log of organization ${JSON.stringify(other.organization)}, not ${JSON.stringify(organization)}; give each organization its own file.`,
    );
}

/** The oldest instant the checkpoints reach back to without a gap from the last of them, or undefined. */
function unbrokenSince(checkpoints: readonly Checkpoint[]): number | undefined {
  const last = checkpoints[checkpoints.length - 1];
  if (last === undefined) return undefined;
  let since = Date.parse(last.since);
  for (let i = checkpoints.length - 2; i >= 0; i--) {
    const earlier = checkpoints[i] as Checkpoint;
    if (Date.parse(earlier.until) < since) break;
    since = Math.min(since, Date.parse(earlier.since));
  }
  return since;
}

/** The window of a run at `now` (epoch ms) over `log`. */
export function readWindow(log: AuditLog, now: number): ReadWindow {
  const retained = now - AUDIT_RETENTION_DAYS * DAY_MS;
  const last = log.checkpoints[log.checkpoints.length - 1];
  // The service keeps nothing older than its retention: asking further back gains nothing.
  const since = last === undefined ? retained : Math.max(Date.parse(last.until) - CHECKPOINT_OVERLAP_MS, retained);
  // A gap between the last checkpoint and what the service still keeps breaks the span here.
  const joined = last !== undefined && since <= Date.parse(last.until);
  const covered = joined ? Math.min(since, unbrokenSince(log.checkpoints) ?? since) : since;
  return { since: iso(since), coveredSince: iso(covered), logged: log.events.filter((e) => Date.parse(e.at) > covered) };
}

/** Events of `read` the log does not hold yet (by id), each once, in their order. */
export function newEvents(log: AuditLog, read: readonly AuditEvent[]): AuditEvent[] {
  const seen = new Set(log.events.map((e) => e.id));
  return read.filter((e) => !seen.has(e.id) && (seen.add(e.id), true));
}

/** What one read appends: its new events, then its checkpoint, as one piece of text. */
export function appendedText(organization: string, window: ReadWindow, now: number, fresh: readonly AuditEvent[]): string {
  const checkpoint = { organization, since: window.since, until: iso(now), events: fresh.length };
  return `${fresh.map(eventLine).join('')}${checkpointLine(checkpoint)}`;
}

/** The events attribution reads, each once, oldest first (a sort that keeps the order of equal times). */
export function eventsToMatch(logged: readonly AuditEvent[], fresh: readonly AuditEvent[]): AuditEvent[] {
  const all = [...logged, ...fresh];
  return all
    .map((event, index) => ({ event, index, at: Date.parse(event.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((e) => e.event);
}
