// What a command that only reads (plan, drift, export, report) says when SIGINT or SIGTERM stops it
// (README, "Exit codes"): one line with how far it read and what it did not do, then exit 130 or
// 143, instead of ending without a word. A second signal ends it at once (interrupt.ts). A closed
// stdout is not a stop here: these commands write their output once, at the end, and then end
// quietly with 141 as before.
import { RunStoppedError } from '../errors.js';
import { InterruptedError } from './interrupt.js';
import type { IO } from './io.js';

export interface ReadingRun {
  /** The caller's stop, for the use case's request. */
  readonly signal: AbortSignal;
  /** The live read's progress: counted here for the line, then passed on. */
  readonly onProgress: (done: number, total: number) => void;
}

interface Read {
  readonly done: number;
  readonly total: number;
}

function howFar(read: Read | undefined): string {
  if (read === undefined) return 'before reading live access';
  if (read.done < read.total) return `while reading live access (${read.done} of ${read.total} read)`;
  return `after reading live access (${read.total} of ${read.total} read)`;
}

/** The line of a run stopped by a signal: `stopped by SIGINT while reading live access (12 of 40 read); no plan was printed.` */
export function stoppedLine(source: string, read: Read | undefined, undone: string): string {
  return `stopped by ${source} ${howFar(read)}; ${undone}.`;
}

/** Runs `run` with a signal the first SIGINT or SIGTERM aborts; a stop becomes the one line. */
export async function stoppableRead<T>(
  io: IO,
  undone: string,
  onProgress: (done: number, total: number) => void,
  run: (reading: ReadingRun) => Promise<T>,
): Promise<T> {
  const stop = new AbortController();
  let read: Read | undefined;
  const unlisten = io.onInterrupt?.((interruption) => {
    if (interruption.source !== 'EPIPE') stop.abort(interruption);
  });
  try {
    return await run({
      signal: stop.signal,
      onProgress: (done, total) => {
        read = { done, total };
        onProgress(done, total);
      },
    });
  } catch (error: unknown) {
    const reason: unknown = stop.signal.reason;
    if (!(stop.signal.aborted && reason instanceof InterruptedError)) throw error;
    throw new RunStoppedError(stoppedLine(reason.source, read, undone), reason.exitCode);
  } finally {
    unlisten?.();
  }
}
