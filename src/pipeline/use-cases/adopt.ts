// `drift --adopt` (docs/drift.md, "Adopt"): the drift plan of the whole files, every item placed in
// the files' texts (src/adopt/, pure), then the edited files planned over the same reads with the
// one pure call (assemble/plan-over.ts, planOver: no new request). An adopted item that a
// policy of the files would refuse once written is taken back and named; an adopted item the edited
// files still differ in is a bug, said before anything is written. Then the files are written.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TextDecoder } from 'node:util';
import { type Adopted, type AdoptFile, adopt } from '../../adopt/adopt.js';
import { stateOfTexts } from '../../adopt/files-state.js';
import type { PlanAsk, PlanFiles, PlanResult } from '../../assemble/plan-over.js';
import { EVERY_TARGET, parseTargets, selectTargets } from '../../assemble/targets.js';
import { unseenTeamReason, WHOLE_TEAMS_TOKEN } from '../../assemble/unseen-teams.js';
import type { Adoption, NotAdopted } from '../../core/adoption.js';
import type { FilesState } from '../../core/desired-state.js';
import { type DriftItem, driftItemKey, driftItemsOf } from '../../core/drift-item.js';
import { desiredAt } from '../../core/expiry.js';
import type { PolicyViolation } from '../../core/policy.js';
import type { RunReads } from '../../core/run-reads.js';
import { unseenTeamsOf } from '../../diff/unseen.js';
import { InternalError } from '../../errors.js';
import { type FileSystem, nodeFileSystem } from '../../load/files.js';
import { loadDesiredState } from '../disk/desired-state.js';
import { planFiles } from '../disk/files.js';
import { writeEdits } from '../disk/write-edits.js';
import { planAgain } from '../reads/gather.js';
import { type ClockedRun, type PlanRequest, withClient, withClock } from '../run/request.js';
import { underControl } from '../run/run-control.js';
import { attributed, planAndReads } from './plan.js';

/** How many times the policies may take adopted items back before the run gives up (each round takes at least one). */
const MAX_ROUNDS = 8;

export interface AdoptRequest extends PlanRequest {
  /** false: the edits are worked out and shown, not written (tests, a dry look). */
  readonly write?: boolean;
}

/** The drift plan (of the whole files), and what adopting it did. */
export interface AdoptResult extends PlanResult {
  readonly adoption: Adoption;
}

/** The files as read, their texts kept: what is edited is what was parsed. */
export async function readFiles(paths: string[], cwd: string): Promise<{ state: FilesState; files: AdoptFile[] }> {
  const bytes = new Map<string, Uint8Array>();
  const recording: FileSystem = {
    ...nodeFileSystem,
    readFile: async (path) => {
      const read = await nodeFileSystem.readFile(path);
      bytes.set(path, read);
      return read;
    },
  };
  const loaded = await loadDesiredState(paths, cwd, recording);
  if (!loaded.state) {
    await planFiles(paths, cwd, [], 0); // throws the problems as a plan says them
    throw new InternalError('files with problems loaded');
  }
  // The byte-order mark kept (ignoreBOM): the text edited and compared before writing is the file's,
  // byte for byte (write-edits.ts), and the mark is written back as it was.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const files = loaded.files.map((path) => {
    const read = bytes.get(resolve(cwd, path)) ?? readFileSync(resolve(cwd, path));
    return { path, text: decoder.decode(read) };
  });
  return { state: loaded.state, files };
}

const violationKey = (v: PolicyViolation): string => `${v.policy} ${v.target?.id ?? ''} ${v.team?.id ?? ''}`;

/** Whether `v` is about `item`: its target and team (or its team, for a rule of the organization's teams). */
function concerns(v: PolicyViolation, item: DriftItem): boolean {
  switch (item.kind) {
    case 'grant':
      return v.target?.id === item.change.target.id && (v.team === null || v.team.id === item.change.team.id);
    case 'team':
      return v.target === null && v.team?.name === item.change.name;
    case 'member':
      return v.target === null && 'team' in item.change && v.team?.id === item.change.team.id;
    case 'token-policy':
      return false;
  }
}

interface Round {
  readonly adopted: Adopted;
  readonly refused: Map<string, NotAdopted>;
}

/** `files` as a plan of the edited texts takes them. */
export function editedFiles(base: PlanFiles, adopted: Adopted, files: readonly AdoptFile[], now: number): PlanFiles {
  const edited = files.map((f) => ({ path: f.path, text: adopted.adoption.edits.find((e) => e.path === f.path)?.after ?? f.text }));
  const loaded = stateOfTexts(edited);
  if ('problems' in loaded) {
    const first = loaded.problems[0];
    throw new InternalError(`drift --adopt wrote files that do not validate: ${first?.file ?? ''}:${first?.line ?? ''}: ${first?.message ?? ''}`);
  }
  return { ...base, desired: desiredAt(loaded.state, now) };
}

export async function adoptFromFiles(unclocked: AdoptRequest): Promise<AdoptResult> {
  const request = withClock(unclocked);
  const { run, read } = request;
  return underControl(run, async (control) => {
    const { state, files } = await readFiles(request.paths, request.cwd);
    const selection = parseTargets(read.targets ?? [], state);
    selectTargets(state, selection); // a --target the files do not manage fails here, as a plan's does
    const base: PlanFiles = { paths: request.paths, desired: desiredAt(state, run.now), targets: EVERY_TARGET };
    const result = await withClient(request.connection, control, async (client) => {
      // A team the token may simply not see stays in the plan, to be listed as not visible (not refused: the rest is adopted).
      const { reads, result: read0 } = await planAndReads(client, base, { ...read, targets: [], keepUnseenTeams: true }, run);
      // docs/drift.md, "Who changed it": the items as drift names them, before they are adopted.
      const { audit, connection } = request;
      const drift = audit === undefined ? read0 : { ...read0, plan: await attributed(read0.plan, { audit, connection, now: run.now }, client, control) };
      const adoption = adoptAgainst(reads, drift, { base, state, files, selectors: selection.selectors }, run);
      // The ways out printed after the edits repeat --target (docs/drift.md, "Adopt"): the revert applies what was adopted, no more.
      return { ...drift, adoption: (read.targets ?? []).length > 0 ? { ...adoption, targets: [...(read.targets ?? [])] } : adoption };
    });
    if (request.write !== false && result.adoption.edits.length > 0) writeEdits(request.cwd, result.adoption.edits, run.signal);
    return result;
  });
}

interface AdoptFrom {
  readonly base: PlanFiles;
  readonly state: FilesState;
  readonly files: readonly AdoptFile[];
  readonly selectors: readonly { readonly type: 'project' | 'workspace'; readonly name: string }[];
}

/** The items adopted, proven by a plan of the edited files against the same reads. */
function adoptAgainst(reads: RunReads, drift: PlanResult, from: AdoptFrom, run: ClockedRun): Adoption {
  const items = driftItemsOf(drift.plan);
  const { pruned } = drift;
  // The plans in memory check the policies on the access after them, as `plan` does.
  const after: PlanAsk = { now: run.now, effectiveChanges: false, policyState: 'after', keepUnseenTeams: true };
  const hasPolicies = (from.state.policies ?? []).length > 0;
  // What the files break already, unedited: only a violation the edits bring is theirs.
  const before = hasPolicies ? new Set(planAgain(from.base, reads, after, 'drift --adopt').plan.violations?.map(violationKey)) : new Set<string>();
  const unseen = notVisible(items, drift);
  let round: Round = { adopted: adopt({ ...from, items, pruned, refused: unseen }), refused: unseen };
  for (let i = 0; i < MAX_ROUNDS && round.adopted.adoption.edits.length > 0; i++) {
    const replan = planAgain(editedFiles(from.base, round.adopted, from.files, run.now), reads, after, 'drift --adopt');
    const brought = (replan.plan.violations ?? []).filter((v) => !before.has(violationKey(v)));
    const refused = new Map(round.refused);
    for (const item of round.adopted.items) {
      const broken = brought.find((v) => concerns(v, item));
      if (broken) refused.set(driftItemKey(item), { item, reason: 'policy', detail: `the files' policy ${broken.policy} would refuse it` });
    }
    if (refused.size === round.refused.size) {
      proveClean(round.adopted.items, replan);
      return round.adopted.adoption;
    }
    round = { adopted: adopt({ ...from, items, pruned, refused }), refused };
  }
  if (round.adopted.adoption.edits.length > 0) throw new InternalError('drift --adopt: the policies kept refusing adopted items');
  return round.adopted.adoption;
}

/** The team an item is about, by name (an invitation: each team it names). */
function teamsOfItem(item: DriftItem): readonly string[] {
  switch (item.kind) {
    case 'grant':
      return [item.change.team.name];
    case 'team':
      return [item.change.name];
    case 'member':
      return 'team' in item.change ? [item.change.team.name] : 'teams' in item.change ? item.change.teams.map((t) => t.name) : [];
    case 'token-policy':
      return [];
  }
}

/**
 * Issue 36, Build 1: the items a partial read cannot prove (diff/unseen.ts): about a team of the files
 * the token does not see, which may exist as a secret team. Never adopted: taking the team or its
 * grants out of the files would be the token's blindness written down.
 */
function notVisible(items: readonly DriftItem[], drift: PlanResult): Map<string, NotAdopted> {
  const unseen = new Map(unseenTeamsOf(drift.desired.teams, drift.live).map((t) => [t.name, t] as const));
  const out = new Map<string, NotAdopted>();
  for (const item of items) {
    const team = teamsOfItem(item).find((name) => unseen.has(name));
    if (team !== undefined)
      out.set(driftItemKey(item), { item, reason: 'not-visible', detail: `${unseenTeamReason({ name: team })}; adopt with ${WHOLE_TEAMS_TOKEN}` });
  }
  return out;
}

/** Every adopted item is gone from the plan of the edited files; one left is a bug of adopt, said before anything is written. */
export function proveClean(adopted: readonly DriftItem[], replan: PlanResult): void {
  const left = new Set(driftItemsOf(replan.plan).map(driftItemKey));
  const still = adopted.find((item) => left.has(driftItemKey(item)));
  if (still) throw new InternalError(`drift --adopt: the edited files still differ from live access in ${driftItemKey(still)}`);
}
