// docs/effective-access.md, "Indirect access": the report's read of the edges (on by default,
// `--no-indirect` leaves it out) and what it adds: each cell's "reaches through" entries, the
// answer of a `--can varset: | outputs: | agent-pool: | stack:` question, and the coverage reason
// `indirect-unread` for what the read could not see. The workspace and project lists are the
// report's own (read once).
import type { TfeClient } from '../../api/client.js';
import type { IndirectListsRead } from '../../api/indirect.js';
import type { CanAnswer, ReachGap } from '../../core/can.js';
import { type IndirectRead, type ReachQuestion, reachQuestionName } from '../../core/indirect.js';
import type { OrganizationRead } from '../../core/organization.js';
import type { Report } from '../../core/report.js';
import { didYouMean } from '../../core/suggest.js';
import type { EffectiveIndex } from '../../effective/compute.js';
import { type ReachInput, reachAnswer } from '../../effective/reach.js';
import { cellKey, reachesOfCells } from '../../effective/reach-cells.js';
import { CLIError } from '../../errors.js';
import { canInputOf } from './report-facts.js';

/** What the report read that the edges need: the organization's lists (with each workspace's settings when the list carried them) and whether the token sees every workspace. */
export interface ReachRead {
  readonly org: OrganizationRead;
  readonly reach?: IndirectListsRead;
  readonly seesEveryWorkspace: boolean;
}

/** The edges, the workspace and project lists taken from the report's read when it has them. */
export function readEdges(client: TfeClient, read: ReachRead, concurrency: number): Promise<IndirectRead> {
  return client.readIndirect(read.org.organization, concurrency, read.reach);
}

const inputOf = (report: Report, index: EffectiveIndex, read: ReachRead, indirect: IndirectRead): ReachInput => ({
  can: canInputOf(report, index),
  indirect,
  workspaces: read.org.workspaces,
  seesEveryWorkspace: read.seesEveryWorkspace,
});

/** The report's cells with their entries, and what the walks could not see (the coverage says it once, with the derived rows' gaps). */
export function withReaches(report: Report, index: EffectiveIndex, read: ReachRead, indirect: IndirectRead): { report: Report; gaps: readonly ReachGap[] } {
  const { byCell, gaps } = reachesOfCells(inputOf(report, index, read, indirect));
  const cells = report.cells.map((cell) => {
    const reaches = byCell.get(cellKey(cell));
    return reaches ? { ...cell, reaches } : cell;
  });
  return { report: { ...report, cells }, gaps };
}

const REACH_WORDS: Readonly<Record<ReachQuestion['kind'], string>> = {
  varset: 'variable set',
  outputs: 'workspace',
  'agent-pool': 'agent pool',
  stack: 'Stack',
};

/**
 * The answer of a question of indirect access; a name none of its kind has is one line naming the
 * near misses. Complete only when the team access it starts from is: a partial read (a token that
 * does not see every team) is one more gap, never "nobody else".
 */
export function reachQuestionAnswer(
  question: ReachQuestion,
  over: { report: Report; index: EffectiveIndex; read: ReachRead; indirect: IndirectRead; complete: boolean },
): CanAnswer {
  const { org } = over.read;
  const result = reachAnswer(question, inputOf(over.report, over.index, over.read, over.indirect));
  if ('answer' in result) {
    const { answer } = result;
    return over.complete ? answer : { ...answer, gaps: [...(answer.gaps ?? []), { reason: 'access-partial' }] };
  }
  throw new CLIError(
    `--can ${reachQuestionName(question)}: no ${REACH_WORDS[question.kind]} named ${JSON.stringify(question.name)} that the token can see in "${org.organization}".${didYouMean(question.name, result.unknownName)}`,
  );
}
