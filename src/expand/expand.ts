// The expand stage, between resolve and read live (docs/architecture.md, "The pipeline"): each set
// matched against the organization as read (src/lookup/catalog.ts), merged with the
// entries (merge.ts), into the targets the plan reads and diffs. Pure. Files without sets pass
// through unchanged.

import type { DesiredState, FilesState } from '../core/desired-state.js';
import type { DesiredSet, DesiredTarget, EntryTarget, Project, SourceRef, TargetType, Workspace } from '../core/model.js';
import { byTypeThenName } from '../core/order.js';
import type { PlanWarning } from '../core/plan.js';
import { quote } from '../core/printable.js';
import type { Resolved, ResolvedTarget } from '../core/resolved.js';
import { namesTags } from '../core/set-criteria.js';
import type { NameProblem } from '../resolve/check-names.js';
import { projectMatches, workspaceMatches } from './match.js';
import { mergeTarget, pruneOf, type SetConflict } from './merge.js';
import { checkSelectors } from './selectors.js';

export interface Expanded {
  /** The desired state with every matched target, entries and sets merged. */
  readonly desired: DesiredState;
  /** The targets to read: the entries' and the sets'. */
  readonly resolved: Resolved;
  readonly warnings: readonly PlanWarning[];
  /** Conflicts and unknown project names: the plan fails with all of them. */
  readonly problems: readonly string[];
  /** The names of `problems` (the selectors'), as values: what a use case reports with the other stages' names, in one run. */
  readonly nameProblems?: readonly NameProblem[];
}

const at = (source: SourceRef | undefined): string => (source ? `${source.file}:${source.line}:${source.col}: ` : '');

function describeAccess(conflict: SetConflict['first']): string {
  const { access, role } = conflict.grant;
  return role === undefined ? access.access : `${access.access} (role ${role})`;
}

const named = (set: DesiredSet): string => `${quote(set.name)}${set.source ? ` (${set.source.file}:${set.source.line}:${set.source.col})` : ''}`;

export function describeConflict(conflict: SetConflict): string {
  const { target, team, first, second } = conflict;
  return `${target.type} ${quote(target.name)}: sets ${named(first.set)} and ${named(second.set)} give team ${quote(team)} different grants (${describeAccess(first)}, ${describeAccess(second)}); make them agree, or grant the team in the ${target.type}'s own entry, which overrides both.`;
}

/** The sets' projects, tags and names the organization does not have (selectors.ts), as the plan's problems. */
function selectorFindings(sets: readonly DesiredSet[], resolved: Resolved): { problems: string[]; names: NameProblem[]; warnings: PlanWarning[] } {
  const catalog = resolved.catalog ?? { projects: [], workspaces: [], complete: false, keyValueTags: false };
  const found = checkSelectors(sets, (set) => `${set.type} set ${quote(set.name)}: `, catalog);
  return { problems: found.problems.map((p) => `${at(p.source)}${p.message}`), names: found.problems, warnings: found.warnings };
}

interface Candidate {
  readonly type: TargetType;
  readonly id: string;
  readonly name: string;
  readonly projectId?: string;
  readonly sets: DesiredSet[];
}

/** Every target some set matches, by id, with the sets that match it. */
function matched(sets: readonly DesiredSet[], resolved: Resolved): Map<string, Candidate> {
  const catalog = resolved.catalog;
  const out = new Map<string, Candidate>();
  if (!catalog) return out;
  const projectNames = new Map(catalog.projects.map((p) => [p.id, p.name]));
  const add = (type: TargetType, found: Project | Workspace, set: DesiredSet): void => {
    const projectId = 'projectId' in found ? found.projectId : undefined;
    const candidate = out.get(found.id) ?? { type, id: found.id, name: found.name, ...(projectId ? { projectId } : {}), sets: [] };
    candidate.sets.push(set);
    out.set(found.id, candidate);
  };
  for (const set of sets) {
    if (set.type === 'project') for (const p of catalog.projects) if (projectMatches(set, p)) add('project', p, set);
    if (set.type === 'workspace') for (const w of catalog.workspaces) if (workspaceMatches(set, w, projectNames)) add('workspace', w, set);
  }
  return out;
}

function setWarnings(sets: readonly DesiredSet[], matches: ReadonlyMap<string, Candidate>, resolved: Resolved): PlanWarning[] {
  const used = new Set([...matches.values()].flatMap((c) => c.sets));
  // `allow-empty: true` says an empty match is expected.
  const warnings: PlanWarning[] = sets
    .filter((set) => !used.has(set) && !set.allowEmpty)
    .map((set) => ({
      code: 'set-matches-nothing',
      message: `${set.type} set ${quote(set.name)} matches no ${set.type} of ${quote(resolved.organization)} the token can see.`,
    }));
  const tagged = sets.filter((s) => namesTags(s.match)).map((s) => quote(s.name));
  if (tagged.length > 0 && resolved.catalog?.keyValueTags === false) {
    const message = `the server did not report key-value tags (docs: "Workspace tags"), so the tags of workspace set${tagged.length === 1 ? '' : 's'} ${tagged.join(', ')} matched flat tags only.`;
    warnings.push({ code: 'key-value-tags-not-read', message });
  }
  return warnings;
}

/** The resolved targets and desired state once the sets are expanded; without sets, each entry with its `prune` decided (merge.ts, pruneOf). */
export function expandSets(desired: FilesState, resolved: Resolved): Expanded {
  const sets = desired.sets ?? [];
  const byDefault = desired.settings.prune;
  // Names found only after Unicode normalisation, whose warnings resolution made (resolve/check-names.ts).
  const named = resolved.warnings ?? [];
  if (sets.length === 0)
    return { desired: { ...desired, targets: desired.targets.map((t) => ({ ...t, ...pruneOf(t, [], byDefault) })) }, resolved, warnings: named, problems: [] };
  const matches = matched(sets, resolved);
  const checked = selectorFindings(sets, resolved);
  const problems = checked.problems;
  const targets: (ResolvedTarget & { readonly desired: DesiredTarget })[] = [];
  const merge = (type: TargetType, name: string, entry: EntryTarget | undefined, found: Candidate | undefined): DesiredTarget | undefined => {
    const result = mergeTarget(type, name, entry, found?.sets ?? [], byDefault);
    if ('conflicts' in result) problems.push(...result.conflicts.map(describeConflict));
    return 'target' in result ? result.target : undefined;
  };
  for (const target of resolved.targets) {
    const merged = merge(target.type, target.name, target.desired, matches.get(target.id));
    if (merged) targets.push({ ...target, desired: merged });
  }
  const entries = new Set(resolved.targets.map((t) => t.id));
  for (const found of matches.values()) {
    if (entries.has(found.id)) continue;
    const merged = merge(found.type, found.name, undefined, found);
    if (merged) targets.push({ type: found.type, id: found.id, name: found.name, ...(found.projectId ? { projectId: found.projectId } : {}), desired: merged });
  }
  targets.sort(byTypeThenName);
  return {
    desired: { ...desired, targets: targets.map((t) => t.desired) },
    resolved: { ...resolved, targets },
    warnings: [...named, ...checked.warnings, ...setWarnings(sets, matches, resolved)],
    problems,
    ...(checked.names.length > 0 ? { nameProblems: checked.names } : {}),
  };
}
