// What a command may touch of the process: injected so commands run in tests without spawning.

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
  /** Reads one line from the user (confirmation prompts); undefined without a TTY. */
  readonly prompt?: (question: string) => Promise<string>;
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY && process.stderr.isTTY),
    cwd: process.cwd(),
  };
}
