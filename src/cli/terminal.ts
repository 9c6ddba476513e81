// What the terminals of a run may show (README, "Output and colour"): colour on stdout, progress
// on stderr, each decided by its own stream, so `plan > plan.txt` still shows progress.
import type { IO } from './io.js';

/** FORCE_COLOR values that turn colour off, as Node and the chalk family read them. */
const FORCE_OFF: ReadonlySet<string> = new Set(['0', 'false']);

/** TERM=dumb: a terminal that understands no escape codes (Emacs shells, some CI consoles). */
export function isDumbTerminal(env: IO['env']): boolean {
  return env.TERM === 'dumb';
}

/**
 * Colour on stdout. The first that applies wins: `--no-color`, then NO_COLOR (any non-empty value;
 * no-color.org), then FORCE_COLOR (any value but `0` and `false` forces it on, even into a file or
 * on TERM=dumb; nodejs.org, "FORCE_COLOR"), then a stdout that is a terminal other than TERM=dumb.
 */
export function colorOn(io: Pick<IO, 'env' | 'isTTY'>, noColorFlag: boolean): boolean {
  if (noColorFlag || io.env.NO_COLOR) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return !FORCE_OFF.has(force.toLowerCase());
  return io.isTTY && !isDumbTerminal(io.env);
}
