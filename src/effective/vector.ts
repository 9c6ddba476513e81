// Permission vectors: the per-permission maximum of several sources, the level a vector is, and
// which way a vector moved. Generic over the access tables: a row added to src/core/access.ts is
// counted without a change here. A value the tables do not allow (a level's "not known", an
// attribute the service did not report) is not known, and never compared.
import { IMPLIED, LEVEL_RANK, type Level, PERMISSIONS, type PermissionSet, type PermissionSpec, type PermissionValue, type Resource } from '../core/access.js';

/** The value as the tables know it, or undefined when it is not one of the values they allow. */
export function known(spec: PermissionSpec, value: unknown): PermissionValue | undefined {
  if (spec.values === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'string' && spec.values.includes(value) ? value : undefined;
}

/** Rank of a known value: the tables list strings in increasing privilege; false < true. */
function rank(spec: PermissionSpec, value: PermissionValue): number {
  if (spec.values === 'boolean') return value === true ? 1 : 0;
  return spec.values.indexOf(value as string);
}

/** The per-permission maximum over `vectors`, in table order; a permission no vector knows is left out. */
export function maximum(resource: Resource, vectors: readonly PermissionSet[]): PermissionSet {
  const out: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[resource]) {
    let best: PermissionValue | undefined;
    for (const vector of vectors) {
      const value = known(spec, vector[spec.key]);
      if (value !== undefined && (best === undefined || rank(spec, value) > rank(spec, best))) best = value;
    }
    if (best !== undefined) out[spec.key] = best;
  }
  return out;
}

/** One source's vector, with the fixed level of the target's table it is, when it is one (nesting: docs/effective-access.md, "Effective access"). */
export interface RankedVector {
  readonly permissions: PermissionSet;
  /** The fixed level of the resource's table this vector is the row of; absent for a custom grant or a merged vector. */
  readonly level?: string;
}

/**
 * True when a source that does not know the permission cannot hold more than `best`: it is a
 * fixed level, and a fixed level of the same table ranked at or above it reports a value no higher
 * than `best` (the fixed levels are nested, so the lower one holds no more than the higher one).
 */
function boundedBy(resource: Resource, spec: PermissionSpec, level: string | undefined, best: PermissionValue): boolean {
  if (level === undefined) return false;
  const ranks = LEVEL_RANK[resource];
  const own = ranks[level];
  if (own === undefined) return false;
  return Object.entries(IMPLIED[resource]).some(([other, row]) => {
    const value = known(spec, row[spec.key]);
    return (ranks[other] ?? -1) >= own && value !== undefined && rank(spec, value) <= rank(spec, best);
  });
}

/** The highest value the table allows for a permission. */
function top(spec: PermissionSpec): PermissionValue {
  return spec.values === 'boolean' ? true : (spec.values[spec.values.length - 1] as string);
}

/**
 * The effective permissions of several sources (docs/effective-access.md, "Effective access"): the
 * per-permission maximum, but only where it is certain. A source that does not know a permission
 * may hide a higher value, unless the known maximum is already the highest one or that source is a
 * fixed level bounded by a higher-or-equal level that reports a value (`boundedBy`); otherwise the
 * permission is left out (not known), never claimed.
 */
export function certainMaximum(resource: Resource, sources: readonly RankedVector[]): PermissionSet {
  const out: Record<string, PermissionValue> = {};
  const highest = maximum(
    resource,
    sources.map((s) => s.permissions),
  );
  for (const spec of PERMISSIONS[resource]) {
    const best = highest[spec.key];
    if (best === undefined) continue;
    const hidden = sources.filter((s) => known(spec, s.permissions[spec.key]) === undefined);
    if (best === top(spec) || hidden.every((s) => boundedBy(resource, spec, s.level, best))) out[spec.key] = best;
  }
  return out;
}

/** True when the two agree on every permission both know. */
function agrees(resource: Resource, a: PermissionSet, b: PermissionSet): boolean {
  return PERMISSIONS[resource].every((spec) => {
    const x = known(spec, a[spec.key]);
    const y = known(spec, b[spec.key]);
    return x === undefined || y === undefined || x === y;
  });
}

/** Fixed levels below admin, highest first: the candidates for a vector no source makes admin. */
function levelsBelowAdmin(resource: Resource): string[] {
  const ranks = LEVEL_RANK[resource];
  return Object.keys(ranks)
    .filter((level) => level !== 'admin')
    .sort((a, b) => (ranks[b] ?? 0) - (ranks[a] ?? 0));
}

/**
 * `admin` when a source gives admin (admin-only powers, such as managing team access, are in no
 * vector); else the fixed level whose implied values equal the vector; else `custom`.
 */
export function levelOf(resource: Resource, permissions: PermissionSet, admin: boolean): Level {
  if (admin) return 'admin';
  for (const level of levelsBelowAdmin(resource)) {
    const row = IMPLIED[resource][level];
    if (row && agrees(resource, row, permissions)) return level as Level;
  }
  return 'custom';
}

/**
 * Which way the vector moved: any permission up, any down. A permission known on one side only
 * (a fixed level's "not known", an unreported key) is not a move: nothing says what it was or is.
 */
export function compare(resource: Resource, before: PermissionSet, after: PermissionSet): { up: boolean; down: boolean } {
  let up = false;
  let down = false;
  for (const spec of PERMISSIONS[resource]) {
    const x = known(spec, before[spec.key]);
    const y = known(spec, after[spec.key]);
    if (x === undefined || y === undefined || x === y) continue;
    if (rank(spec, y) > rank(spec, x)) up = true;
    else down = true;
  }
  return { up, down };
}

/** True when `high` is at least `low` on every permission `low` knows. */
export function atLeast(resource: Resource, high: PermissionSet, low: PermissionSet): boolean {
  return PERMISSIONS[resource].every((spec) => {
    const x = known(spec, low[spec.key]);
    const y = known(spec, high[spec.key]);
    return x === undefined || (y !== undefined && rank(spec, y) >= rank(spec, x));
  });
}

/**
 * True when `others` give at least what `one` gives on every permission, so removing it changes
 * nothing: a fixed level at or above its own (the levels are nested), or on each permission a
 * certain value of theirs at least its own; a permission it does not know, only where theirs is
 * the highest or its level bounds it (`boundedBy`); its lowest value (none, false) on any. Admin-ness
 * is the caller's to compare.
 */
export function covers(resource: Resource, others: readonly RankedVector[], one: RankedVector): boolean {
  const ranks = LEVEL_RANK[resource];
  const own = one.level === undefined ? undefined : ranks[one.level];
  if (own !== undefined && others.some((o) => o.level !== undefined && (ranks[o.level] ?? -1) >= own)) return true;
  const theirs = certainMaximum(resource, others);
  return PERMISSIONS[resource].every((spec) => {
    const held = theirs[spec.key];
    const mine = known(spec, one.permissions[spec.key]);
    // The lowest value (none, false) gives nothing, whatever the others' value: removing it moves nothing.
    if (mine !== undefined && rank(spec, mine) === 0) return true;
    if (held === undefined) return false;
    if (mine !== undefined) return rank(spec, held) >= rank(spec, mine);
    return held === top(spec) || boundedBy(resource, spec, one.level, held);
  });
}

/**
 * Whether a source that does not report `key` may still hold at least `atLeast` there: always for
 * a custom grant; for a fixed level, unless a level at or above it reports a lower value (nesting).
 */
export function mayHold(resource: Resource, key: string, level: string | undefined, atLeast: PermissionValue): boolean {
  const spec = PERMISSIONS[resource].find((s) => s.key === key);
  if (!spec) return false;
  const below = spec.values === 'boolean' ? false : (spec.values[rank(spec, atLeast) - 1] as PermissionValue | undefined);
  // Bounded by a value below the requirement: it cannot reach it.
  return below === undefined || !boundedBy(resource, spec, level, below);
}
