// Near misses for a word nobody knows (a key, a level, a team, a command, a flag) and the one way a
// message offers them: ` Did you mean "a" or "b"?`, a sentence after the message's own. Pure.

import { compareLocale } from './order.js';
import { quote } from './printable.js';

/** At most this many near misses are offered. */
export const MAX_SUGGESTIONS = 3;

/**
 * An edit distance up to a third of the longer of the two words (at least 1, at most 3) counts as a
 * near miss: a word typed with letters left out (`bling` for `billing`) is measured by the word meant.
 */
const distanceLimit = (word: string, candidate: string): number => Math.max(1, Math.min(3, Math.floor(Math.max(word.length, candidate.length) / 3)));

/**
 * Edit distance with two swapped neighbours as one edit (optimal string alignment), three rows: a
 * swap (`adpot`, `strat`) is the commonest slip of a typist, and plain Levenshtein counts it two.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** How far `candidate` is from `word`: 0 for a case-only difference (names are case-sensitive), else the distance without case. */
function distanceOf(word: string, candidate: string): number {
  const lower = word.toLowerCase();
  const other = candidate.toLowerCase();
  if (other === lower) return 0;
  // A cut-short word (`lock` for `locking`) is as likely a slip as a typo.
  const prefix = lower.length >= 3 && other.startsWith(lower) ? 1 : Number.POSITIVE_INFINITY;
  return Math.min(prefix, editDistance(lower, other));
}

/**
 * The candidates `word` most likely meant: those close enough, at the smallest distance found (a
 * case-only difference beats a typo, one typo beats two), in the locale's order, at most `max`.
 */
export function nearMisses(word: string, candidates: Iterable<string>, max = MAX_SUGGESTIONS): string[] {
  const scored: { candidate: string; distance: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = distanceOf(word, candidate);
    if (distance <= distanceLimit(word, candidate)) scored.push({ candidate, distance });
  }
  const nearest = Math.min(...scored.map((s) => s.distance));
  const tied = scored.filter((s) => s.distance === nearest).map((s) => s.candidate);
  return tied.sort(compareLocale).slice(0, max);
}

/** The one candidate `word` most likely meant, or undefined when none is close. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return nearMisses(word, candidates, 1)[0];
}

/** `a, b or c` */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

/** ` Did you mean "a" or "b"?`, to follow a sentence, or nothing when no candidate is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const close = nearMisses(word, candidates).map((c) => quote(c));
  return close.length === 0 ? '' : ` Did you mean ${orList(close)}?`;
}
