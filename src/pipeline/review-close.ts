// `review close` (docs/evidence.md, "Access reviews"): the filled sheets checked (src/review/), the
// round's sheets as live access gives them now compared with them (a stale row, access with no
// row, a sheet not given), then live access read once, as a plan reads it; the reviewers checked
// against who provisioned each
// grant when the audit trail can be read; each revoke placed in the files through the adopt
// machinery (src/adopt/) and proven by a plan of the edited files against the same reads
// (recorded-reads.ts: no new request), every revoke a removal of that plan. Nothing is written
// until all of it holds, and every row problem of every kind is refused in one run; then the files
// are written as `drift --adopt` writes them.
import { adopt, type AdoptFile } from '../adopt/adopt.js';
import { tokenOwner } from '../evidence/token-owner.js';
import { AUDIT_RETENTION_DAYS, type AuditEvent } from '../core/audit.js';
import type { FileEdit } from '../core/adoption.js';
import type { FilesState } from '../core/desired-state.js';
import type { EvidenceManifest } from '../core/evidence.js';
import { personKey } from '../core/people.js';
import { changesOf, grantChanges, type Plan } from '../core/plan.js';
import type { DecisionRecord } from '../core/review.js';
import { CLIError } from '../errors.js';
import { readPeople } from '../live/people.js';
import { editDiff, itemWords } from '../render/adoption-words.js';
import { reasonText } from '../render/coverage.js';
import { checkRows, type DecidedRow } from '../review/decisions.js';
import { readSheet, type ReadRow } from '../review/parse.js';
import { provisionerProblems, usernames } from '../review/provisioner.js';
import { revokeItems, type HeldBy, type Revoke } from '../review/revokes.js';
import { staleProblems } from '../review/stale.js';
import { organizationWide, type EffectiveCell } from '../core/effective.js';
import { sourceText } from '../render/source-text.js';
import { liveSheets } from './review-start.js';
import { desiredAt } from '../core/expiry.js';
import { editedFiles, readFiles } from './adopt.js';
import { openAuditTrail } from './audit-trail.js';
import type { PlanFiles } from './files.js';
import { planAgainstLive, type PlanResult } from './plan.js';
import { RecordedReads } from './recorded-reads.js';
import { withClient, withClock, type ClockedRun, type PlanChoices, type RunConnection, type RunOptions } from './request.js';
import { underControl, type RunControl } from './run-control.js';
import { EVERY_TARGET } from './targets.js';
import { writeEdits } from './write-edits.js';
import { bundleServer } from './evidence-bundle.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewCloseRequest {
  /** The filled sheets: the name each has in the bundle, and its text. */
  readonly sheets: readonly { readonly name: string; readonly text: string }[];
  /** The round the sheets belong to, when `review.json` of `review start` lies beside them. */
  readonly round?: { readonly review: string; readonly rows: ReadonlyMap<string, number>; readonly by?: 'team' | 'person' };
  readonly paths: string[];
  readonly cwd: string;
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: PlanChoices;
  /** false: worked out, not written (tests, a dry look). */
  readonly write?: boolean;
}

export interface ClosedReview {
  readonly review: string;
  readonly organization: string;
  readonly decisions: readonly DecisionRecord[];
  readonly revoked: number;
  readonly edits: readonly FileEdit[];
  /** The plan of the edited files against live access. */
  readonly plan: Plan;
  /** Why the reviewers were not checked against the audit trail; absent when they were. */
  readonly unchecked?: string;
  /** The manifest's facts (all but the files). */
  readonly facts: Omit<EvidenceManifest, 'files' | 'tool' | 'scope'>;
}

const refuse = (problems: readonly string[]): CLIError =>
  new CLIError(
    `review close: ${problems.length === 1 ? 'a row is' : `${problems.length} rows are`} refused; nothing was written:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );

/** Every row of every sheet (one error naming each sheet that is no review sheet), and each sheet whose rows review.json counts otherwise. */
function readRows(request: ReviewCloseRequest): { rows: ReadRow[]; problems: string[] } {
  const read = request.sheets.map((s) => ({ sheet: s.name, read: readSheet(s.name, s.text) }));
  const unread = read.flatMap((r) => ('problem' in r.read ? [r.read.problem] : []));
  if (unread.length > 0) throw refuse(unread);
  const rows = read.flatMap((r) => ('rows' in r.read ? r.read.rows : []));
  const counted = request.round?.rows;
  const problems = !counted
    ? []
    : read.flatMap((r) => {
        const expected = counted.get(r.sheet);
        const got = 'rows' in r.read ? r.read.rows.length : 0;
        if (expected === undefined) return [`${r.sheet}: not a sheet of review ${request.round?.review ?? ''} (review.json does not list it)`];
        return got === expected ? [] : [`${r.sheet}: ${got} rows, but review start wrote ${expected}: every row must stay and be decided`];
      });
  return { rows, problems };
}

/** Whether start reviewed every team's people: review.json says; without it, a person row through a team whose members the files do not list tells. */
function byPerson(request: ReviewCloseRequest, rows: readonly ReadRow[], state: FilesState): boolean {
  if (request.round?.by !== undefined) return request.round.by === 'person';
  const listed = new Set((state.teams ?? []).filter((t) => t.members !== undefined).map((t) => t.name));
  return rows.some((r) => r.fields.kind === 'person' && !listed.has(r.fields.via));
}

/** What holds a team's access on a target organization-wide in live, in words. */
function heldByOf(cells: readonly EffectiveCell[]): HeldBy {
  const byKey = new Map(cells.map((c) => [`${c.team.id}\u0000${c.target.id}`, c]));
  return (teamId, targetId) => {
    const cell = byKey.get(`${teamId}\u0000${targetId}`);
    return (cell?.sources ?? []).filter(organizationWide).map((s) => sourceText(s, cell?.target.type ?? 'workspace'));
  };
}

/** The audit trail's events of the retention window, or why they cannot be read. */
async function trailEvents(connection: RunConnection, control: RunControl, now: number): Promise<{ events: readonly AuditEvent[] } | { unchecked: string }> {
  const trail = openAuditTrail(connection, control);
  if (trail.kind === 'none') return { unchecked: 'no audit token (TFE_AUDIT_TOKEN)' };
  try {
    const read = await trail.reader.readAuditTrail(new Date(now - AUDIT_RETENTION_DAYS * DAY_MS).toISOString(), control.requests);
    return read.kind === 'read' ? { events: read.events } : { unchecked: `the audit trail is not available: ${read.detail}` };
  } finally {
    await trail.close();
  }
}

/** The change of the edited files' plan that carries out a revoke, in words; undefined when none does. */
function carrying(revoke: Revoke, plan: Plan): string | undefined {
  const { row } = revoke;
  if (row.kind === 'team') {
    const change = grantChanges(plan).find((c) => c.action === 'remove' && c.target.id === row.target.id && c.team.id === row.teamId);
    return change && `remove grant of team ${change.team.name} on ${change.target.type} ${change.target.name}`;
  }
  const member = changesOf(plan.changes, 'member').find(
    (m) => m.action === 'remove' && m.team.id === row.teamId && personKey(m.person.email) === personKey(row.subject),
  );
  return member && `remove ${row.subject} from team ${member.action === 'remove' ? member.team.name : ''}`;
}

interface Worked {
  readonly edits: readonly FileEdit[];
  readonly replan: PlanResult;
  readonly records: DecisionRecord[];
}

/** The revokes adopted into the files, each proven by a removal of the edited files' plan. */
async function carryOut(
  reads: RecordedReads,
  decided: readonly DecidedRow[],
  revokes: readonly Revoke[],
  from: { base: PlanFiles; state: FilesState; files: readonly AdoptFile[]; pruned: ReadonlySet<string> },
  read: PlanChoices,
  run: ClockedRun,
): Promise<Worked> {
  const adopted = adopt({ files: from.files, items: revokes.map((r) => r.item), state: from.state, pruned: from.pruned, selectors: [] });
  const notAdopted = adopted.adoption.notAdopted.map((n) => {
    const revoke = revokes.find((r) => r.item === n.item);
    return `${revoke?.at ?? ''}: ${itemWords(n.item)} cannot be taken out of the files: ${n.detail}`;
  });
  if (notAdopted.length > 0) throw refuse(notAdopted);
  const quiet: ClockedRun = { ...run, onProgress: () => {} };
  const replan = await planAgainstLive(reads.client, editedFiles(from.base, adopted, from.files, run.now), { ...read, targets: [] }, quiet);
  const problems: string[] = [];
  const byRevoke = new Map<string, { edit: DecisionRecord['edit']; change: string }>();
  for (const revoke of revokes) {
    const change = carrying(revoke, replan.plan);
    if (change === undefined) {
      problems.push(
        `${revoke.at}: taking it out of the files would not remove it (the target does not prune, or the team's members are not pruned); revoke it by hand`,
      );
      continue;
    }
    // The revoke's own edit, on the files as read: what the auditor reads beside the decision.
    const own = adopt({ files: from.files, items: [revoke.item], state: from.state, pruned: from.pruned, selectors: [] }).adoption.edits[0];
    byRevoke.set(key(revoke.row), { edit: own && { file: own.path, diff: editDiff(own) }, change });
  }
  if (problems.length > 0) throw refuse(problems);
  const records = decided.map(({ at, row }): DecisionRecord => {
    const done = row.decision === 'revoke' ? byRevoke.get(key(row)) : undefined;
    return { at, row, ...(done?.edit ? { edit: done.edit } : {}), ...(done ? { change: done.change } : {}) };
  });
  return { edits: adopted.adoption.edits, replan, records };
}

/** A revoke's key: a person revoked on several rows from one team is one removal. */
const key = (row: DecidedRow['row']): string =>
  row.kind === 'person' ? `person ${personKey(row.subject)} ${row.teamId}` : `team ${row.teamId} ${row.target.id}`;

export async function closeReview(unclocked: ReviewCloseRequest): Promise<ClosedReview> {
  const request = withClock(unclocked);
  const { run, read } = request;
  const { rows, problems: counted } = readRows(request);
  if (rows.length === 0) throw new CLIError('review close: the sheets hold no rows to close.');
  const { state, files } = await readFiles(request.paths, request.cwd);
  const review = request.round?.review ?? rows[0]?.fields.review ?? '';
  const checked = checkRows(rows, review, state.organization, { owners: state.reviewOwners ?? [], closedAt: run.now });
  // The round as live access gives it now, read as start read it, under the round's own id.
  const live = await liveSheets(request, state, byPerson(request, rows, state), run.now, review);
  const given = request.sheets.map((s) => s.name);
  const stale = staleProblems(rows, live.built, given, [...(request.round?.rows.keys() ?? [])]);
  const held = heldByOf(live.report.cells);
  return underControl(run, async (control) => {
    const { decided } = checked;
    const base: PlanFiles = { paths: request.paths, desired: desiredAt(state, run.now), targets: EVERY_TARGET };
    const startedAt = new Date().toISOString();
    const closed = await withClient(request.connection, control, async (client) => {
      const reads = new RecordedReads(client);
      const read0 = await planAgainstLive(reads.client, base, { ...read, targets: [] }, run);
      const server = await reads.client.serverInfo();
      const token = await reads.client.accountDetails();
      const trail = await trailEvents(request.connection, control, run.now);
      // The people's usernames: a person row's member events name them, and a reviewer written as an email is matched through them.
      const asked = 'events' in trail && decided.some((d) => d.row.kind === 'person' || d.row.reviewer.includes('@'));
      const people = read0.live.people ?? (asked ? await readPeople(reads.client, state.organization, read0.resolved.teams) : undefined);
      const conflicts = 'events' in trail ? provisionerProblems(decided, trail.events, usernames(people?.people ?? [])) : [];
      const found = revokeItems(decided, read0.resolved, held);
      // Every problem of every kind, in one run.
      const problems = [...counted, ...checked.problems, ...stale, ...conflicts, ...found.problems];
      if (problems.length > 0) throw refuse(problems);
      reads.seal();
      const pruned = new Set(read0.resolved.targets.filter((t) => t.desired.prune ?? state.settings.prune).map((t) => t.id));
      const worked = await carryOut(reads, decided, found.revokes, { base, state, files, pruned }, read, run);
      return {
        worked,
        server,
        token,
        teams: read0.resolved.teams,
        revoked: found.revokes.length,
        ...('unchecked' in trail ? { unchecked: trail.unchecked } : {}),
      };
    });
    if (request.write !== false && closed.worked.edits.length > 0)
      writeEdits(request.cwd, closed.worked.edits, run.signal, { reader: 'review close', again: 'review close' });
    const { plan } = closed.worked.replan;
    const facts: ClosedReview['facts'] = {
      server: bundleServer(request.connection, closed.server),
      organization: state.organization,
      token: tokenOwner(closed.token, closed.teams),
      extraction: { startedAt, finishedAt: new Date().toISOString() },
      // Whole only when both reads were: the round's (the population compared with the sheets) and the plan's.
      complete: plan.coverage.complete && live.report.coverage.complete,
      reasons: [...new Set([...live.report.coverage.reasons, ...plan.coverage.reasons].map(reasonText))],
      counts: [
        { what: 'rows', extracted: decided.length, service: null },
        { what: 'revokes', extracted: decided.filter((d) => d.row.decision === 'revoke').length, service: null },
      ],
    };
    return {
      review,
      organization: state.organization,
      decisions: closed.worked.records,
      revoked: closed.revoked,
      edits: closed.worked.edits,
      plan,
      ...(closed.unchecked === undefined ? {} : { unchecked: closed.unchecked }),
      facts,
    };
  });
}
