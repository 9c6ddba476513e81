// What ends a run from outside: Ctrl-C (SIGINT), a CI's cancel (SIGTERM), a reader that closed
// stdout (`plan | head -1`: EPIPE). While a command listens (apply), the first of them goes to it so
// it can stop gracefully, and a second signal ends the process at once. Without a listener, a signal
// keeps Node's default (the process ends at once; nothing was being written), and a closed stdout
// lets the command finish quietly, with no more output, then exit 141: what a shell reports for git,
// grep and terraform, which SIGPIPE ends (README, "Exit codes").
import { RunStoppedError } from '../errors.js';
import { whenMade } from './stdio.js';

export type InterruptSource = 'SIGINT' | 'SIGTERM' | 'EPIPE';

/** 128 + the signal's number, as a shell reports a process the signal ended (SIGPIPE for EPIPE). */
export const INTERRUPT_EXIT: { readonly [S in InterruptSource]: number } = { SIGINT: 130, SIGTERM: 143, EPIPE: 141 };

const DESCRIPTION: { readonly [S in InterruptSource]: string } = {
  SIGINT: 'interrupted (SIGINT)',
  SIGTERM: 'terminated (SIGTERM)',
  EPIPE: 'stdout was closed (EPIPE)',
};

export class InterruptedError extends RunStoppedError {
  override readonly name: string = 'InterruptedError';
  constructor(readonly source: InterruptSource) {
    super(DESCRIPTION[source], INTERRUPT_EXIT[source]);
  }
}

export type InterruptListener = (interruption: InterruptedError) => void;

let listener: InterruptListener | undefined;
let delivered = false;
let outputClosed = false;

function interrupt(source: InterruptSource): void {
  if (listener && !delivered) {
    delivered = true;
    listener(new InterruptedError(source));
    return;
  }
  if (source === 'EPIPE') return;
  process.stderr.write(
    `tfe-access: ${DESCRIPTION[source]} again: stopping at once; a write in flight may or may not have been made. Run plan to see what is left.\n`,
  );
  process.exit(INTERRUPT_EXIT[source]);
}

const onSigint = (): void => interrupt('SIGINT');
const onSigterm = (): void => interrupt('SIGTERM');

/** Sends the first interruption to `next` until the returned function is called. */
export function listenForInterrupts(next: InterruptListener): () => void {
  listener = next;
  delivered = false;
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return () => {
    listener = undefined;
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  };
}

/**
 * Once per process: an output that can't be written (the reader left) is no error of the run. Every
 * later write to it fails the same way and is ignored; the first is an interruption. Watched from
 * the moment Node's stream is made (stdio.ts): a run that never makes it writes without one.
 */
export function watchOutputs(): void {
  const closed = (): void => {
    if (outputClosed) return;
    outputClosed = true;
    // The error may arrive after the command returned its code: the exit code is set here too.
    process.exitCode = INTERRUPT_EXIT.EPIPE;
    interrupt('EPIPE');
  };
  whenMade('stdout', (stream) => stream.on('error', closed));
  whenMade('stderr', (stream) => stream.on('error', closed));
}

/** The exit code of a run whose stdout or stderr was closed under it, else the run's own. */
export function exitCodeOf(code: number): number {
  return outputClosed ? INTERRUPT_EXIT.EPIPE : code;
}
