// Progress on stderr, only on a terminal (README, "Commands", output discipline).
import type { IO } from './io.js';

export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const SILENT: Progress = { update() {}, done() {} };

export function progress(io: IO, label: string): Progress {
  if (!io.isTTY) return SILENT;
  let shown = false;
  return {
    update(done, total) {
      shown = true;
      io.stderr.write(`\r${label}: ${done}/${total}`);
    },
    done() {
      if (shown) io.stderr.write('\r\u001b[K');
    },
  };
}
