// Runs the CLI entry in-process with a fake IO: exit code, stdout and stderr.
import { fileURLToPath } from 'node:url';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: IO = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    // HOME points nowhere real so no credentials file of the machine is ever read.
    env: { HOME: '/nonexistent', ...options.env },
    isTTY: false,
    cwd: options.cwd ?? ROOT,
  };
  const code = await main(args, io);
  return { code, out, err };
}
