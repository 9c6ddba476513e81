// Indirect access (docs/effective-access.md, "Indirect access"): who reaches a variable set, a
// workspace's outputs, an agent pool or a Stack through the edges that are not team grants. Each
// answer is a walk over what was read: the workspaces an edge leads from, then on each the teams
// whose access there makes them reachable, asked through the one who-can answer (`verdict`), so a
// source that gives `runs:plan` here is the source `--can runs:plan` names. Pure.
import { type CanAnswer, type CanHolder, findQuestion, type ReachGap } from '../core/can.js';
import type { AccessSource } from '../core/effective.js';
import type { IndirectRead, ProjectReachRead, ReachQuestion, ReachVia, WorkspaceReachRead } from '../core/indirect.js';
import { byTypeThenName, compareText } from '../core/order.js';
import { type CanInput, type CanSubject, canSubjects, namedPeople, notTheirs, verdict } from './can.js';

/** A workspace of the organization, with its project. */
export interface ReachWorkspace {
  readonly id: string;
  readonly name: string;
  readonly projectId?: string;
}

export interface ReachInput {
  /** Who-can's input over the cells shown (effective/can.ts). */
  readonly can: CanInput;
  readonly indirect: IndirectRead;
  /** Every workspace of the organization (names and projects), the ones shown or not. */
  readonly workspaces: readonly ReachWorkspace[];
  /** Whether the token sees every workspace (else the consumers lists leave some out). */
  readonly seesEveryWorkspace: boolean;
}

/** The answer, or the names the question could have meant when none of its kind has that name. */
export type ReachResult = { readonly answer: CanAnswer } | { readonly unknownName: readonly string[] };

/** A workspace that leads to what was asked, and what a team must do there to follow it. */
export interface Lead {
  readonly workspaceId: string;
  readonly edge: ReachVia['edge'];
  /** In order of preference: the first the team's access allows is how it reaches. */
  readonly uses: readonly ('runs' | 'variables' | 'outputs')[];
}

export const QUESTION_OF = { runs: 'runs:plan', variables: 'variables:read', outputs: 'state-versions:read-outputs' } as const;

/** What the walk found before the teams: the leads and what it could not see. */
export interface Walk {
  readonly leads: readonly Lead[];
  readonly gaps: readonly ReachGap[];
}

type Walker = (name: string, input: ReachInput) => Walk | { readonly unknownName: readonly string[] };

const notListed = (list: Extract<ReachGap, { reason: 'not-listed' }>['list']): Walk => ({ leads: [], gaps: [{ reason: 'not-listed', list }] });

/** The sets named so, and the workspaces each applies to: global, on the workspace, or on its project. */
function varsetWalk(name: string, input: ReachInput): ReturnType<Walker> {
  const sets = input.indirect.varsets;
  if (!sets) return notListed('varsets');
  const named = sets.filter((v) => v.name === name);
  if (named.length === 0) return { unknownName: sets.map((v) => v.name) };
  const leads: Lead[] = [];
  const gaps: ReachGap[] = [];
  for (const set of named) {
    const short = (set.workspaceCount ?? 0) > set.workspaceIds.length || (set.projectCount ?? 0) > set.projectIds.length;
    if (short) gaps.push({ reason: 'relationship-short', varset: set.name });
    const onWorkspace = new Set(set.workspaceIds);
    const onProject = new Set(set.projectIds);
    for (const w of input.workspaces) {
      const edge = set.global
        ? 'global'
        : onWorkspace.has(w.id)
          ? 'workspace'
          : w.projectId !== undefined && onProject.has(w.projectId)
            ? 'project'
            : undefined;
      if (edge) leads.push({ workspaceId: w.id, edge, uses: ['runs', 'variables'] });
    }
  }
  return { leads, gaps };
}

/** The consumers of the producer: every other workspace, every other of its project, or the listed ones; and the producer's own readers. */
function outputsWalk(name: string, input: ReachInput): ReturnType<Walker> {
  const producer = input.workspaces.find((w) => w.name === name);
  if (!producer) return { unknownName: input.workspaces.map((w) => w.name) };
  const own: Lead = { workspaceId: producer.id, edge: 'own', uses: ['outputs'] };
  const settings = input.indirect.workspaces?.find((r) => r.workspaceId === producer.id);
  if (!settings) return { leads: [own], gaps: [{ reason: 'not-listed', list: 'workspaces' }] };
  const partial: ReachGap[] = input.seesEveryWorkspace ? [] : [{ reason: 'partial-token' }];
  const others = input.workspaces.filter((w) => w.id !== producer.id);
  const consumers = consumersOf(settings, producer, others);
  if (!consumers) return { leads: [own], gaps: [{ reason: 'consumers-not-read', workspace: producer.name }, ...partial] };
  return { leads: [own, ...consumers.map((w) => ({ workspaceId: w.id, edge: consumers.edge, uses: ['runs'] as const }))], gaps: partial };
}

function consumersOf(settings: WorkspaceReachRead, producer: ReachWorkspace, others: readonly ReachWorkspace[]) {
  if (settings.globalRemoteState) return Object.assign([...others], { edge: 'global-remote-state' as const });
  if (settings.projectRemoteState)
    return Object.assign(
      others.filter((w) => w.projectId === producer.projectId),
      { edge: 'project-remote-state' as const },
    );
  if (!settings.consumerIds) return undefined;
  const listed = new Set(settings.consumerIds);
  return Object.assign(
    others.filter((w) => listed.has(w.id)),
    { edge: 'consumer' as const },
  );
}

/** The workspaces that run on the pool's agents. */
function poolWalk(name: string, input: ReachInput): ReturnType<Walker> {
  const pools = input.indirect.pools;
  if (!pools) return notListed('agent-pools');
  const named = new Set(pools.filter((p) => p.name === name).map((p) => p.id));
  if (named.size === 0) return { unknownName: pools.map((p) => p.name) };
  const settings = input.indirect.workspaces;
  if (!settings) return notListed('workspaces');
  const projects = new Map((input.indirect.projects ?? []).map((p) => [p.id, p]));
  const onAgents = settings.map((s) => executionOf(s, projects)).filter((e) => e.mode === 'agent');
  const leads = onAgents
    .filter((e) => e.poolId !== undefined && named.has(e.poolId))
    .map((e) => ({ workspaceId: e.workspaceId, edge: e.edge, uses: ['runs'] as const }));
  const nameOf = new Map(input.workspaces.map((w) => [w.id, w.name]));
  const unnamed = onAgents.filter((e) => e.poolId === undefined).map((e) => nameOf.get(e.workspaceId) ?? e.workspaceId);
  return { leads, gaps: unnamed.length > 0 ? [{ reason: 'pool-not-named', workspaces: unnamed }] : [] };
}

/**
 * Where a workspace's runs execute: its own setting, or (`setting-overwrites.execution-mode` false)
 * its project's `default-execution-mode` and `default-agent-pool` when the project list carried them
 * (docs/api.md, "Indirect access"); a pool the workspace names wins over the project's.
 */
function executionOf(s: WorkspaceReachRead, projects: ReadonlyMap<string, ProjectReachRead>) {
  const project = s.inheritsExecution && s.projectId !== undefined ? projects.get(s.projectId) : undefined;
  if (project?.defaultExecutionMode === undefined || s.agentPoolId !== undefined)
    return { workspaceId: s.workspaceId, mode: s.executionMode, poolId: s.agentPoolId, edge: 'execution' as const };
  return { workspaceId: s.workspaceId, mode: project.defaultExecutionMode, poolId: project.defaultAgentPoolId, edge: 'project-default' as const };
}

const WALKERS: Readonly<Record<Exclude<ReachQuestion['kind'], 'stack'>, Walker>> = {
  varset: varsetWalk,
  outputs: outputsWalk,
  'agent-pool': poolWalk,
};

const key = (h: CanHolder): string => `${h.team.id}\u0000${h.target.id}`;

/** The subjects on each workspace, by id. */
function subjectsByWorkspace(input: ReachInput): Map<string, CanSubject[]> {
  const out = new Map<string, CanSubject[]>();
  for (const subject of canSubjects(input.can, [])) {
    if (subject.target.type !== 'workspace') continue;
    out.set(subject.target.id, [...(out.get(subject.target.id) ?? []), subject]);
  }
  return out;
}

/** On each lead, each team whose access there follows it: the first of its `uses` that answers yes (or, failing all, the first not known). */
function followLeads(walk: Walk, input: ReachInput): { holders: CanHolder[]; unknown: CanHolder[] } {
  const bySubject = subjectsByWorkspace(input);
  const holders = new Map<string, CanHolder>();
  const unknown = new Map<string, CanHolder>();
  for (const lead of walk.leads) {
    for (const subject of bySubject.get(lead.workspaceId) ?? []) {
      if (notTheirs(input.can, subject.team)) continue;
      const holder = (sources: readonly AccessSource[], uses: ReachVia['uses']): CanHolder => ({
        team: subject.team,
        target: subject.target,
        sources,
        ...namedPeople(input.can, subject.team),
        via: { uses, edge: lead.edge },
      });
      const answers = lead.uses.map((uses) => ({ uses, found: verdict(findQuestion(QUESTION_OF[uses]) ?? fail(uses), subject) }));
      const yes = answers.find((a) => a.found?.answer === 'yes');
      const maybe = answers.find((a) => a.found?.answer === 'unknown');
      const made = yes ?? maybe;
      if (!made?.found) continue;
      const target = yes ? holders : unknown;
      const h = holder(made.found.sources, made.uses);
      if (!target.has(key(h))) target.set(key(h), h);
    }
  }
  for (const k of holders.keys()) unknown.delete(k);
  return { holders: [...holders.values()].sort(byHolder), unknown: [...unknown.values()].sort(byHolder) };
}

function fail(uses: string): never {
  throw new Error(`no who-can question for ${uses}`);
}

const byHolder = (a: CanHolder, b: CanHolder): number =>
  byTypeThenName(a.target, b.target) || compareText(a.target.id, b.target.id) || compareText(a.team.name, b.team.name);

/** A Stack: every team whose access on its project is a fixed role (owners, an organization power, a project grant not custom); a custom grant gives none. */
function stackAnswer(question: ReachQuestion, input: ReachInput): ReachResult {
  const stacks = input.indirect.stacks;
  if (!stacks) return { answer: { question: `stack:${question.name}`, holders: [], unknown: [], gaps: [{ reason: 'not-listed', list: 'stacks' }] } };
  const named = stacks.filter((s) => s.name === question.name);
  if (named.length === 0) return { unknownName: stacks.map((s) => s.name) };
  const projects = new Set(named.map((s) => s.projectId));
  const holders: CanHolder[] = [];
  for (const subject of canSubjects(input.can, [])) {
    if (subject.target.type !== 'project' || !projects.has(subject.target.id) || notTheirs(input.can, subject.team)) continue;
    const shown = subject.cell?.sources ?? [];
    const fixed = stackSources(shown);
    if (fixed.length === 0) continue;
    holders.push({
      team: subject.team,
      target: subject.target,
      sources: fixed,
      ...namedPeople(input.can, subject.team),
      via: { uses: 'project-role', edge: 'project' },
    });
  }
  return { answer: { question: `stack:${question.name}`, holders: holders.sort(byHolder), unknown: [], gaps: [] } };
}

/** The walk of a question of the first three kinds (for a Stack: none): its leads and gaps, or the names of its kind when none has that name (reach-cells.ts). */
export function walkOf(question: ReachQuestion, input: ReachInput): ReturnType<Walker> | undefined {
  return question.kind === 'stack' ? undefined : WALKERS[question.kind](question.name, input);
}

/** The sources of a project cell that carry to its Stacks: the owners, an organization power, a project grant that is not custom (stackAnswer). */
export const stackSources = (shown: readonly AccessSource[]): AccessSource[] =>
  shown.filter((s) => s.kind === 'owners' || s.kind === 'organization' || (s.kind === 'project' && s.access !== 'custom'));

/** The workspaces that lead to what the question names (absent: it names no object of what was read): what a policy's check needs the grants of. */
export function leadingWorkspaces(question: ReachQuestion, indirect: IndirectRead, workspaces: readonly ReachWorkspace[]): string[] {
  if (question.kind === 'stack') return [];
  const can: CanInput = { cells: [], sourcesOf: () => [], teams: [], targets: [] };
  const walk = WALKERS[question.kind](question.name, { can, indirect, workspaces, seesEveryWorkspace: true });
  return 'unknownName' in walk ? [] : [...new Set(walk.leads.map((l) => l.workspaceId))];
}

/** Whether a policy's walk saw everything: false for a name none of its kind has, or a walk with gaps (what a plan's coverage says). */
export function walkedWhole(question: ReachQuestion, indirect: IndirectRead, workspaces: readonly ReachWorkspace[], seesEveryWorkspace: boolean): boolean {
  if (question.kind === 'stack') return indirect.stacks !== undefined;
  const can: CanInput = { cells: [], sourcesOf: () => [], teams: [], targets: [] };
  const walk = WALKERS[question.kind](question.name, { can, indirect, workspaces, seesEveryWorkspace });
  return !('unknownName' in walk) && walk.gaps.length === 0;
}

/** docs/effective-access.md, "Indirect access": the answer of `--can varset:NAME | outputs:WORKSPACE | agent-pool:NAME | stack:NAME`. */
export function reachAnswer(question: ReachQuestion, input: ReachInput): ReachResult {
  if (question.kind === 'stack') return stackAnswer(question, input);
  const walk = WALKERS[question.kind](question.name, input);
  if ('unknownName' in walk) return walk;
  const { holders, unknown } = followLeads(walk, input);
  return { answer: { question: `${question.kind}:${question.name}`, holders, unknown, gaps: walk.gaps } };
}
