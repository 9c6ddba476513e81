// Derived access (docs/evidence.md, "Derived rows"): every team that reaches a variable set, the
// outputs of a workspace, an agent pool or a Stack through indirect access, as rows: each answer
// of effective/reach.ts's one walk, asked of every object the edges list. A producer's own readers
// hold a grant on it (a direct row), so only the rows through an edge are derived. Pure.
import type { CanHolder, ReachGap } from '../core/can.js';
import type { DerivedAccess, DerivedRow } from '../core/derived.js';
import type { ReachQuestion } from '../core/indirect.js';
import { type ReachInput, reachAnswer } from './reach.js';

/** Every object the edges name, as questions; a producer only when its state may be read by another workspace. */
function questionsOf(input: ReachInput): ReachQuestion[] {
  const { varsets, pools, stacks, workspaces } = input.indirect;
  const names = (kind: ReachQuestion['kind'], list: readonly { name: string }[] | undefined): ReachQuestion[] =>
    [...new Set((list ?? []).map((o) => o.name))].map((name) => ({ kind, name }));
  const sharing = (workspaces ?? []).filter((w) => w.globalRemoteState || w.projectRemoteState || w.consumerIds?.length !== 0);
  const producers = input.workspaces.filter((w) => sharing.some((s) => s.workspaceId === w.id));
  return [...names('varset', varsets), ...names('outputs', producers), ...names('agent-pool', pools), ...names('stack', stacks)];
}

/** The gaps of a list not given at all: its questions cannot be asked, so they are said here once. */
function unlisted(input: ReachInput): ReachGap[] {
  const lists = [
    ['varsets', input.indirect.varsets],
    ['agent-pools', input.indirect.pools],
    ['stacks', input.indirect.stacks],
    ['workspaces', input.indirect.workspaces],
  ] as const;
  return lists.filter(([, list]) => list === undefined).map(([list]) => ({ reason: 'not-listed', list }));
}

const rowOf =
  (reaches: ReachQuestion, answer: DerivedRow['answer']) =>
  (holder: CanHolder): DerivedRow | undefined =>
    holder.via && holder.via.edge !== 'own'
      ? { team: holder.team, target: holder.target, reaches, via: holder.via, answer, sources: holder.sources }
      : undefined;

/** Every derived row, in the order asked (sets, outputs, pools, Stacks; each answer's own order), and every gap once. */
export function derivedAccess(input: ReachInput): DerivedAccess {
  const rows: DerivedRow[] = [];
  const gaps = new Map<string, ReachGap>(unlisted(input).map((g) => [JSON.stringify(g), g]));
  for (const question of questionsOf(input)) {
    const result = reachAnswer(question, input);
    if (!('answer' in result)) continue;
    const { holders, unknown, gaps: found = [] } = result.answer;
    for (const row of [...holders.map(rowOf(question, 'yes')), ...unknown.map(rowOf(question, 'unknown'))]) if (row) rows.push(row);
    for (const gap of found) gaps.set(JSON.stringify(gap), gap);
  }
  return { rows, gaps: [...gaps.values()] };
}
