// The conformance suites' samples (../shared/api/samples, which CI has): the suites that compare
// the emulator's answers with them run where the folder is; where it is not, one test says loudly
// that nothing was compared, and proves the folder is missing rather than skipping in silence.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

export interface SamplesGuard {
  readonly samples: string;
  /** The describe title of the suite that would compare them. */
  readonly title: string;
  /** What the warning names: `team conformance`, and the answers not compared: `team answers`. */
  readonly what: string;
  readonly answers: string;
}

/** `checks()` (the suites that compare) where the samples are; else the one test that says they were not compared. */
export function withSamples(guard: SamplesGuard, checks: () => void): void {
  if (existsSync(guard.samples)) return checks();
  describe(guard.title, () => {
    it(`is NOT CHECKED: the samples folder ${guard.samples} does not exist here (it does in CI)`, () => {
      console.warn(`${guard.what}: ${guard.samples} is missing; the emulator's ${guard.answers} were not compared with the samples.`);
      expect(existsSync(guard.samples)).toBe(false);
    });
  });
}
