// Names in a DesiredState -> ids, over the organization as read (core/organization.ts; the reads are
// src/lookup/'s). Pure. Team names are found exactly, case included, but are unique without case
// (docs/api.md, "Name resolution": a team to create in another case is a problem, team-case.ts); a
// name found only after Unicode NFC is found with a warning (check-names.ts); every other problem
// is collected, with near misses when the whole list was read, and a pinned id that disagrees or
// names a renamed target is said. The caller throws them all at once (problems.ts).

import type { FilesState } from '../core/desired-state.js';
import type { EntryTarget, Project, Workspace } from '../core/model.js';
import { NameIndex } from '../core/names.js';
import { NOT_VISIBLE } from '../core/not-found.js';
import type { OrganizationRead } from '../core/organization.js';
import type { PlanWarning } from '../core/plan.js';
import { quote } from '../core/printable.js';
import type { Resolved, ResolvedTarget } from '../core/resolved.js';
import { didYouMean } from '../core/suggest.js';
import { checkName, checkTeams, type NameProblem, noFindings, withTeamsAsNamed } from './check-names.js';
import { plannedTeams } from './planned-teams.js';
import { caseOnlyProblems } from './team-case.js';

export interface NameResolution {
  /** The targets found, with what resolution warns of (names found only after normalisation). */
  readonly resolved: Resolved;
  /** Every name the organization does not have as written: the run fails with all of them. */
  readonly problems: readonly NameProblem[];
}

type Named = Project | Workspace;

interface Known {
  readonly byName: ReadonlyMap<string, Named>;
  /** Everything listed (near misses come from it), when the whole list was read. */
  readonly all?: readonly Named[];
  /** Targets found by their pinned id after their name was not (to say "renamed?"). */
  readonly byPinnedId?: ReadonlyMap<string, Named>;
}

/** A target whose name differs from one listed only by Unicode normalisation: that one, with a warning (check-names.ts). */
function normalised(target: EntryTarget, known: Known, warnings: PlanWarning[]): Named | undefined {
  // Only a whole list can say a name is there in another normalisation (a workspace looked up by its name is not).
  const listed = known.all ?? [];
  const findings = noFindings();
  const name = checkName({ kind: target.type, name: target.name, source: target.source }, new NameIndex(listed.map((x) => x.name)), NOT_VISIBLE, findings);
  if (name === undefined) return undefined;
  warnings.push(...findings.warnings);
  return listed.find((x) => x.name === name);
}

/** The target the name (and pinned id) finds, or a problem: missing (with near misses), or a pinned id that disagrees. */
function match(target: EntryTarget, known: Known, problems: NameProblem[], warnings: PlanWarning[]): Named | undefined {
  const { byName, all } = known;
  const found = byName.get(target.name) ?? normalised(target, known, warnings);
  const what = `${target.type} ${quote(target.name)}`;
  const problem = (message: string): undefined => void problems.push(target.source ? { source: target.source, message } : { message });
  if (found && target.id && found.id !== target.id) return problem(`${what} is pinned to id ${target.id}, but the service gives that name to ${found.id}.`);
  if (found) return found;
  const pinned = target.id ? (all?.find((x) => x.id === target.id) ?? known.byPinnedId?.get(target.id)) : undefined;
  const renamed = pinned ? ` Its pinned id ${target.id} is now named ${quote(pinned.name)}: renamed?` : '';
  return problem(
    `${what}: ${NOT_VISIBLE}.${renamed}${
      all
        ? didYouMean(
            target.name,
            all.map((x) => x.name),
          )
        : ''
    }`,
  );
}

const byName = (list: readonly Named[]): Map<string, Named> => new Map(list.map((x) => [x.name, x]));

/** What the names of each kind are matched against. */
function knownOf(org: OrganizationRead): { project: Known; workspace: Known } {
  const workspaces = org.allWorkspaces ? { all: org.workspaces } : { byPinnedId: new Map(org.pinned.map((w) => [w.id, w])) };
  return { project: { byName: byName(org.projects), all: org.projects }, workspace: { byName: byName(org.workspaces), ...workspaces } };
}

/** Every target and team the files name, matched against what was read; the problems of those not found. */
export function resolveNames(desired: FilesState, org: OrganizationRead): NameResolution {
  const { teams } = org;
  const findings = noFindings();
  const { problems, warnings } = findings;
  // Teams of `teams:` the plan creates or renames are named by the files before the service has them.
  const plan = desired.teams ? plannedTeams(desired.teams, teams) : undefined;
  if (desired.teams && plan) problems.push(...caseOnlyProblems(desired.teams, plan, teams));
  const planned = plan ? plan.byName : new Map(teams.map((t) => [t.name, t]));
  const named = withTeamsAsNamed(desired, checkTeams(desired, [...planned.values()], findings));
  const known = knownOf(org);
  const targets: ResolvedTarget[] = [];
  for (const target of named.targets) {
    const found = match(target, known[target.type], problems, warnings);
    if (!found) continue;
    // The workspace's project, for the effective-access warnings of the plan.
    const projectId = 'projectId' in found ? found.projectId : undefined;
    targets.push({ type: target.type, id: found.id, name: target.name, desired: target, ...(projectId ? { projectId } : {}) });
  }
  const more = {
    ...(org.allWorkspaces ? { workspaces: org.workspaces } : {}),
    ...(org.catalog ? { catalog: org.catalog } : {}),
    ...(named === desired ? {} : { desired: named }),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
  return { resolved: { organization: org.organization, teams, teamsByName: planned, targets, ...more }, problems };
}
