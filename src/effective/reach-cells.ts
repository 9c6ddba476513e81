// Each cell's "reaches through" entries (docs/effective-access.md, "Indirect access"): the questions
// of `report --can varset: | outputs: | agent-pool: | stack:` asked the other way round. Every
// object's walk (reach.ts) gives the workspaces that lead to it; on each, a team's cell follows the
// lead by the same one answer (`verdict`) `--can` asks, so an entry here is a holder there. What the
// walks could not see is the report's coverage (`indirect-unread`, said once with the derived
// rows' gaps of the same read). Pure.
import { findQuestion, type ReachGap } from '../core/can.js';
import type { AccessSource, ReachThrough } from '../core/effective.js';
import { REACH_KINDS, type ReachKind, type ReachVia } from '../core/indirect.js';
import { compareText } from '../core/order.js';
import { type CanSubject, canSubjects, verdict } from './can.js';
import { type Lead, QUESTION_OF, type ReachInput, stackSources, walkOf } from './reach.js';

/** A lead to a named object. */
interface NamedLead extends Lead {
  readonly kind: ReachKind;
  readonly name: string;
}

export interface CellReaches {
  /** Each cell's entries, by `cellKey`; a cell that reaches nothing has none. */
  readonly byCell: ReadonlyMap<string, readonly ReachThrough[]>;
  /** What the walks could not see, each once (empty: nothing); core/derived.ts `indirectUnreadOf` says it as coverage. */
  readonly gaps: readonly ReachGap[];
}

export const cellKey = (c: { readonly team: { readonly id: string }; readonly target: { readonly type: string; readonly id: string } }): string =>
  `${c.team.id}\u0000${c.target.type}\u0000${c.target.id}`;

/** The names each walk of a kind starts from: absent when its list was not read. */
function namesOf(kind: Exclude<ReachKind, 'stack'>, input: ReachInput): readonly string[] | undefined {
  if (kind === 'varset') return input.indirect.varsets?.map((v) => v.name);
  if (kind === 'agent-pool') return input.indirect.pools?.map((p) => p.name);
  return input.workspaces.map((w) => w.name);
}

const LIST_OF = { varset: 'varsets', 'agent-pool': 'agent-pools' } as const;

const addGap = (gaps: Map<string, ReachGap>, gap: ReachGap): void => {
  gaps.set(JSON.stringify(gap), gap);
};

/** Every lead of every object of the first three kinds, by workspace; the producer's own readers are its grants, not an entry. */
function leadsByWorkspace(input: ReachInput, gaps: Map<string, ReachGap>): Map<string, NamedLead[]> {
  const out = new Map<string, NamedLead[]>();
  for (const kind of ['varset', 'outputs', 'agent-pool'] as const) {
    const names = namesOf(kind, input);
    if (!names) {
      if (kind !== 'outputs') addGap(gaps, { reason: 'not-listed', list: LIST_OF[kind] });
      continue;
    }
    for (const name of new Set(names)) {
      const walk = walkOf({ kind, name }, input);
      if (!walk || 'unknownName' in walk) continue;
      for (const gap of walk.gaps) addGap(gaps, gap);
      for (const lead of walk.leads) {
        if (lead.edge === 'own') continue;
        const list = out.get(lead.workspaceId) ?? [];
        list.push({ ...lead, kind, name });
        out.set(lead.workspaceId, list);
      }
    }
  }
  return out;
}

type Found = { readonly uses: ReachVia['uses']; readonly known: boolean; readonly sources: readonly AccessSource[] } | undefined;

/** How a cell follows a lead: the first of its `uses` the cell allows, else the first not known (followLeads in reach.ts). */
function follow(subject: CanSubject, lead: Lead, memo: Map<string, ReturnType<typeof verdict>>): Found {
  const answers = lead.uses.map((uses) => {
    if (!memo.has(uses)) memo.set(uses, verdict(findQuestion(QUESTION_OF[uses]) ?? fail(uses), subject));
    return { uses, found: memo.get(uses) };
  });
  const yes = answers.find((a) => a.found?.answer === 'yes');
  const made = yes ?? answers.find((a) => a.found?.answer === 'unknown');
  return made?.found ? { uses: made.uses, known: yes !== undefined, sources: made.found.sources } : undefined;
}

function fail(uses: string): never {
  throw new Error(`no who-can question for ${uses}`);
}

/** A workspace cell's entries: its leads grouped by kind, edge, how the cell follows them and whether that is known. */
function workspaceEntries(subject: CanSubject, leads: readonly NamedLead[]): ReachThrough[] {
  const memo = new Map<string, ReturnType<typeof verdict>>();
  const groups = new Map<string, { entry: Omit<ReachThrough, 'names'>; names: Set<string> }>();
  for (const lead of leads) {
    const found = follow(subject, lead, memo);
    if (!found) continue;
    const key = `${lead.kind}\u0000${lead.edge}\u0000${found.uses}\u0000${found.known}`;
    const group = groups.get(key) ?? {
      entry: { kind: lead.kind, via: { uses: found.uses, edge: lead.edge }, sources: found.sources, ...(found.known ? {} : { known: false as const }) },
      names: new Set<string>(),
    };
    group.names.add(lead.name);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({ ...g.entry, names: [...g.names].sort(compareText) }));
}

/** A project cell's entry: the Stacks of the project, when the cell's access there is a fixed role. */
function stackEntries(subject: CanSubject, stacksOf: ReadonlyMap<string, string[]>): ReachThrough[] {
  const names = stacksOf.get(subject.target.id);
  const sources = stackSources(subject.cell?.sources ?? []);
  if (!names || sources.length === 0) return [];
  return [{ kind: 'stack', names: [...names].sort(compareText), via: { uses: 'project-role', edge: 'project' }, sources }];
}

const order = (a: ReachThrough, b: ReachThrough): number =>
  REACH_KINDS.indexOf(a.kind) - REACH_KINDS.indexOf(b.kind) ||
  compareText(a.via.edge, b.via.edge) ||
  compareText(a.via.uses, b.via.uses) ||
  Number(a.known === false) - Number(b.known === false);

/** docs/effective-access.md, "Indirect access": each cell's "reaches through" entries, and what the walks could not see. */
export function reachesOfCells(input: ReachInput): CellReaches {
  const gaps = new Map<string, ReachGap>();
  const leads = leadsByWorkspace(input, gaps);
  const stacks = input.indirect.stacks;
  if (!stacks) addGap(gaps, { reason: 'not-listed', list: 'stacks' });
  const stacksOf = new Map<string, string[]>();
  for (const s of stacks ?? []) stacksOf.set(s.projectId, [...(stacksOf.get(s.projectId) ?? []), s.name]);
  const byCell = new Map<string, ReachThrough[]>();
  for (const subject of canSubjects(input.can, [])) {
    const entries = subject.target.type === 'workspace' ? workspaceEntries(subject, leads.get(subject.target.id) ?? []) : stackEntries(subject, stacksOf);
    if (entries.length > 0) byCell.set(cellKey(subject), entries.sort(order));
  }
  return { byCell, gaps: [...gaps.values()] };
}
