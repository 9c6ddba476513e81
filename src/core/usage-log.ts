// The kept usage log (`recommend --usage-log FILE`; docs/recommend.md, "Keep what was read"): JSON
// Lines, a header `{"usage-log": 2, "organization", "covers_from", "read_to", "checkpoint",
// "runs_index", "workspaces"?}` then one run a line, as the client translated it. `covers_from` is
// the start of the window the log holds whole, `read_to` when it was read. The checkpoint is the
// time from which the next read must read again: the creation of the oldest run that was not final
// when read (its status may still change), else of the newest run. `runs_index` says what the read
// could see: `complete` (every workspace) or `partial`, with the ids of the workspaces it saw
// (core/usage-coverage.ts). A log of version 1 has no such field: its coverage is unknown. A line
// Then the state versions the audit trail named, each with its workspace (`{"state_version",
// "workspace"}`), so each is asked once. A line that is neither is a problem at its line: never
// guessed. Pure.
import type { UsageRun } from './usage.js';

export const USAGE_LOG_VERSION = 2;
/** The version before the header said what its read could see: read, its coverage unknown. */
const UNKNOWN_COVERAGE_VERSION = 1;

/** A read of the runs index: `complete` for the organization (every workspace), or `partial` to the workspaces listed (ids, sorted). */
export type RunsCoverage = { readonly runsIndex: 'complete' } | { readonly runsIndex: 'partial'; readonly workspaces: readonly string[] };

export interface UsageLog {
  readonly organization: string;
  /** ISO: the log holds every run made from then (to its last read); a wider window reads the index whole again. */
  readonly coversFrom: string;
  /** ISO: when the log's read was made; absent in a log of version 1. */
  readonly readTo?: string;
  /** What the log's read could see; absent (unknown) in a log of version 1. */
  readonly coverage?: RunsCoverage;
  /** ISO: the next read reads the runs made at or after it again; null: read the whole window. */
  readonly checkpoint: string | null;
  readonly runs: readonly UsageRun[];
  /** The workspace of each state version an audit event named, as `GET /state-versions/:id` answered (null: 404), so each is asked once. */
  readonly stateVersions?: ReadonlyMap<string, string | null>;
}

/** Statuses after which a run no longer changes (docs/api.md, "Runs index": the `final` group). */
const FINAL = new Set(['applied', 'planned_and_finished', 'planned_and_saved', 'discarded', 'errored', 'canceled', 'force_canceled']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v !== '';
const userId = (v: unknown): v is string | null => v === null || str(v);

function runOf(value: unknown): UsageRun | undefined {
  if (!isObject(value)) return undefined;
  const { id, workspace, created_at, status, plan_only, auto_apply, source, created_by, confirmed_by } = value;
  if (!str(id) || !str(workspace) || !str(created_at) || Number.isNaN(Date.parse(created_at)) || typeof status !== 'string') return undefined;
  if (typeof plan_only !== 'boolean' || typeof auto_apply !== 'boolean' || typeof source !== 'string' || !userId(created_by) || !userId(confirmed_by))
    return undefined;
  return {
    id,
    workspaceId: workspace,
    createdAt: created_at,
    status,
    planOnly: plan_only,
    autoApply: auto_apply,
    source,
    createdBy: created_by,
    confirmedBy: confirmed_by,
  };
}

/** A line `{"state_version": "sv-...", "workspace": "ws-..." | null}`. */
function stateVersionOf(value: unknown): { id: string; workspace: string | null } | undefined {
  if (!isObject(value) || !str(value.state_version) || !(value.workspace === null || str(value.workspace))) return undefined;
  return { id: value.state_version, workspace: value.workspace };
}

const dated = (v: unknown): v is string => str(v) && !Number.isNaN(Date.parse(v));

/** The coverage a header of version 2 states, undefined when it states none that is one. */
function coverageOf(head: Record<string, unknown>): RunsCoverage | undefined {
  if (head.runs_index === 'complete') return { runsIndex: 'complete' };
  const { workspaces } = head;
  if (head.runs_index !== 'partial' || !Array.isArray(workspaces) || !workspaces.every(str)) return undefined;
  return { runsIndex: 'partial', workspaces };
}

type Header = Omit<UsageLog, 'runs'>;

/** The header of a log: of version 2 with its coverage, of version 1 without (unknown); undefined when it is not one. */
function headerOf(head: unknown): Header | undefined {
  if (!isObject(head) || !str(head.organization) || !dated(head.covers_from) || !(head.checkpoint === null || dated(head.checkpoint))) return undefined;
  const base = { organization: head.organization, coversFrom: head.covers_from, checkpoint: head.checkpoint };
  if (head['usage-log'] === UNKNOWN_COVERAGE_VERSION) return base;
  const coverage = coverageOf(head);
  if (head['usage-log'] !== USAGE_LOG_VERSION || !dated(head.read_to) || !coverage) return undefined;
  return { ...base, readTo: head.read_to, coverage };
}

/** The log of `text`, or the first problem as `LINE: what` (the caller names the file). */
export function parseUsageLog(text: string): UsageLog | { readonly problem: string } {
  const lines = text.split('\n').filter((l, i, all) => l.trim() !== '' || i < all.length - 1);
  const parsed = (line: string): unknown => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return undefined;
    }
  };
  const header = headerOf(parsed(lines[0] ?? ''));
  if (!header)
    return {
      problem: `1: not a usage log of tfe-access (its first line is {"usage-log": ${USAGE_LOG_VERSION}, "organization", "covers_from", "read_to", "checkpoint", "runs_index"})`,
    };
  const runs: UsageRun[] = [];
  const stateVersions = new Map<string, string | null>();
  for (let i = 1; i < lines.length; i += 1) {
    const value = parsed(lines[i] ?? '');
    const mapped = stateVersionOf(value);
    if (mapped) {
      stateVersions.set(mapped.id, mapped.workspace);
      continue;
    }
    const run = runOf(value);
    if (!run) return { problem: `${i + 1}: not a run or a state version of a usage log` };
    runs.push(run);
  }
  return { ...header, runs, ...(stateVersions.size > 0 ? { stateVersions } : {}) };
}

/** Where the read of a window from `from` starts again: the log's checkpoint when the log covers the window, else the window's start. */
export function readFrom(log: UsageLog | undefined, from: number): number {
  if (!log || log.checkpoint === null || Date.parse(log.coversFrom) > from) return from;
  return Math.max(from, Date.parse(log.checkpoint));
}

/** The log after a read: the logged runs of the window replaced by the fresh ones, newest first, and the next checkpoint. */
export function mergeUsage(logged: readonly UsageRun[], fresh: readonly UsageRun[], windowFrom: number): { runs: UsageRun[]; checkpoint: string | null } {
  const byId = new Map(logged.filter((r) => Date.parse(r.createdAt) >= windowFrom).map((r) => [r.id, r] as const));
  for (const run of fresh) byId.set(run.id, run);
  // Each time parsed once: a first read merges tens of thousands of runs.
  const runs = [...byId.values()]
    .map((run) => ({ run, at: Date.parse(run.createdAt) }))
    .sort((a, b) => b.at - a.at)
    .map(({ run }) => run);
  const open = runs.filter((r) => !FINAL.has(r.status));
  const oldestOpen = open[open.length - 1];
  return { runs, checkpoint: oldestOpen?.createdAt ?? runs[0]?.createdAt ?? null };
}

/** A log as a read writes it: always saying when it was read and what that read could see. */
export type WrittenUsageLog = UsageLog & { readonly readTo: string; readonly coverage: RunsCoverage };

/** The header line of a log: what its read could see, as core/usage-coverage.ts states it. */
function headerText(log: WrittenUsageLog): string {
  const { coverage } = log;
  return JSON.stringify({
    'usage-log': USAGE_LOG_VERSION,
    organization: log.organization,
    covers_from: log.coversFrom,
    read_to: log.readTo,
    checkpoint: log.checkpoint,
    runs_index: coverage.runsIndex,
    ...(coverage.runsIndex === 'partial' ? { workspaces: coverage.workspaces } : {}),
  });
}

export function usageLogText(log: WrittenUsageLog): string {
  const head = headerText(log);
  const lines = log.runs.map((r) =>
    JSON.stringify({
      id: r.id,
      workspace: r.workspaceId,
      created_at: r.createdAt,
      status: r.status,
      plan_only: r.planOnly,
      auto_apply: r.autoApply,
      source: r.source,
      created_by: r.createdBy,
      confirmed_by: r.confirmedBy,
    }),
  );
  const states = [...(log.stateVersions ?? [])].map(([id, workspace]) => JSON.stringify({ state_version: id, workspace }));
  return `${[head, ...lines, ...states].join('\n')}\n`;
}
