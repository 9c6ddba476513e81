// `tfe-access demo`: the whole job against an embedded emulator, narrated. It starts the emulator
// on loopback (port 0) with the demo organization, then runs validate, plan, apply and drift of
// examples/acme, and an export, through main(), the same code a user's commands run, with an
// explicit environment: never the user's TFE_TOKEN, TFE_ADDRESS or credentials files. The emulator
// stops whatever happens.
import { existsSync } from 'node:fs';
import { startEmulator } from '../../emulator/start.js';
import type { RunningEmulator } from '../../emulator/types.js';
import { CLIError, EXIT } from '../../errors.js';
import type { RunMain } from '../command.js';
import type { IO } from '../io.js';
import { DEMO_STEPS, type DemoContext, type DemoStep, INTRO, OUTRO } from './script.js';
import { DEMO_ORGANIZATION, DEMO_TOKEN, demoSeed, PACKAGE_ROOT } from './seed.js';

export const DEMO_FILES = 'examples/acme';
/** The last line of a text plan (src/render/plan/text.ts): what the reviewer approved. */
const CHECKSUM_LINE = /^Checksum: ([0-9a-f]{64})$/m;
/** Points nowhere, so no credentials file of the machine is ever looked at. */
const NO_HOME = '/nonexistent-tfe-access-demo-home';

export interface DemoOptions {
  /** The CLI entry the steps run through, handed down by main() itself. */
  readonly main: RunMain;
  /** Milliseconds since some origin, for the closing line; performance.now by default. */
  readonly now?: () => number;
}

/** Only the emulator's address and token, nothing of the user's environment but NO_COLOR. */
export function demoEnv(emulator: RunningEmulator, outer: IO['env']): Record<string, string> {
  return { TFE_ADDRESS: emulator.url, TFE_TOKEN: DEMO_TOKEN, HOME: NO_HOME, ...(outer.NO_COLOR ? { NO_COLOR: outer.NO_COLOR } : {}) };
}

interface Captured {
  readonly io: IO;
  readonly text: () => string;
}

function innerIO(io: IO, env: Record<string, string>): Captured {
  let text = '';
  // Everything an inner command prints is part of the story, so it all goes to stdout, in order.
  // No TTY: no progress bars, and apply takes --auto-approve instead of asking.
  const out = { write: (chunk: string) => ((text += chunk), io.stdout.write(chunk)) };
  return { io: { stdout: out, stderr: out, env, isTTY: false, cwd: PACKAGE_ROOT }, text: () => text };
}

async function runStep(step: DemoStep, number: number, io: IO, inner: Captured, context: DemoContext, main: RunMain): Promise<DemoContext> {
  const argv = step.argv(context);
  io.stdout.write(`\n${number}. ${step.title}\n${step.before}\n\n$ tfe-access ${argv.join(' ')}\n`);
  const start = inner.text().length;
  const code = await main(argv, inner.io);
  if (code !== step.expect) {
    throw new CLIError(`step ${number} (tfe-access ${argv[0] ?? ''}) exited ${code}, expected ${step.expect}; the demo stopped there.`);
  }
  io.stdout.write(`\n${step.after}\n`);
  const checksum = CHECKSUM_LINE.exec(inner.text().slice(start))?.[1];
  return context.checksum === undefined && checksum ? { checksum } : context;
}

export async function runDemo(io: IO, options: DemoOptions): Promise<number> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  if (!existsSync(`${PACKAGE_ROOT}${DEMO_FILES}`)) throw new CLIError(`${DEMO_FILES} is missing from the package at ${PACKAGE_ROOT}; reinstall tfe-access.`);
  const emulator = await startEmulator({ seed: demoSeed() });
  try {
    io.stdout.write(INTRO(emulator.url, DEMO_ORGANIZATION, DEMO_FILES));
    const inner = innerIO(io, demoEnv(emulator, io.env));
    let context: DemoContext = {};
    for (const [i, step] of DEMO_STEPS(DEMO_FILES, DEMO_ORGANIZATION).entries()) context = await runStep(step, i + 1, io, inner, context, options.main);
    io.stdout.write(OUTRO((now() - started) / 1000, emulator.counters().total));
    return EXIT.ok;
  } finally {
    await emulator.stop();
  }
}
