// resolve -> expand (docs/architecture.md, "The pipeline"): pure functions over the organization as
// read (src/lookup/ reads it): the names matched (src/resolve/) and the sets expanded (src/expand/).
// A use case that has read the organization already (report) runs them over what it read.
import type { FilesState } from '../core/desired-state.js';
import type { OrganizationRead } from '../core/organization.js';
import { CLIError } from '../errors.js';
import { type Expanded, expandSets } from '../expand/expand.js';
import type { NameProblem } from '../resolve/check-names.js';
import { resolveNames } from '../resolve/resolve-names.js';
import { nameProblemsError } from './name-problems.js';
import { EVERY_TARGET, selectExpanded, type TargetSelection } from './targets.js';

/** resolve + expand, the problems of every name collected, not thrown: a use case adds its own (the policies') before it fails. */
export interface Collected {
  readonly expanded: Expanded;
  readonly nameProblems: readonly NameProblem[];
}

/** resolve + expand over the organization as read, whatever names are missing (a partial resolution expands as well). */
export function collectNames(desired: FilesState, org: OrganizationRead): Collected {
  const { resolved, problems } = resolveNames(desired, org);
  // The files' teams as the organization spells them, when one differs only by Unicode normalisation.
  const expanded = expandSets(resolved.desired ?? desired, resolved);
  return { expanded, nameProblems: [...problems, ...(expanded.nameProblems ?? [])] };
}

/**
 * The expansion, or one error naming every name problem of the run (the resolver's, the sets', and
 * `more`: the policies'), then one naming the sets' conflicts; the targets selected by `--target`.
 */
export function settle({ expanded, nameProblems }: Collected, targets: TargetSelection = EVERY_TARGET, more: readonly NameProblem[] = []): Expanded {
  const names = [...nameProblems, ...more];
  if (names.length > 0) throw nameProblemsError(names);
  if (expanded.problems.length > 0) {
    const head = expanded.problems.length === 1 ? 'The sets have a problem' : `The sets have ${expanded.problems.length} problems`;
    throw new CLIError(`${head}:\n${expanded.problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const selected = selectExpanded(expanded.desired, expanded.resolved, targets);
  return { ...expanded, ...selected };
}

/**
 * resolve + expand over the organization as read: the targets to read, the sets merged with the
 * entries (src/expand/), or one error naming every problem. The grants that have ended are the
 * files' own (pipeline/disk/files.ts decided them, core/expiry.ts: desiredAt).
 */
export function expandedOver(desired: FilesState, org: OrganizationRead, targets: TargetSelection = EVERY_TARGET): Expanded {
  return settle(collectNames(desired, org), targets);
}
