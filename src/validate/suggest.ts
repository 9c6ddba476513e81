// "Did you mean": the closest candidate by edit distance, when it is close enough to be a typo.
import { quote } from '../core/printable.js';

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate a typo most likely meant, or undefined when none is close (a third of the word). */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    // A cut-short name (`lock` for `locking`) is as likely a slip as a typo.
    const prefix = word.length >= 3 && candidate.startsWith(word) ? 1 : Number.POSITIVE_INFINITY;
    const distance = candidate.toLowerCase() === word.toLowerCase() ? 0.5 : Math.min(prefix, editDistance(word, candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** `; did you mean "write"?` or an empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const guess = closest(word, candidates);
  return guess === undefined ? '' : `; did you mean ${quote(guess)}?`;
}

/** `a, b or c` */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}
