// The progress line and the notices that interrupt it (issue "Evidence", the terminal: the progress
// line was not cleared before a notice, which then shared its line).
import { describe, expect, it } from 'vitest';
import type { IO } from './io.js';
import { noticeLine, progress } from './progress.js';

const CLEAR = '\r\u001b[K';

function terminal(): { io: IO; err: () => string } {
  let err = '';
  const io: IO = { stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, env: {}, isTTY: true, stderrIsTTY: true, cwd: '/' };
  return { io, err: () => err };
}

describe('a notice during progress', () => {
  it('clears the progress line first, and the line comes back at the next update', () => {
    const { io, err } = terminal();
    const bar = progress(io, 'Reading live access');
    bar.update(1, 3);
    noticeLine(io, 'the server allows 10 requests per second');
    bar.update(2, 3);
    bar.done();
    expect(err()).toBe(
      `${CLEAR}Reading live access: 1/3${CLEAR}tfe-access: the server allows 10 requests per second\n${CLEAR}Reading live access: 2/3${CLEAR}`,
    );
  });

  it('with no progress line shown (none yet, or done), is its line alone', () => {
    const { io, err } = terminal();
    noticeLine(io, 'first');
    const bar = progress(io, 'Reading');
    bar.update(1, 1);
    bar.done();
    noticeLine(io, 'after');
    expect(err()).toBe(`tfe-access: first\n${CLEAR}Reading: 1/1${CLEAR}tfe-access: after\n`);
  });

  it('without a terminal on stderr there is no progress line to clear', () => {
    const { io, err } = terminal();
    const plain = { ...io, stderrIsTTY: false };
    progress(plain, 'Reading').update(1, 2);
    noticeLine(plain, 'note');
    expect(err()).toBe('tfe-access: note\n');
  });
});
