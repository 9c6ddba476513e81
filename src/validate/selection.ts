// A match as the planner reads it, a set's or a policy's (docs/sets.md, "Sets"; docs/effective-access.md, "Policies"): its lists,
// `allow-empty`, and where each value is written, so that a name the organization does not have
// is reported at its own FILE:LINE:COL (resolve/check-names.ts). Pure; called once valid.
import type { MatchSources, Selecting, SetMatch } from '../core/model.js';
import { CRITERION_KEYS } from '../core/set-criteria.js';
import type { LoadedFile } from '../load/document.js';
import type { Segment } from '../load/pointer.js';
import { isRecord } from './merge.js';
import { valueAt } from './positions.js';

/** `value` is the match object; `segments`, the path to it in `file`. */
export function selectionOf(file: LoadedFile, segments: readonly Segment[], value: unknown): Pick<Selecting, 'match' | 'allowEmpty' | 'matchSources'> {
  const given = isRecord(value) ? value : {};
  const match: Record<string, string[]> = {};
  const sources: Record<string, MatchSources[keyof SetMatch]> = {};
  for (const key of CRITERION_KEYS) {
    const list = given[key];
    if (!Array.isArray(list)) continue;
    const kept = list.flatMap((v: unknown, i) => (typeof v === 'string' ? [{ v, i }] : []));
    match[key] = kept.map((k) => k.v);
    sources[key] = kept.map((k) => valueAt(file, [...segments, key, k.i]));
  }
  return { match: match as SetMatch, ...(given['allow-empty'] === true ? { allowEmpty: true } : {}), matchSources: sources as MatchSources };
}
