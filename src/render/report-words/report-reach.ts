// The words of indirect access in `report --can` (docs/effective-access.md, "Indirect access"): what
// each question asks, how a holder reaches it, and what an answer could not see.
import type { CanHolder, ReachGap } from '../../core/can.js';
import type { EffectiveCell, ReachThrough } from '../../core/effective.js';
import { type ReachKind, type ReachVia, reachQuestionOf } from '../../core/indirect.js';
import { listName, reportSourcesText, reportSourceText } from './report-source.js';

const ASKS: Readonly<Record<ReachKind, (name: string) => string>> = {
  varset: (n) =>
    `use the values of variable set ${listName(n)}: its runners read every value, sensitive ones included; variables: read shows the non-sensitive ones`,
  outputs: (n) => `read the outputs of workspace ${listName(n)}: its own readers, and who queues runs on a workspace that may read its state`,
  'agent-pool': (n) => `run code on the agents of pool ${listName(n)}: who queues runs on a workspace that runs there`,
  stack: (n) => `act on Stack ${listName(n)}: a fixed role on its project (a custom project grant gives none)`,
};

/** What an indirect question asks, or undefined for another question. */
export function reachDescription(question: string): string | undefined {
  const asked = reachQuestionOf(question);
  return asked && ASKS[asked.kind](asked.name);
}

const USES: Readonly<Record<ReachVia['uses'], string>> = {
  runs: 'queues runs there',
  variables: "reads the workspace's variables (the non-sensitive values)",
  outputs: 'reads the outputs there',
  'project-role': 'a fixed role on the project',
};

const EDGES: Readonly<Record<ReachVia['edge'], string>> = {
  global: 'the set is global',
  workspace: 'the set is applied to the workspace',
  project: "applied to or in the workspace's project",
  'global-remote-state': 'the producer shares its state with every workspace',
  'project-remote-state': 'the producer shares its state with its project',
  consumer: 'a remote-state consumer of the producer',
  own: 'the producer itself',
  execution: "its runs execute on the pool's agents",
  'project-default': "its runs execute on the pool's agents, its project's default",
};

/** How a holder reaches it: `through: queues runs there (the set is global)`. */
export function viaWords(holder: CanHolder): string {
  if (!holder.via) return '';
  const edge = holder.via.uses === 'project-role' ? 'the Stack is in the project' : EDGES[holder.via.edge];
  return `through: ${USES[holder.via.uses]} (${edge})`;
}

const LISTS: Readonly<Record<Extract<ReachGap, { reason: 'not-listed' }>['list'], string>> = {
  varsets: 'variable sets',
  'agent-pools': 'agent pools',
  stacks: 'Stacks',
  workspaces: "workspaces' sharing and execution",
};

/** One gap of an indirect answer in words. */
export function gapWords(gap: ReachGap): string {
  switch (gap.reason) {
    case 'not-listed':
      return `the list of ${LISTS[gap.list]} was not given to the token (404 or 403), or this server has none: nothing through it is counted`;
    case 'consumers-not-read':
      return `the remote-state consumers of workspace ${listName(gap.workspace)} were not given to the token`;
    case 'relationship-short':
      return `variable set ${listName(gap.varset)} lists fewer workspaces or projects than its counts: some it applies to may be missing`;
    case 'pool-not-named':
      return `${gap.workspaces.length} workspace(s) run on agents of a pool the service does not name (inherited): ${gap.workspaces.map(listName).join(', ')}`;
    case 'partial-token':
      return 'the token does not see every workspace: consumers it cannot read are left out';
    case 'access-partial':
      return 'the team access it starts from was read in part (Partial, above): a team whose grants or teams the token cannot see is not counted';
  }
}

const KIND_WORDS: Readonly<Record<ReachKind, readonly [string, string]>> = {
  varset: ['variable set', 'variable sets'],
  outputs: ['the outputs of workspace', 'the outputs of workspaces'],
  'agent-pool': ['agent pool', 'agent pools'],
  stack: ['Stack', 'Stacks'],
};

/**
 * A cell's "reaches through" entry (docs/effective-access.md, "Indirect access"): `reaches variable
 * set cloud-creds (queues runs there: the set is global; by workspace grant: plan)`. Names are
 * joined with `; ` (a name holding one is quoted), so no `, ` splits an entry from the cell's sources.
 */
export function reachThroughText(entry: ReachThrough, type: EffectiveCell['target']['type']): string {
  const [one, many] = KIND_WORDS[entry.kind];
  const edge = entry.via.uses === 'project-role' ? 'the Stack is in the project' : EDGES[entry.via.edge];
  const by = entry.sources.map((s) => reportSourceText(s, type)).join(' and ');
  const verb = entry.known === false ? 'may reach (not known)' : 'reaches';
  return `${verb} ${entry.names.length === 1 ? one : many} ${entry.names.map(listName).join('; ')} (${USES[entry.via.uses]}: ${edge}; by ${by})`;
}

/** Every source of the cell, then its "reaches through" entries, joined with `, `: what text, CSV and the HTML's titles say. */
export function cellSourcesText(cell: Pick<EffectiveCell, 'target' | 'sources' | 'reaches'>): string {
  return [reportSourcesText(cell), ...(cell.reaches ?? []).map((r) => reachThroughText(r, cell.target.type))].join(', ');
}
