// The report's grant facts (docs/evidence.md, "Correct cells"): what the desired-state files say
// of each live grant, from the files expanded over the organization as read (the same functions a
// plan runs), and the moot grants; and the answer of `--can`. The pure part is effective/grant-facts.ts.
import type { FilesState } from '../core/desired-state.js';
import type { EffectiveCell } from '../core/effective.js';
import type { CanAnswer, CanQuestion } from '../core/can.js';
import type { Report } from '../core/report.js';
import { whoCan } from '../effective/can.js';
import type { EffectiveIndex } from '../effective/compute.js';
import { grantKey, withGrantFacts, type FilesGrants } from '../effective/grant-facts.js';
import { grantEnds } from '../policy/ends.js';
import { expandedOver } from './names.js';
import type { OrganizationRead } from '../core/organization.js';

/** What the files give, prune and leave alone, by team and target id; and when they end each grant. */
export function filesGrants(desired: FilesState, org: OrganizationRead): FilesGrants {
  const { resolved, desired: expanded } = expandedOver(desired, org);
  const listed = new Set<string>();
  const pruned = new Set<string>();
  for (const target of resolved.targets) {
    for (const grant of [...target.desired.grants, ...(target.desired.expired ?? [])]) {
      const team = resolved.teamsByName.get(grant.team);
      if (team) listed.add(grantKey(team.id, target.id));
    }
  }
  // Whether a target prunes is decided where the sets merge (expand/merge.ts): the expanded desired state's targets say it.
  const idOf = new Map(resolved.targets.map((t) => [`${t.type}\u0000${t.name}`, t.id]));
  for (const target of expanded.targets) {
    const id = idOf.get(`${target.type}\u0000${target.name}`);
    if (target.prune && id !== undefined) pruned.add(id);
  }
  const ignored = new Set(expanded.settings.ignoreTeams.flatMap((name) => resolved.teamsByName.get(name)?.id ?? []));
  const ends = new Map(grantEnds(resolved.targets, resolved.teamsByName).map((e) => [grantKey(e.teamId, e.targetId), e.at]));
  return { listed, pruned, ignored, ends };
}

/** Every cell with its grant sources' facts: moot grants always, `managed` and `expires` with files. */
export function cellsWithFacts(index: EffectiveIndex, cells: readonly EffectiveCell[], files: FilesGrants | undefined): EffectiveCell[] {
  return cells.map((cell) => withGrantFacts(cell, index.sourcesOf(cell.team.id, cell.target.type, cell.target.id), files));
}

/** docs/evidence.md, "Who can": over the cells shown; by person, each holder with the people shown who hold it through the team. */
export function canAnswer(question: CanQuestion, report: Report, index: EffectiveIndex): CanAnswer {
  const people = report.people?.people.filter((p) => p.status === 'active');
  const peopleOf = people && ((teamId: string) => people.filter((p) => p.teams.some((t) => t.id === teamId)).map((p) => p.email));
  const sourcesOf = (cell: EffectiveCell) => index.sourcesOf(cell.team.id, cell.target.type, cell.target.id);
  return whoCan(question, { cells: report.cells, sourcesOf, ...(peopleOf ? { peopleOf } : {}) });
}
