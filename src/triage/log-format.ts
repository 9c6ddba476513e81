// The lines of an audit log (`drift --audit-log FILE`; docs/drift.md, "Keep what the service
// forgets"): JSON Lines, each an event of the trail in the tool's own words (core/audit.ts's
// AuditEvent) or a checkpoint closing one read. Parsing and writing only; pure. Each line is read
// through Ajv and its schema (log-schema.ts): a line that is not one of these is one error naming
// the file, the line and the first problem, never a guess.
import type { AuditEvent } from '../core/audit.js';
import { schemaProblem } from '../core/schema-problem.js';
import { CLIError } from '../errors.js';
import { validateAuditLine } from './log-validator.js';

/** The log's format; a checkpoint of another format is refused, not read as this one. */
export const AUDIT_LOG_FORMAT = 1;

/** One read of the trail: every event after `since` up to `until` is in the lines before it. */
export interface Checkpoint {
  readonly organization: string;
  readonly since: string;
  readonly until: string;
  /** How many event lines this read wrote (the events it read that the log did not hold). */
  readonly events: number;
}

export interface AuditLog {
  /** Oldest first, as written. */
  readonly events: readonly AuditEvent[];
  readonly checkpoints: readonly Checkpoint[];
}

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInstant = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** An event as AUDIT_LINE_SCHEMA checked it: only its own fields kept. */
function eventOf(value: AuditEvent): AuditEvent {
  const { actor } = value;
  return {
    id: value.id,
    at: value.at,
    actor: { id: actor.id, name: actor.name, type: actor.type, impersonator: actor.impersonator ?? null },
    resourceType: value.resourceType,
    resourceId: value.resourceId,
    action: value.action,
    ...(value.team === undefined ? {} : { team: value.team }),
    ...(value.user === undefined ? {} : { user: value.user }),
  };
}

type Line = { readonly event: AuditEvent } | { readonly checkpoint: Checkpoint };

/** A line checked by its schema (log-schema.ts), then what a schema cannot say: its times are times. */
function checkedLine(value: Fields): Line | string {
  if (!validateAuditLine(value)) return schemaProblem(validateAuditLine.errors);
  if (value.kind === 'event') {
    const event = value.event as AuditEvent;
    return isInstant(event.at) ? { event: eventOf(event) } : 'event.at is not a time';
  }
  const { organization, since, until, events } = value as unknown as Checkpoint;
  if (!isInstant(since) || !isInstant(until)) return 'since and until are not times';
  return { checkpoint: { organization, since, until, events } };
}

function lineOf(text: string): Line | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  if (!isObject(value)) return 'it is not a JSON object';
  // The format first: it says which schema the rest is of.
  if (value.kind === 'checkpoint' && value.format !== AUDIT_LOG_FORMAT)
    return `the checkpoint is of format ${JSON.stringify(value.format)}, not ${AUDIT_LOG_FORMAT}`;
  return checkedLine(value);
}

/** The log's text parsed; `file` names it in the one error a line that is not of a log makes. */
export function parseAuditLog(text: string, file: string): AuditLog {
  const events: AuditEvent[] = [];
  const checkpoints: Checkpoint[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    // The last line of a whole file is empty (every line ends with a newline); a blank one anywhere is harmless.
    if (raw.trim() === '') continue;
    const line = lineOf(raw);
    if (typeof line === 'string')
      throw new CLIError(
        `--audit-log ${file}: line ${index + 1} is not a line of an audit log (${line}); restore the file from its cache, or move it away to start a new log.`,
      );
    if ('event' in line) events.push(line.event);
    else checkpoints.push(line.checkpoint);
  }
  return { events, checkpoints };
}

export function eventLine(event: AuditEvent): string {
  return `${JSON.stringify({ kind: 'event', event })}\n`;
}

export function checkpointLine(checkpoint: Checkpoint): string {
  const { organization, since, until, events } = checkpoint;
  return `${JSON.stringify({ kind: 'checkpoint', format: AUDIT_LOG_FORMAT, organization, since, until, events })}\n`;
}
