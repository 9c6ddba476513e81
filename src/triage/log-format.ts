// The lines of an audit log (`drift --audit-log FILE`; docs/drift.md, "Keep what the service
// forgets"): JSON Lines, each an event of the trail in the tool's own words (core/audit.ts's
// AuditEvent) or a checkpoint closing one read. Parsing and writing only; pure. A line that is not
// one of these is one error naming the file and the line, never a guess.
import { AUDIT_TOKEN_TYPES, type AuditEvent, type AuditTokenType } from '../core/audit.js';
import { CLIError } from '../errors.js';

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
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Why `value` is not an event, or undefined when it is one. */
function eventProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the event is not an object';
  const actor = value.actor;
  if (!isText(value.id)) return 'the event has no "id"';
  if (!isInstant(value.at)) return 'the event has no time ("at")';
  if (!isObject(actor) || typeof actor.id !== 'string' || typeof actor.name !== 'string') return 'the event has no "actor" with "id" and "name"';
  if (!(AUDIT_TOKEN_TYPES as readonly unknown[]).includes(actor.type)) return `the actor's "type" is not one of ${AUDIT_TOKEN_TYPES.join(', ')}`;
  if (actor.impersonator !== null && typeof actor.impersonator !== 'string') return 'the actor\'s "impersonator" is not a string or null';
  for (const key of ['resourceType', 'resourceId', 'action'] as const) if (typeof value[key] !== 'string') return `the event has no "${key}"`;
  for (const key of ['team', 'user'] as const) if (value[key] !== undefined && typeof value[key] !== 'string') return `the event's "${key}" is not a string`;
  return undefined;
}

function eventOf(value: Fields): AuditEvent {
  const actor = value.actor as Fields;
  return {
    id: value.id as string,
    at: value.at as string,
    actor: {
      id: actor.id as string,
      name: actor.name as string,
      type: actor.type as AuditTokenType,
      impersonator: (actor.impersonator as string | null) ?? null,
    },
    resourceType: value.resourceType as string,
    resourceId: value.resourceId as string,
    action: value.action as string,
    ...(typeof value.team === 'string' ? { team: value.team } : {}),
    ...(typeof value.user === 'string' ? { user: value.user } : {}),
  };
}

function checkpointProblem(value: Fields): string | undefined {
  if (value.format !== AUDIT_LOG_FORMAT) return `the checkpoint is of format ${JSON.stringify(value.format)}, not ${AUDIT_LOG_FORMAT}`;
  if (!isText(value.organization)) return 'the checkpoint has no "organization"';
  if (!isInstant(value.since) || !isInstant(value.until)) return 'the checkpoint has no "since" and "until" times';
  if (!Number.isInteger(value.events) || (value.events as number) < 0) return 'the checkpoint has no count of "events"';
  return undefined;
}

type Line = { readonly event: AuditEvent } | { readonly checkpoint: Checkpoint };

function lineOf(text: string): Line | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  if (!isObject(value)) return 'it is not a JSON object';
  if (value.kind === 'event') {
    const problem = eventProblem(value.event);
    return problem ?? { event: eventOf(value.event as Fields) };
  }
  if (value.kind === 'checkpoint') {
    const problem = checkpointProblem(value);
    if (problem !== undefined) return problem;
    const { organization, since, until, events } = value as unknown as Checkpoint;
    return { checkpoint: { organization, since, until, events } };
  }
  return 'its "kind" is neither "event" nor "checkpoint"';
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
