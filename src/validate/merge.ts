// Several files -> one view: organization, settings, roles and targets, each value with the place
// it came from. Conflicts across files (a team granted twice on one target, a second organization,
// a setting or role defined twice) are problems naming both places. Pure; tolerant of values of the
// wrong type (the schema reports those), so every problem is found in one run.
import type { SourceRef, TargetType } from '../core/model.js';
import { quote } from '../core/printable.js';
import type { LoadedFile } from '../load/document.js';
import type { Segment } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { keyAt, problemAt, relativePlace, valueAt } from './positions.js';

export interface Located {
  readonly value: unknown;
  /** Where the key of the value is. */
  readonly at: SourceRef;
  readonly file: LoadedFile;
  readonly segments: readonly Segment[];
}

export interface MergedTarget {
  readonly type: TargetType;
  readonly name: string;
  readonly at: SourceRef;
  readonly fields: Map<string, Located>;
  readonly grants: Map<string, Located>;
}

/** A set, defined once in one file (a second definition is a problem, as for roles). */
export interface MergedSet {
  readonly type: TargetType;
  readonly name: string;
  /** The whole set: its `match` and `prune` are read from here. */
  readonly item: Located;
  readonly grants: Map<string, Located>;
}

export interface Merged {
  organization?: Located;
  readonly settings: Map<string, Located>;
  readonly roles: { readonly [T in TargetType]: Map<string, Located> };
  readonly targets: Map<string, MergedTarget>;
  readonly sets: { readonly [T in TargetType]: Map<string, MergedSet> };
  /** `policies:` of every file, in file order; a name used twice is a problem. */
  readonly policies: Located[];
  /** `teams:` of every file, by name; a team defined twice is a problem, as a role is. */
  readonly teams: Map<string, Located>;
  /** `review-owners:` of every file, by owner, in file order; an owner defined twice is a problem. */
  readonly reviewOwners: Map<string, Located>;
  /** `roles.organization`, by name. */
  readonly organizationRoles: Map<string, Located>;
  /** `token-policy:` of every file, by key (`max-ttl`, `user-tokens`); a key set in two files is a problem. */
  readonly tokenPolicy: Map<string, Located>;
  /** `dismissals:` of every file, in file order. */
  readonly dismissals: Located[];
  readonly problems: Problem[];
}

export const TARGET_KEYS: { readonly [T in TargetType]: string } = { project: 'projects', workspace: 'workspaces' };
export const SET_KEYS: { readonly [T in TargetType]: string } = { project: 'project-sets', workspace: 'workspace-sets' };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function locate(file: LoadedFile, segments: Segment[], value: unknown): Located {
  return { value, at: keyAt(file, segments), file, segments };
}

/** Adds `item` under `key` unless already there; a second definition is a problem naming the first. */
function once(map: Map<string, Located>, key: string, item: Located, problems: Problem[], rule: string): void {
  const first = map.get(key);
  if (!first) {
    map.set(key, item);
    return;
  }
  problems.push(problemAt(item.at, item.segments, `${rule}; first defined at ${relativePlace(first.at, item.at)}`));
}

function mergeOrganization(merged: Merged, file: LoadedFile, value: unknown): void {
  if (typeof value !== 'string') return;
  const here = locate(file, ['organization'], value);
  if (!merged.organization) {
    merged.organization = here;
  } else if (merged.organization.value !== value) {
    const first = merged.organization;
    const at = valueAt(file, ['organization']);
    const text = `${quote(value)} differs from ${quote(String(first.value))} at ${relativePlace(valueAt(first.file, ['organization']), at)}; one run manages one organization`;
    merged.problems.push(problemAt(at, ['organization'], text));
  }
}

function mergeTargets(merged: Merged, file: LoadedFile, type: TargetType, entries: unknown): void {
  if (!isRecord(entries)) return;
  const plural = TARGET_KEYS[type];
  for (const [name, entry] of Object.entries(entries)) {
    const key = `${type}:${name}`;
    const target = merged.targets.get(key) ?? { type, name, at: keyAt(file, [plural, name]), fields: new Map(), grants: new Map() };
    merged.targets.set(key, target);
    if (!isRecord(entry)) continue;
    for (const field of ['id', 'prune', 'ignore-warnings']) {
      if (field in entry)
        once(target.fields, field, locate(file, [plural, name, field], entry[field]), merged.problems, `"${field}" of ${type} ${quote(name)} is set twice`);
    }
    if (!isRecord(entry.teams)) continue;
    for (const [team, grant] of Object.entries(entry.teams)) {
      const item = locate(file, [plural, name, 'teams', team], grant);
      once(target.grants, team, item, merged.problems, `team ${quote(team)} appears twice for ${type} ${quote(name)}`);
    }
  }
}

function mergeSets(merged: Merged, file: LoadedFile, type: TargetType, entries: unknown): void {
  if (!isRecord(entries)) return;
  const key = SET_KEYS[type];
  for (const [name, entry] of Object.entries(entries)) {
    const item = locate(file, [key, name], entry);
    const first = merged.sets[type].get(name);
    if (first) {
      merged.problems.push(
        problemAt(item.at, item.segments, `${type} set ${quote(name)} is defined twice; first defined at ${relativePlace(first.item.at, item.at)}`),
      );
      continue;
    }
    const grants = new Map<string, Located>();
    if (isRecord(entry) && isRecord(entry.teams)) {
      for (const [team, grant] of Object.entries(entry.teams)) grants.set(team, locate(file, [key, name, 'teams', team], grant));
    }
    merged.sets[type].set(name, { type, name, item, grants });
  }
}

function mergePolicies(merged: Merged, file: LoadedFile, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  entries.forEach((entry: unknown, i) => {
    const item = locate(file, ['policies', i], entry);
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name : undefined;
    const first = name === undefined ? undefined : merged.policies.find((p) => isRecord(p.value) && p.value.name === name);
    if (first) {
      const at = valueAt(file, ['policies', i, 'name']);
      merged.problems.push(
        problemAt(
          at,
          ['policies', i, 'name'],
          `policy ${quote(String(name))} is defined twice; first defined at ${relativePlace(valueAt(first.file, [...first.segments, 'name']), at)}`,
        ),
      );
      return;
    }
    merged.policies.push(item);
  });
}

/** Each key of the mapping at `path`, defined once across the files: a second definition is a problem saying `twice(key)`. */
function mergeNamed(merged: Merged, into: Map<string, Located>, file: LoadedFile, path: Segment[], entries: unknown, twice: (key: string) => string): void {
  if (!isRecord(entries)) return;
  for (const [key, value] of Object.entries(entries)) once(into, key, locate(file, [...path, key], value), merged.problems, twice(key));
}

function mergeRoles(merged: Merged, file: LoadedFile, roles: unknown): void {
  if (!isRecord(roles)) return;
  for (const type of ['project', 'workspace'] as const) {
    mergeNamed(merged, merged.roles[type], file, ['roles', type], roles[type], (name) => `${type} role ${quote(name)} is defined twice`);
  }
  mergeNamed(
    merged,
    merged.organizationRoles,
    file,
    ['roles', 'organization'],
    roles.organization,
    (name) => `organization role ${quote(name)} is defined twice`,
  );
}

function mergeFile(merged: Merged, file: LoadedFile): void {
  const data = file.data;
  if (!isRecord(data)) return;
  mergeOrganization(merged, file, data.organization);
  mergeNamed(merged, merged.settings, file, ['settings'], data.settings, (key) => `settings.${key} is set twice`);
  mergeRoles(merged, file, data.roles);
  mergeNamed(merged, merged.teams, file, ['teams'], data.teams, (name) => `team ${quote(name)} is defined twice under teams`);
  mergeTargets(merged, file, 'project', data.projects);
  mergeTargets(merged, file, 'workspace', data.workspaces);
  mergeSets(merged, file, 'project', data[SET_KEYS.project]);
  mergeSets(merged, file, 'workspace', data[SET_KEYS.workspace]);
  mergePolicies(merged, file, data.policies);
  mergeNamed(merged, merged.reviewOwners, file, ['review-owners'], data['review-owners'], (name) => `review owner ${quote(name)} is defined twice`);
  mergeNamed(merged, merged.tokenPolicy, file, ['token-policy'], data['token-policy'], (key) => `token-policy.${key} is set twice`);
  if (Array.isArray(data.dismissals)) data.dismissals.forEach((entry: unknown, i) => merged.dismissals.push(locate(file, ['dismissals', i], entry)));
}

export function merge(files: readonly LoadedFile[]): Merged {
  const merged: Merged = {
    settings: new Map(),
    roles: { project: new Map(), workspace: new Map() },
    targets: new Map(),
    sets: { project: new Map(), workspace: new Map() },
    policies: [],
    teams: new Map(),
    reviewOwners: new Map(),
    organizationRoles: new Map(),
    tokenPolicy: new Map(),
    dismissals: [],
    problems: [],
  };
  for (const file of files) mergeFile(merged, file);
  return merged;
}
