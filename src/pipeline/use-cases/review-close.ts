// `review close` (docs/evidence.md, "Access reviews"): the filled sheets checked (src/review/), the
// round's sheets as live access gives them now compared with them (a stale row, access with no
// row, a sheet not given), then live access read once, as a plan reads it; the reviewers checked
// against who provisioned each
// grant when the audit trail can be read; each revoke placed in the files through the adopt
// machinery (src/adopt/) and proven by a plan of the edited files over the same reads (the one
// pure call, assemble/plan-over.ts, planOver: no new request), every revoke a removal of that plan (a
// power's revoke: a team change turning the flag off). Nothing is written
// until all of it holds, and every row problem of every kind is refused in one run; then the files
// are written as `drift --adopt` writes them.
import type { Adopted, AdoptFile } from '../../adopt/adopt.js';
import { revocationItem, revokeInFiles } from '../../adopt/revoke.js';
import type { TfeClient } from '../../api/client.js';
import { peopleOf } from '../../assemble/people.js';
import type { PlanAsk, PlanFiles, PlanResult } from '../../assemble/plan-over.js';
import { EVERY_TARGET } from '../../assemble/targets.js';
import type { FileEdit } from '../../core/adoption.js';
import { AUDIT_RETENTION_DAYS, type AuditEvent } from '../../core/audit.js';
import type { FilesState } from '../../core/desired-state.js';
import { type EffectiveCell, organizationWide } from '../../core/effective.js';
import type { EvidenceManifest } from '../../core/evidence.js';
import { DAY_MS, desiredAt } from '../../core/expiry.js';
import type { PeopleReader } from '../../core/member-write.js';
import type { Team } from '../../core/model.js';
import { personKey } from '../../core/people.js';
import type { LivePeople } from '../../core/person.js';
import { changesOf, grantChanges, type Plan } from '../../core/plan.js';
import type { Report } from '../../core/report.js';
import { type DecisionRecord, type DerivedRevoke, isMemberRow, type RevokeChange, type RoundRecord } from '../../core/review.js';
import type { RunReads } from '../../core/run-reads.js';
import { CLIError } from '../../errors.js';
import { tokenOwner } from '../../evidence/token-owner.js';
import { readPeople } from '../../live/people.js';
import { editDiff, itemWords } from '../../render/drift/adoption-words.js';
import { derivedAccessText, derivedSettingText } from '../../render/review/review-derived.js';
import { reasonText } from '../../render/shared/coverage.js';
import { sourceText } from '../../render/shared/source-text.js';
import { checkRows, type DecidedRow } from '../../review/decisions.js';
import { derivedRevokes, type SettingOf } from '../../review/derived.js';
import { type ReadRow, readSheet } from '../../review/parse.js';
import { provisionerProblems, usernames } from '../../review/provisioner.js';
import { type HeldBy, type Revoke, revokeItems } from '../../review/revokes.js';
import { staleProblems } from '../../review/stale.js';
import { bundleServer } from '../disk/evidence-bundle.js';
import { writeEdits } from '../disk/write-edits.js';
import { planAgain } from '../reads/gather.js';
import { openAuditTrail } from '../run/audit-trail.js';
import { type ClockedRun, type PlanChoices, type RunConnection, type RunOptions, withClient, withClock } from '../run/request.js';
import { type RunControl, underControl } from '../run/run-control.js';
import { editedFiles, readFiles } from './adopt.js';
import { planAndReads } from './plan.js';
import { liveSheets } from './review-start.js';

export interface ReviewCloseRequest {
  /** The filled sheets: the name each has in the bundle, and its text. */
  readonly sheets: readonly { readonly name: string; readonly text: string }[];
  /** The round the sheets belong to, when `review.json` of `review start` lies beside them (pipeline/disk/review-round.ts reads it). */
  readonly round?: RoundRecord;
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
  const counted = request.round && new Map(request.round.sheets.map((s) => [s.name, s.rows]));
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
  if (request.round !== undefined) return request.round.by === 'person';
  const listed = new Set((state.teams ?? []).filter((t) => t.members !== undefined).map((t) => t.name));
  return rows.some((r) => (r.fields.kind === 'person' || r.fields.kind === 'membership') && !listed.has(r.fields.via));
}

/** What holds a team's access on a target organization-wide in live, in words. */
function heldByOf(cells: readonly EffectiveCell[]): HeldBy {
  const byKey = new Map(cells.map((c) => [`${c.team.id}\u0000${c.target.id}`, c]));
  return (teamId, targetId) => {
    const cell = byKey.get(`${teamId}\u0000${targetId}`);
    return (cell?.sources ?? []).filter(organizationWide).map((s) => sourceText(s, cell?.target.type ?? 'workspace'));
  };
}

type Trail = { events: readonly AuditEvent[] } | { unchecked: string };

/** The audit trail's events of the retention window, or why they cannot be read. */
async function trailEvents(connection: RunConnection, control: RunControl, now: number): Promise<Trail> {
  const trail = openAuditTrail(connection, control);
  if (trail.kind === 'none') return { unchecked: 'no audit token (TFE_AUDIT_TOKEN)' };
  try {
    const read = await trail.reader.readAuditTrail(new Date(now - AUDIT_RETENTION_DAYS * DAY_MS).toISOString(), control.requests);
    return read.kind === 'read' ? { events: read.events } : { unchecked: `the audit trail is not available: ${read.detail}` };
  } finally {
    await trail.close();
  }
}

/** Whether the plan turns the team's flag off (a team change whose field goes from true to false). */
function turnsOff(plan: Plan, teamId: string, flag: string): RevokeChange | undefined {
  const change = changesOf(plan.changes, 'team').find(
    (c) => c.action === 'update' && c.id === teamId && c.fields.some((f) => 'flag' in f && f.flag === flag && f.after === false),
  );
  return change && { kind: 'power', flag, team: change.name };
}

/** The change of the edited files' plan that carries out a revoke, in words; undefined when none does. */
function carrying(revoke: Revoke, plan: Plan): RevokeChange | undefined {
  const { row } = revoke;
  if (row.kind === 'power') return turnsOff(plan, row.teamId, row.access);
  if (row.kind === 'team') {
    const change = grantChanges(plan).find((c) => c.action === 'remove' && c.target.id === row.target.id && c.team.id === row.teamId);
    return change && { kind: 'grant', team: change.team.name, target: { type: change.target.type, name: change.target.name } };
  }
  const member = changesOf(plan.changes, 'member').find(
    (m) => m.action === 'remove' && m.team.id === row.teamId && personKey(m.person.email) === personKey(row.subject),
  );
  return member && { kind: 'member', email: row.subject, team: member.action === 'remove' ? member.team.name : '' };
}

interface Worked {
  readonly edits: readonly FileEdit[];
  readonly replan: PlanResult;
  readonly records: DecisionRecord[];
}

/** What the revokes are taken out of: the files as read, their state, and the targets they prune. */
interface RevokeFrom {
  readonly base: PlanFiles;
  readonly state: FilesState;
  readonly files: readonly AdoptFile[];
  readonly pruned: ReadonlySet<string>;
}

/** The revokes taken out of the files (adopt/revoke.ts), or one refusal naming each that cannot be. */
function takenOut(revokes: readonly Revoke[], from: RevokeFrom): Adopted {
  const { adopted, notRevoked } = revokeInFiles(
    from,
    revokes.map((r) => r.revocation),
  );
  const problems = notRevoked.map(({ revocation, detail }) => {
    const revoke = revokes.find((r) => r.revocation === revocation);
    return `${revoke?.at ?? ''}: ${itemWords(revocationItem(revocation))} cannot be taken out of the files: ${detail}`;
  });
  if (problems.length > 0) throw refuse(problems);
  return adopted;
}

type Done = ReadonlyMap<string, { edit: DecisionRecord['edit']; change: RevokeChange }>;

/** Each revoke's change in the edited files' plan and its own edit on the files as read; a problem for each the plan does not carry out. */
function carried(revokes: readonly Revoke[], plan: Plan, from: RevokeFrom): { done: Done; problems: string[] } {
  const problems: string[] = [];
  const done = new Map<string, { edit: DecisionRecord['edit']; change: RevokeChange }>();
  for (const revoke of revokes) {
    const change = carrying(revoke, plan);
    if (change === undefined) {
      problems.push(
        revoke.row.kind === 'power'
          ? `${revoke.at}: writing it off in the files would not turn it off (the plan of the edited files keeps ${revoke.row.access} of team ${revoke.row.subject}); revoke it by hand`
          : `${revoke.at}: taking it out of the files would not remove it (the target does not prune, or the team's members are not pruned); revoke it by hand`,
      );
      continue;
    }
    // The revoke's own edit, on the files as read: what the auditor reads beside the decision.
    const own = revokeInFiles(from, [revoke.revocation]).adopted.adoption.edits[0];
    done.set(key(revoke.row), { edit: own && { file: own.path, diff: editDiff(own) }, change });
  }
  return { done, problems };
}

/** A power kept on its row that a revoke turns off as well (a flag the revoked one brought): both cannot hold. */
function keptTurnedOff(decided: readonly DecidedRow[], plan: Plan): string[] {
  return decided
    .filter(({ row }) => row.kind === 'power' && row.decision === 'keep' && turnsOff(plan, row.teamId, row.access) !== undefined)
    .map(
      ({ at, row }) =>
        `${at}: keeps ${row.access} of team ${row.subject}, but the revokes turn it off too (the files give it only through a revoked power); write it in the team's organization-access, or revoke it`,
    );
}

/** The revokes taken out of the files, each proven by a removal of the edited files' plan. */
function carryOut(reads: RunReads, decided: readonly DecidedRow[], revokes: readonly Revoke[], from: RevokeFrom, ask: PlanAsk): Worked {
  const adopted = takenOut(revokes, from);
  const replan = planAgain(editedFiles(from.base, adopted, from.files, ask.now), reads, ask, 'review close');
  const { done, problems } = carried(revokes, replan.plan, from);
  problems.push(...keptTurnedOff(decided, replan.plan));
  if (problems.length > 0) throw refuse(problems);
  const records = decided.map(({ at, row }): DecisionRecord => {
    // A derived row's revoke has no change of its own: its grant's row carries it (review/derived.ts).
    const own = row.decision === 'revoke' && row.kind !== 'derived' ? done.get(key(row)) : undefined;
    return { at, row, ...(own?.edit ? { edit: own.edit } : {}), ...(own ? { change: own.change } : {}) };
  });
  return { edits: adopted.adoption.edits, replan, records };
}

/** The people, from the plan's reads when it made them (a policy that counts members), else one list now. */
async function peopleNow(client: PeopleReader, reads: RunReads, organization: string, teams: readonly Team[]): Promise<LivePeople> {
  if (reads.people?.kind === 'listed') return peopleOf(reads.people.listed, teams);
  return readPeople(client, organization, teams);
}

/** A revoke's key: a person revoked on several rows from one team is one removal. */
const key = (row: DecidedRow['row']): string =>
  isMemberRow(row)
    ? `person ${personKey(row.subject)} ${row.teamId}`
    : row.kind === 'power'
      ? `power ${row.teamId} ${row.access}`
      : `team ${row.teamId} ${row.target.id}`;

type ClockedClose = ReviewCloseRequest & { readonly run: ClockedRun };

/** The sheets checked against the files and the round as live access gives it now: what close knows before it plans. */
interface Round {
  readonly review: string;
  readonly state: FilesState;
  readonly files: readonly AdoptFile[];
  readonly decided: readonly DecidedRow[];
  /** The rows' problems so far: counts, decisions, stale rows. */
  readonly problems: readonly string[];
  readonly live: Awaited<ReturnType<typeof liveSheets>>;
}

async function roundOf(request: ClockedClose): Promise<Round> {
  const { run } = request;
  const { rows, problems: counted } = readRows(request);
  if (rows.length === 0) throw new CLIError('review close: the sheets hold no rows to close.');
  const { state, files } = await readFiles(request.paths, request.cwd);
  const review = request.round?.review ?? rows[0]?.fields.review ?? '';
  const checked = checkRows(rows, review, state.organization, { owners: state.reviewOwners ?? [], closedAt: run.now });
  // The round as live access gives it now, read as start read it, under the round's own id.
  // docs/evidence.md, "Derived rows": the edges read as start read them (review.json says; without it, when a sheet has a derived row).
  const indirect = request.round ? request.round.indirect === true : rows.some((r) => r.fields.kind === 'derived');
  const live = await liveSheets(request, state, { byPerson: byPerson(request, rows, state), indirect }, run.now, review);
  const given = request.sheets.map((s) => s.name);
  const stale = staleProblems(
    rows,
    live.built,
    given,
    (request.round?.sheets ?? []).map((s) => s.name),
  );
  return { review, state, files, decided: checked.decided, problems: [...counted, ...checked.problems, ...stale], live };
}

/** The reviewers who provisioned what they decide, when the trail was read. */
async function conflictsOf(client: TfeClient, planned: { reads: RunReads; result: PlanResult }, trail: Trail, round: Round): Promise<string[]> {
  if (!('events' in trail)) return [];
  const { reads, result } = planned;
  // The people's usernames: a person row's member events name them, and a reviewer written as an email is matched through them.
  const asked = round.decided.some((d) => isMemberRow(d.row) || d.row.reviewer.includes('@'));
  const people = result.live.people ?? (asked ? await peopleNow(client, reads, round.state.organization, result.resolved.teams) : undefined);
  return provisionerProblems(round.decided, trail.events, usernames(people?.people ?? []));
}

/** Against the service: live access planned, the trail read, every problem refused in one run, then the revokes carried out. */
async function closeWith(client: TfeClient, control: RunControl, request: ClockedClose, round: Round) {
  const { run, read } = request;
  const { state, decided } = round;
  const base: PlanFiles = { paths: request.paths, desired: desiredAt(state, run.now), targets: EVERY_TARGET };
  const planned = await planAndReads(client, base, { ...read, targets: [] }, run);
  const { reads, result: read0 } = planned;
  const token = await client.accountDetails();
  const trail = await trailEvents(request.connection, control, run.now);
  const conflicts = await conflictsOf(client, planned, trail, round);
  const found = revokeItems(decided, read0.resolved, heldByOf(round.live.report.cells), state.teams ?? []);
  // docs/evidence.md, "Derived rows": a derived row's revoke is carried by its grant's, or a setting to change by hand.
  const derived = derivedRevokes(decided, settingOf(round.live.report));
  // Every problem of every kind, in one run.
  const problems = [...round.problems, ...conflicts, ...found.problems, ...derived.problems];
  if (problems.length > 0) throw refuse(problems);
  const carriedOut = carryOut(reads, decided, found.revokes, { base, state, files: round.files, pruned: read0.pruned }, { ...read, now: run.now });
  const records = carriedOut.records.map((r) => withDerived(r, derived.outcomes.get(r.at)));
  const worked = { ...carriedOut, records };
  const unchecked = 'unchecked' in trail ? { unchecked: trail.unchecked } : {};
  return { worked, server: reads.server, token, teams: read0.resolved.teams, revoked: found.revokes.length, ...unchecked };
}

type Closed = Awaited<ReturnType<typeof closeWith>>;

/** The setting that carries a derived row beside its grant, from the derived rows of the close's own read (the row's words are the sheet's). */
function settingOf(report: Report): SettingOf {
  const rows = report.derived?.rows ?? [];
  return (row) => {
    const found = rows.find((d) => d.team.id === row.teamId && d.target.id === row.target.id && derivedAccessText(d) === row.access);
    return found && derivedSettingText(found);
  };
}

const withDerived = (record: DecisionRecord, derived: DerivedRevoke | undefined): DecisionRecord => (derived ? { ...record, derived } : record);

/** The manifest's facts of the close. */
function factsOf(request: ClockedClose, round: Round, closed: Closed, startedAt: string): ClosedReview['facts'] {
  const { plan } = closed.worked.replan;
  const { report } = round.live;
  return {
    server: bundleServer(request.connection, closed.server),
    organization: round.state.organization,
    token: tokenOwner(closed.token, closed.teams),
    extraction: { startedAt, finishedAt: new Date().toISOString() },
    // Whole only when both reads were: the round's (the population compared with the sheets) and the plan's.
    complete: plan.coverage.complete && report.coverage.complete,
    reasons: [...new Set([...report.coverage.reasons, ...plan.coverage.reasons].map(reasonText))],
    counts: [
      // docs/evidence.md, "Derived rows": the direct rows and, apart, the derived ones.
      { what: 'rows', extracted: round.decided.filter((d) => d.row.kind !== 'derived').length, service: null },
      { what: 'derived-rows', extracted: round.decided.filter((d) => d.row.kind === 'derived').length, service: null },
      { what: 'revokes', extracted: round.decided.filter((d) => d.row.decision === 'revoke').length, service: null },
      // An inactive person's rows: members no access shows now, who hold their teams' once re-activated.
      { what: 'inactive-memberships', extracted: round.decided.filter((d) => d.row.kind === 'membership').length, service: null },
    ],
  };
}

export async function closeReview(unclocked: ReviewCloseRequest): Promise<ClosedReview> {
  const request = withClock(unclocked);
  const { run } = request;
  const round = await roundOf(request);
  return underControl(run, async (control) => {
    const startedAt = new Date().toISOString();
    const closed = await withClient(request.connection, control, (client) => closeWith(client, control, request, round));
    if (request.write !== false && closed.worked.edits.length > 0)
      writeEdits(request.cwd, closed.worked.edits, run.signal, { reader: 'review close', again: 'review close' });
    return {
      review: round.review,
      organization: round.state.organization,
      decisions: closed.worked.records,
      revoked: closed.revoked,
      edits: closed.worked.edits,
      plan: closed.worked.replan.plan,
      ...(closed.unchecked === undefined ? {} : { unchecked: closed.unchecked }),
      facts: factsOf(request, round, closed, startedAt),
    };
  });
}
