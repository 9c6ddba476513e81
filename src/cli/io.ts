// What a command may touch of the process: injected so commands run in tests without spawning.
import { type InterruptListener, listenForInterrupts, watchOutputs } from './interrupt.js';
import { stdioOutput } from './stdio.js';

export interface Output {
  write(chunk: string): unknown;
}

export interface IO {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when stdout is a terminal: colour (cli/terminal.ts). */
  readonly isTTY: boolean;
  /** True when stderr is a terminal: progress (cli/progress.ts). Absent: it is not. */
  readonly stderrIsTTY?: boolean;
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
   * The clock, in epoch milliseconds: what expiries are judged by (docs/files.md, "Grants that expire").
   * Absent: TFE_ACCESS_NOW, else Date.now (clock.ts). Tests pass a fixed one.
   */
  readonly now?: () => number;
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
  // Asked only when read: asking makes Node's stream (stdio.ts), which --help and validate do
  // without. Each answer is the same for the whole run.
  let isTTY: boolean | undefined;
  let stderrIsTTY: boolean | undefined;
  // A question needs someone to answer it on stdin, and to have seen what it asks about: the plan
  // goes to stdout, the question to stderr. `apply > plan.txt` is not asked.
  const canAsk = (io: IO): boolean => io.isTTY && io.stderrIsTTY === true && Boolean(process.stdin.isTTY);
  return {
    stdout: stdioOutput('stdout'),
    stderr: stdioOutput('stderr'),
    env: process.env,
    get isTTY(): boolean {
      return (isTTY ??= Boolean(process.stdout.isTTY));
    },
    get stderrIsTTY(): boolean {
      return (stderrIsTTY ??= Boolean(process.stderr.isTTY));
    },
    cwd: process.cwd(),
    onInterrupt: listenForInterrupts,
    get prompt(): IO['prompt'] {
      return canAsk(this) ? askOnTerminal : undefined;
    },
  };
}
