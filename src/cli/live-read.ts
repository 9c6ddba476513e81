// The live read of a command that only reads (report, export): under a progress line, stopped by
// the first SIGINT or SIGTERM with one line saying what was `undone` (reading-stop.ts), asked in the
// pieces every use case takes (pipeline/run/request.ts).
import type { ClockedRun, ReadChoices, RunConnection } from '../pipeline/run/request.js';
import { type ConnectionFlags, requestPieces } from './common-flags.js';
import type { IO } from './io.js';
import { progress } from './progress.js';
import { stoppableRead } from './reading-stop.js';

export interface ReadPieces {
  readonly connection: RunConnection;
  readonly run: ClockedRun;
  readonly read: ReadChoices;
}

/** `use` reads with the pieces of `flags`; `run` adds to the run (report: the collection after loading). */
export function withLiveRead<T>(
  io: IO,
  flags: ConnectionFlags,
  undone: string,
  use: (pieces: ReadPieces) => Promise<T>,
  run: Partial<ClockedRun> = {},
): Promise<T> {
  const bar = progress(io, 'Reading live access');
  return stoppableRead(
    io,
    undone,
    (done, total) => bar.update(done, total),
    async ({ signal, onProgress }) => {
      try {
        const pieces = requestPieces(io, flags);
        return await use({ ...pieces, run: { ...pieces.run, signal, onProgress, ...run } });
      } finally {
        bar.done();
      }
    },
  );
}
