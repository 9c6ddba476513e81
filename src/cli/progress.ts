// Progress on stderr whenever stderr is a terminal, whatever stdout is (README, "Output and
// colour"). One line rewritten in place; on TERM=dumb, which knows no cursor codes, a plain line at
// every tenth of the way instead.
import type { IO } from './io.js';
import { isDumbTerminal } from './terminal.js';

export interface Progress {
  /** `text` defaults to `LABEL: done/total`. */
  update(done: number, total: number, text?: string): void;
  /** Clears the line (unless `keep`, where the last line stays). */
  done(): void;
}

const SILENT: Progress = { update() {}, done() {} };
const CLEAR_LINE = '\r\u001b[K';
const STEPS = 10;

/** `keep`: the last line stays on the screen (apply's count of changes made). */
export function progress(io: IO, label: string, options: { keep?: boolean } = {}): Progress {
  if (!io.stderrIsTTY) return SILENT;
  const textOf = (done: number, total: number, text?: string): string => text ?? `${label}: ${done}/${total}`;
  return isDumbTerminal(io.env) ? plainLines(io, textOf) : rewrittenLine(io, textOf, options.keep === true);
}

// The line each IO shows now, as its clearer: a notice clears it before its own line (noticeLine).
const shownLines = new WeakMap<IO, () => void>();

function rewrittenLine(io: IO, textOf: (done: number, total: number, text?: string) => string, keep: boolean): Progress {
  let shown = false;
  const clear = (): void => {
    if (shown) io.stderr.write(CLEAR_LINE);
    shown = false;
    if (shownLines.get(io) === clear) shownLines.delete(io);
  };
  return {
    update(done, total, text) {
      const last = keep && done >= total;
      io.stderr.write(`${CLEAR_LINE}${textOf(done, total, text)}${last ? '\n' : ''}`);
      shown = !last;
      if (shown) shownLines.set(io, clear);
    },
    done: clear,
  };
}

/**
 * One line of notice on stderr (`tfe-access: ...`), the progress line cleared first so the two never
 * share a line; the progress line comes back at its next update.
 */
export function noticeLine(io: IO, line: string): void {
  shownLines.get(io)?.();
  io.stderr.write(`tfe-access: ${line}\n`);
}

function plainLines(io: IO, textOf: (done: number, total: number, text?: string) => string): Progress {
  let step = -1;
  return {
    update(done, total, text) {
      const now = total <= 0 ? STEPS : Math.floor((done * STEPS) / total);
      if (now <= step) return;
      step = now;
      io.stderr.write(`${textOf(done, total, text)}\n`);
    },
    done() {},
  };
}
