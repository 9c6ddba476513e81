// A small seeded generator (mulberry32): the same seed gives the same organization on every machine
// and Node version, so a benchmark figure can be compared with an earlier one. Not for secrets.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  below(n: number): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n) => Math.floor(next() * n) };
}

/** `count` distinct integers in [0, n), in the order drawn; count <= n. */
export function distinct(random: Random, n: number, count: number): number[] {
  if (count > n) throw new RangeError(`cannot draw ${count} distinct values below ${n}`);
  const chosen = new Set<number>();
  // Rejection is cheap here: count is a handful, n is hundreds or thousands.
  while (chosen.size < count) chosen.add(random.below(n));
  return [...chosen];
}
