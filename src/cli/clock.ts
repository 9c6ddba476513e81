// The clock a command judges expiries by (docs/files.md, "Grants that expire"). Apart from io.ts, so that
// `--help` loads no date parsing.
import { parseExpiry } from '../core/expiry.js';
import { printable } from '../core/printable.js';
import { CLIError } from '../errors.js';
import type { IO } from './io.js';

/**
 * The time of the run, read once by a command: `io.now`, else TFE_ACCESS_NOW (an RFC 3339 time; for
 * tests that spawn the CLI, docs/files.md, "Grants that expire"), else the system clock.
 */
export function clockOf(io: IO): number {
  if (io.now) return io.now();
  const fixed = io.env.TFE_ACCESS_NOW;
  if (fixed === undefined || fixed === '') return Date.now();
  // A date alone would mean the end of that day (as `expires:` does): a clock is a time.
  const parsed = fixed.length > 10 ? parseExpiry(fixed) : undefined;
  if (!parsed || 'error' in parsed)
    throw new CLIError(`TFE_ACCESS_NOW "${printable(fixed)}" is not an RFC 3339 time (2026-12-01T18:00:00Z); unset it to use the system clock.`);
  return Date.parse(parsed.at);
}
