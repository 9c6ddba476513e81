// `review start` (docs/evidence.md, "Access reviews"): live access read as `report` reads it
// (pipeline/use-cases/report.ts: one live read, no second one), the owners of `review-owners:` checked
// against the organization's projects, and the rows of each owner's sheet built (src/review/) and
// rendered as CSV (src/render/); writeStarted writes them and the round's review.json
// (render/review/review-round.ts) into the directory the command names.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { nameProblemsError } from '../../assemble/name-problems.js';
import type { IncompleteReason } from '../../core/coverage.js';
import type { FilesState } from '../../core/desired-state.js';
import { NameIndex } from '../../core/names.js';
import { NOT_VISIBLE } from '../../core/not-found.js';
import { quote } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import type { ReviewBy, ReviewOwner, RoundRecord } from '../../core/review.js';
import { CLIError } from '../../errors.js';
import { writeAtomic } from '../../export/write.js';
import { reportSourceText } from '../../render/report-words/report-source.js';
import { renderReviewSheet } from '../../render/review/review-csv.js';
import { derivedAccessText, derivedSourcesText } from '../../render/review/review-derived.js';
import { inactiveMembershipText, powerSourceText } from '../../render/review/review-power.js';
import { renderReviewRound } from '../../render/review/review-round.js';
import { accessShortForm } from '../../render/shared/access-short.js';
import { checkName, noFindings } from '../../resolve/check-names.js';
import { type ReviewSheets, reviewSheets } from '../../review/rows.js';
import { reviewIdOf, sheetName } from '../../review/sheet.js';
import { desiredFromFiles } from '../disk/files.js';
import { ROUND_FILE } from '../disk/review-round.js';
import type { ReadChoices, RunConnection, RunOptions } from '../run/request.js';
import { reportOrganization } from './report.js';

export interface ReviewStartRequest {
  readonly paths: string[];
  readonly cwd: string;
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: ReadChoices;
  /** `--by person`: a row per person and team for every team, not only those whose members the files list. */
  readonly byPerson: boolean;
  /** Read the edges of indirect access for derived rows (docs/evidence.md, "Derived rows"); false: `--no-indirect`. Absent: read. */
  readonly indirect?: boolean;
}

export interface StartedSheet {
  readonly name: string;
  /** The owner; undefined for `review-unowned.csv`. */
  readonly owner?: string;
  readonly reviewers: readonly string[];
  readonly rows: number;
  readonly text: string;
}

/** The round (what review.json records), each sheet with its CSV text. */
export interface StartedReview extends RoundRecord {
  /** Why the live read is not known to be whole (empty when complete). */
  readonly incomplete: readonly IncompleteReason[];
  readonly sheets: readonly StartedSheet[];
}

/**
 * Every project an owner names is one the organization has, and every tag one a workspace carries
 * (an owner of a tag nobody carries reviews nothing: most likely a typo), else one error naming each
 * at FILE:LINE:COL with its near misses, all in one run.
 */
function checkOwners(owners: readonly ReviewOwner[], report: Report): void {
  const projects = new NameIndex(report.projects.map((p) => p.name));
  const tags = new NameIndex(report.workspaces.flatMap((w) => w.tags?.names ?? []));
  const findings = noFindings();
  const missing = `in organization ${quote(report.organization)}: ${NOT_VISIBLE}`;
  for (const owner of owners) {
    const prefix = `review owner ${quote(owner.owner)}: `;
    (owner.projects ?? []).forEach((name, i) => {
      checkName({ kind: 'project', name, source: owner.projectSources?.[i], prefix }, projects, missing, findings);
    });
    (owner.tags ?? []).forEach((name, i) => {
      checkName({ kind: 'tag', name, source: owner.tagSources?.[i], prefix }, tags, 'is on no workspace the token can see', findings);
    });
  }
  if (findings.problems.length > 0) throw nameProblemsError(findings.problems);
}

/** The teams whose people are reviewed: all (`--by person`), those whose `members:` the files list, or none. */
function peopleOf(state: FilesState, byPerson: boolean): 'all' | ReadonlySet<string> | undefined {
  if (byPerson) return 'all';
  const listed = (state.teams ?? []).filter((t) => t.members !== undefined).map((t) => t.name);
  return listed.length > 0 ? new Set(listed) : undefined;
}

/** The round's sheets as live access gives them now: start's, and close's to compare the filled ones with. */
export async function liveSheets(
  request: Omit<ReviewStartRequest, 'byPerson' | 'indirect'>,
  state: FilesState,
  asked: { readonly byPerson: boolean; readonly indirect: boolean },
  now: number,
  round?: string,
): Promise<{ report: Report; review: string; built: ReviewSheets }> {
  const { byPerson } = asked;
  const owners = state.reviewOwners ?? [];
  const people = peopleOf(state, byPerson);
  const report = await reportOrganization({
    paths: request.paths,
    cwd: request.cwd,
    connection: request.connection,
    run: { ...request.run, now },
    read: request.read,
    organization: undefined,
    after: false,
    selection: { teams: [], projects: [], workspaces: [], ...(people ? { people: [] } : {}) },
    by: people ? 'person' : 'team',
    // docs/evidence.md, "Derived rows": the edges read, each derived row on the sheet of its target's owner.
    derived: asked.indirect,
  });
  checkOwners(owners, report);
  const startedAt = new Date(Math.floor(now / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const review = round ?? reviewIdOf(report.organization, startedAt);
  return {
    report,
    review,
    built: reviewSheets(
      report,
      { review, owners, ...(people ? { people } : {}) },
      {
        access: accessShortForm,
        source: reportSourceText,
        power: powerSourceText,
        membership: inactiveMembershipText,
        derivedAccess: derivedAccessText,
        derivedSources: derivedSourcesText,
      },
    ),
  };
}

export async function startReview(request: ReviewStartRequest): Promise<StartedReview> {
  if (request.paths.length === 0) throw new CLIError('review start reads the owners from `review-owners:` of the desired-state files: name them (PATHS).');
  const now = request.run?.now ?? Date.now();
  const state = await desiredFromFiles(request.paths, request.cwd, now);
  const owners = state.reviewOwners ?? [];
  if (owners.length === 0)
    throw new CLIError('the files give no `review-owners:`: name who reviews which projects or tags (docs/evidence.md, "Access reviews").');
  const indirect = request.indirect !== false;
  const { report, review, built } = await liveSheets(request, state, { byPerson: request.byPerson, indirect }, now);
  const startedAt = review.slice(review.lastIndexOf('@') + 1);
  const sheets: StartedSheet[] = built.sheets.map((s) => {
    const owner = owners.find((o) => o.owner === s.owner) as ReviewOwner;
    return { name: sheetName(s.owner), owner: s.owner, reviewers: owner.reviewers, rows: s.rows.length, text: renderReviewSheet(s.rows) };
  });
  sheets.push({ name: sheetName(undefined), reviewers: [], rows: built.unowned.length, text: renderReviewSheet(built.unowned) });
  const by: ReviewBy = request.byPerson ? 'person' : 'team';
  return {
    review,
    organization: report.organization,
    startedAt,
    by,
    sheets,
    complete: report.coverage.complete,
    incomplete: report.coverage.reasons,
    indirect,
  };
}

/** The names start writes into its directory: the sheets and review.json. */
export const startedNames = (started: StartedReview): string[] => [...started.sheets.map((s) => s.name), ROUND_FILE];

/** The sheets and review.json written into `dir` (made when missing); the caller has checked each name may be written. */
export async function writeStarted(dir: string, started: StartedReview): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const sheet of started.sheets) await writeAtomic(join(dir, sheet.name), sheet.text);
  await writeAtomic(join(dir, ROUND_FILE), renderReviewRound(started, started.incomplete));
}
