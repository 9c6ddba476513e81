// What a command may touch of the process: injected so commands run in tests without spawning.
import { parseExpiry } from '../core/expiry.js';
import { printable } from '../core/printable.js';
import { CLIError } from '../errors.js';
import { listenForInterrupts, watchOutputs, type InterruptListener } from './interrupt.js';

export interface Output {
  write(chunk: string): unknown;
}

export interface IO {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when stdout and stderr are terminals: progress, colour and prompts only then. */
  readonly isTTY: boolean;
  readonly cwd: string;
  /**
   * Reads one line from the user (confirmation prompts); undefined without a TTY. Rejects with an
   * AbortError on Ctrl-C at the terminal, or when `signal` aborts.
   */
  readonly prompt?: (question: string, signal?: AbortSignal) => Promise<string>;
  /**
   * Sends the first SIGINT, SIGTERM or closed stdout to `listener` (a second signal ends the process
   * at once) until the returned function is called. Absent: nothing interrupts (tests, the demo).
   */
  readonly onInterrupt?: (listener: InterruptListener) => () => void;
  /**
   * The clock, in epoch milliseconds: what expiries are judged by (README, "Grants that expire").
   * Absent: TFE_ACCESS_NOW, else Date.now. Tests pass a fixed one.
   */
  readonly now?: () => number;
}

/**
 * The time of the run, read once by a command: `io.now`, else TFE_ACCESS_NOW (an RFC 3339 time; for
 * tests that spawn the CLI, README "Grants that expire"), else the system clock.
 */
export function clockOf(io: IO): number {
  if (io.now) return io.now();
  const fixed = io.env.TFE_ACCESS_NOW;
  if (fixed === undefined || fixed === '') return Date.now();
  // A date alone would mean the end of that day (as `expires:` does): a clock is a time.
  const parsed = fixed.length > 10 ? parseExpiry(fixed) : undefined;
  if (!parsed || 'error' in parsed) throw new CLIError(`TFE_ACCESS_NOW "${printable(fixed)}" is not an RFC 3339 time (2026-12-01T18:00:00Z); unset it to use the system clock.`);
  return Date.parse(parsed.at);
}

/**
 * One question on the terminal: the answer read from stdin, the question written to stderr. readline
 * (and the stream modules under it) is loaded only to ask: every command starts without it.
 */
async function askOnTerminal(question: string, signal?: AbortSignal): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question, signal ? { signal } : {});
  } finally {
    rl.close();
  }
}

/** The process's IO; call once. */
export function processIO(): IO {
  watchOutputs();
  const isTTY = Boolean(process.stdout.isTTY && process.stderr.isTTY);
  // A question needs someone to answer it: stdin must be the terminal too.
  const canAsk = isTTY && Boolean(process.stdin.isTTY);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isTTY,
    cwd: process.cwd(),
    onInterrupt: listenForInterrupts,
    ...(canAsk ? { prompt: askOnTerminal } : {}),
  };
}
