// plan --changed-from REF (docs/plan.md, "Scoped plans"): what a change of the files touches, as the
// difference of two desired states (REF's files and the files given), both loaded and validated
// offline. Roles, defaults and each entry's prune are already in a target's grants there, so a role
// changed once is every target whose grants it moves (fan-out). What changes the meaning of every
// target (settings, the policies' own files, a set, the organization) widens the plan to the full
// one, as does a change above MAX_SCOPED_TARGETS, each saying why. Pure.
import type { ChangedFrom } from '../core/coverage.js';
import { MAX_SCOPED_TARGETS } from '../core/defaults.js';
import type { FilesState } from '../core/desired-state.js';
import { type EntryTarget, OWNERS_TEAM, type TargetType } from '../core/model.js';
import { compareText } from '../core/order.js';
import type { TargetSelector } from './targets.js';

/** What the change touches, or why the plan must be the full one. */
export type Affected =
  | {
      readonly kind: 'scoped';
      /** The targets whose desired state differs (or that the files' sets now decide alone), sorted by `type:name`. */
      readonly targets: readonly TargetSelector[];
      /** The teams of `teams:` whose desired state differs, by name, sorted. */
      readonly teams: readonly string[];
      readonly tokenPolicy: boolean;
    }
  | { readonly kind: 'full'; readonly reason: string };

/** Where a value was written is no part of what it means: a line moved is no change. */
const POSITIONS = new Set(['source', 'matchSources', 'ignoreTeamSources', 'organizationSource']);

/** A value's meaning as text: positions dropped, maps as their entries, keys in the order the loader builds them. */
export function meaning(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (POSITIONS.has(key)) return undefined;
    if (v instanceof Map) return [...v.entries()];
    if (v instanceof Set) return [...v.values()];
    return v;
  });
}

const keyOf = (t: { readonly type: TargetType; readonly name: string }): string => `${t.type}:${t.name}`;

/** The settings' keys whose values differ. */
function settingsChanged(base: FilesState, head: FilesState): string[] {
  const keys = new Set([...Object.keys(base.settings), ...Object.keys(head.settings)]);
  const at = (s: FilesState['settings'], k: string): string => meaning((s as unknown as Record<string, unknown>)[k]);
  const changed = [...keys].filter((k) => !POSITIONS.has(k) && at(base.settings, k) !== at(head.settings, k));
  // As the files write them (`max-removals`), not as the model names them.
  return changed.map((k) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).sort(compareText);
}

/** Why the change governs every target, if it does: the first reason found, in the order of the files' sections. */
function widening(base: FilesState, head: FilesState): string | undefined {
  if (base.organization !== head.organization) return `the organization changed (${base.organization} to ${head.organization})`;
  const settings = settingsChanged(base, head);
  if (settings.length > 0) return `settings changed (${settings.join(', ')}): settings govern every target`;
  if (head.settings.pruneTeams === true) return 'settings.prune-teams is on: every team the token sees is governed by the files';
  if (head.settings.prunePeople === true) return 'settings.prune-people is on: every person of the organization is governed by the files';
  if (meaning(base.policies ?? []) !== meaning(head.policies ?? [])) return 'the policies changed: a policy governs every target it selects';
  const sets = changedNames(base.sets ?? [], head.sets ?? [], (s) => `${s.type}:${s.name}`);
  if (sets.length > 0) return `a set changed (${sets.join(', ')}): which targets it matches is known only from the organization's whole lists`;
  const ended = (head.sets ?? []).filter((s) => (s.expired ?? []).length > 0).map((s) => s.name);
  if (ended.length > 0) return `a grant of a set has ended (${ended.join(', ')}): it leaves every target the set matches`;
  return undefined;
}

/** The names (by `key`) of the items that differ between the two lists, either way. */
function changedNames<T>(base: readonly T[], head: readonly T[], key: (item: T) => string): string[] {
  const before = new Map(base.map((item) => [key(item), meaning(item)]));
  const after = new Map(head.map((item) => [key(item), meaning(item)]));
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort(compareText);
}

/**
 * The targets the change touches: an entry whose meaning differs or is new, one with a grant ended
 * (the plan removes it: core/expiry.ts), and one no longer written that a set of its kind may still
 * decide. An entry taken out with no set of its kind is no longer managed: no plan touches it.
 */
function touchedTargets(base: FilesState, head: FilesState): TargetSelector[] {
  const before = new Map(base.targets.map((t) => [keyOf(t), meaning(t)]));
  const setKinds = new Set((head.sets ?? []).map((s) => s.type));
  const changed = head.targets.filter((t) => before.get(keyOf(t)) !== meaning(t) || (t.expired ?? []).length > 0);
  const headKeys = new Set(head.targets.map(keyOf));
  const left = base.targets.filter((t) => !headKeys.has(keyOf(t)) && setKinds.has(t.type));
  const all = new Map([...changed, ...left].map((t: EntryTarget) => [keyOf(t), { type: t.type, name: t.name }] as const));
  return [...all].sort((a, b) => compareText(a[0], b[0])).map(([, s]) => s);
}

/** The teams of `teams:` the change touches: new, or written differently (a team taken out is no longer managed). */
function touchedTeams(base: FilesState, head: FilesState): string[] {
  const before = new Map((base.teams ?? []).map((t) => [t.name, meaning(t)]));
  return (head.teams ?? [])
    .filter((t) => before.get(t.name) !== meaning(t))
    .map((t) => t.name)
    .sort(compareText);
}

/** What the change from `base` to `head` touches (both at the run's clock), or why the plan is the full one. */
export function affectedOf(base: FilesState, head: FilesState, limit: number = MAX_SCOPED_TARGETS): Affected {
  const wide = widening(base, head);
  if (wide !== undefined) return { kind: 'full', reason: wide };
  const targets = touchedTargets(base, head);
  if (targets.length > limit) return { kind: 'full', reason: `the change touches ${targets.length} targets, more than ${limit}` };
  const tokenPolicy = meaning(base.tokenPolicy ?? null) !== meaning(head.tokenPolicy ?? null) && head.tokenPolicy !== undefined;
  return { kind: 'scoped', targets, teams: touchedTeams(base, head), tokenPolicy };
}

/** `head` narrowed to what the change touches: its entries, its teams and its token policy; sets and policies stay (the plan narrows after expansion). */
export function scopedFiles(head: FilesState, affected: Extract<Affected, { kind: 'scoped' }>): FilesState {
  const keys = new Set(affected.targets.map(keyOf));
  const teams = new Set(affected.teams);
  const { tokenPolicy: _tokenPolicy, teams: _teams, ...rest } = head;
  const kept = (head.teams ?? []).filter((t) => teams.has(t.name));
  return {
    ...rest,
    targets: head.targets.filter((t) => keys.has(keyOf(t))),
    ...(kept.length > 0 ? { teams: kept } : {}),
    ...(affected.tokenPolicy && head.tokenPolicy ? { tokenPolicy: head.tokenPolicy } : {}),
  };
}

/**
 * A saved plan's scope (core/coverage.ts ChangedFrom) back into what it touched: `apply --plan FILE
 * PATHS` narrows the files so to check they are still those planned from (docs/apply.md, "Saved plans").
 */
export function affectedOfScope(changedFrom: ChangedFrom): Affected {
  if (!changedFrom.scoped) return { kind: 'full', reason: changedFrom.reason ?? '' };
  const targets = changedFrom.targets.map((t): TargetSelector => {
    const at = t.indexOf(':');
    return { type: t.slice(0, at) as TargetType, name: t.slice(at + 1) };
  });
  return { kind: 'scoped', targets, teams: [...changedFrom.teams], tokenPolicy: changedFrom.tokenPolicy };
}

/** How many team names one filtered list takes at most (a page): more, and the whole list costs no more. */
const NAMES_PER_LIST = 100;

/**
 * The teams a scoped plan looks up by name (`filter[names]`), or undefined for the whole list: every
 * team the narrowed files name (grants, sets, `teams:` and their former names, ignore-teams) and the
 * owners (who the token is); the whole list when a policy is kept (it reads every team) or the names
 * are more than a page.
 */
export function teamNamesOf(files: FilesState): readonly string[] | undefined {
  if ((files.policies ?? []).length > 0) return undefined;
  const grants = [...files.targets, ...(files.sets ?? [])].flatMap((t) => [...t.grants, ...(t.expired ?? [])]);
  const names = new Set([
    OWNERS_TEAM,
    ...grants.map((g) => g.team),
    ...(files.teams ?? []).flatMap((t) => [t.name, ...t.previously]),
    ...files.settings.ignoreTeams,
  ]);
  return names.size > NAMES_PER_LIST ? undefined : [...names].sort(compareText);
}
