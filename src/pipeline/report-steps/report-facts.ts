// The report's grant facts (docs/evidence.md, "Correct cells"): what the desired-state files say
// of each live grant, from the files expanded over the organization as read (the same functions a
// plan runs), and the moot grants; and the answer of `--can`. The pure part is effective/grant-facts.ts.

import type { CanAnswer, CanCellAnswers, CanQuestion } from '../../core/can.js';
import type { PowerAnswer } from '../../core/can-power.js';
import type { EffectiveCell } from '../../core/effective.js';
import type { Report } from '../../core/report.js';
import { type CanInput, everyAnswer, type TeamPeople, whoCan } from '../../effective/can.js';
import { whoHolds } from '../../effective/can-power.js';
import type { EffectiveIndex } from '../../effective/compute.js';
import { type FilesGrants, grantKey, withGrantFacts } from '../../effective/grant-facts.js';
import type { Expanded } from '../../expand/expand.js';
import { grantEnds } from '../../policy/ends.js';

/** What the files give, prune and leave alone, by team and target id; and when they end each grant. */
export function filesGrants({ resolved, desired: expanded }: Expanded): FilesGrants {
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

/** What who-can asks of the report (effective/can.ts): the cells, teams and targets shown; by person, who is in each team. */
export function canInputOf(report: Report, index: EffectiveIndex): CanInput {
  const people = report.people?.people.filter((p) => p.status === 'active');
  const unlisted = report.people?.unlisted ?? [];
  const inTeam = (teamId: string) => (m: { teams: readonly { id: string }[] }) => m.teams.some((t) => t.id === teamId);
  const peopleOf =
    people &&
    ((teamId: string): TeamPeople => ({
      people: people.filter(inTeam(teamId)).map((p) => p.email),
      serviceAccounts: unlisted.filter((m) => m.kind === 'service-account' && inTeam(teamId)(m)).map((m) => m.name),
      hidden: unlisted.filter((m) => m.kind === 'hidden' && inTeam(teamId)(m)).map((m) => m.name),
    }));
  const sourcesOf = (cell: EffectiveCell) => index.sourcesOf(cell.team.id, cell.target.type, cell.target.id);
  const targets = [
    ...report.projects.map((p) => ({ type: 'project' as const, name: p.name, id: p.id })),
    ...report.workspaces.map((w) => ({ type: 'workspace' as const, name: w.name, id: w.id })),
  ];
  // --person: only the teams of the people asked hold it for them (docs/evidence.md, "Who can").
  const onlyTheirs = (report.scope.people ?? []).length > 0;
  return { cells: report.cells, sourcesOf, teams: report.teams, targets, ...(peopleOf ? { peopleOf } : {}), ...(onlyTheirs ? { onlyTheirs } : {}) };
}

/** docs/evidence.md, "Who can": over the cells shown; by person, each holder with the people shown who hold it through the team. */
export function canAnswer(question: CanQuestion, report: Report, index: EffectiveIndex): CanAnswer {
  return whoCan(question, canInputOf(report, index));
}

/** docs/evidence.md, "Who holds an organization power": over the teams shown; by person, each holder with the people shown in the team. */
export function powerAnswer(power: string, report: Report, index: EffectiveIndex): PowerAnswer {
  const { teams, peopleOf, onlyTheirs } = canInputOf(report, index);
  return whoHolds(power, { teams, ...(peopleOf ? { peopleOf } : {}), ...(onlyTheirs ? { onlyTheirs } : {}) });
}

/** Every question's answers, for the HTML's who-can control: the same computation as `canAnswer`. */
export function canAnswers(report: Report, index: EffectiveIndex): CanCellAnswers[] {
  return everyAnswer(canInputOf(report, index));
}
