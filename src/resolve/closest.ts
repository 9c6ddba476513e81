// Near misses for names that do not exist: a different case first, then small edit distances.
// Pure, for "did you mean" in resolution errors.
import { quote } from '../core/printable.js';

/** At most this many suggestions per unknown name. */
export const MAX_SUGGESTIONS = 3;
/** An edit distance up to a third of the name (at least 1) counts as a near miss. */
const distanceLimit = (name: string): number => Math.max(1, Math.floor(name.length / 3));

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

export function closestNames(name: string, candidates: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    // A case-only difference ranks first (team names are exact and case-sensitive).
    const score = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase()) + 1;
    if (score === 0 || score - 1 <= distanceLimit(name)) scored.push({ candidate, score });
  }
  scored.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.candidate);
}

/** ` Did you mean "a" or "b"?`, or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const close = closestNames(name, candidates).map((c) => quote(c));
  if (close.length === 0) return '';
  const list = close.length === 1 ? close[0] : `${close.slice(0, -1).join(', ')} or ${close[close.length - 1]}`;
  return ` Did you mean ${list}?`;
}
