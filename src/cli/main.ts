// The CLI entry: the only place that turns errors into exit codes and decides what is printed.
// dist/cli/main.js (cli/launch.ts) loads it and calls `start`.

import { TOOL } from '../core/tool.js';
import { CLIError, EXIT, messageOf } from '../errors.js';
import { asksForHelp, parseCommandLine } from './args.js';
import type { Command } from './command.js';
import { exitCodeOf } from './interrupt.js';
import { type IO, processIO } from './io.js';
import { COMMANDS } from './registry.js';

export const VERSION = TOOL.version;

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`);
  return [
    'Usage: tfe-access <command> [options]',
    '',
    'Team access to HCP Terraform and Terraform Enterprise projects and workspaces, as code.',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `tfe-access <command> --help` for the options of a command, `tfe-access --version` for the version.',
    'Exit codes: 0 ok, 1 error, 2 changes, drift or a policy live access breaks (plan --detailed-exitcode, drift),',
    '3 refused by a safety guard or a policy (plan, apply), 130 SIGINT, 143 SIGTERM, 141 stdout closed.',
    '',
  ].join('\n');
}

export async function main(argv: readonly string[], io: IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name === undefined ? EXIT.error : EXIT.ok;
  }
  if (VERSION_WORDS.has(name)) {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  // Own keys only: `tfe-access constructor` is an unknown command, not Object's.
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.stderr.write(await unknownCommand(name));
    return EXIT.error;
  }
  try {
    return await runCommand(name, await entry.load(), rest, io);
  } catch (error: unknown) {
    return reportError(name, error, io);
  }
}

/** `tfe-access --version`, as git, node and terraform spell it too. */
const VERSION_WORDS: ReadonlySet<string> = new Set(['--version', '-V', '-v', 'version']);

/** The suggester is loaded only here: a known command never loads it. */
async function unknownCommand(name: string): Promise<string> {
  const { didYouMean } = await import('../core/suggest.js');
  const hint = didYouMean(name, Object.keys(COMMANDS));
  return `tfe-access: unknown command "${name}".${hint} Run \`tfe-access --help\` for the list.\n`;
}

/** Help for every command here, in one way; else its flags parsed, then the command run. */
async function runCommand(name: string, command: Command, argv: readonly string[], io: IO): Promise<number> {
  // A subcommand (`report verify`) is the first word after the command; it has its own help and flags.
  const [word, ...rest] = argv;
  const sub = word !== undefined && command.subcommands && Object.hasOwn(command.subcommands, word) ? command.subcommands[word] : undefined;
  if (sub) {
    const full = `${name} ${word}`;
    try {
      return await runCommand(full, await sub(), rest, io);
    } catch (error: unknown) {
      return reportError(full, error, io);
    }
  }
  // Loaded only for a word that is no subcommand: `--help` and a known subcommand never load it.
  if (word !== undefined && command.subcommands) {
    const { refuseMistypedSubcommand } = await import('./subcommand-typo.js');
    refuseMistypedSubcommand(name, Object.keys(command.subcommands), word, io.cwd);
  }
  if (asksForHelp(argv)) {
    io.stdout.write(command.help);
    return EXIT.ok;
  }
  return command.run(await parseCommandLine(name, argv, command.options, command.positionals), io, main);
}

function reportError(name: string, error: unknown, io: IO): number {
  if (error instanceof CLIError) {
    io.stderr.write(`tfe-access ${name}: ${error.message}\n`);
    return error.exitCode;
  }
  // A bug, not a user error: one line by default; the stack only on request.
  io.stderr.write(`tfe-access ${name}: internal error: ${messageOf(error)}\n`);
  if (io.env.TFE_ACCESS_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return EXIT.error;
}

/** The process's run: its arguments, its exit code, a bug's one line. */
export function start(): void {
  // Node empties its event loop (every write is out, every socket closed) before 'beforeExit': the
  // process ends there, sparing Node's teardown of a heap about to go anyway, a few milliseconds of
  // every start (docs/performance.md, "Start-up"). The exit code and the 'exit' event are the same.
  process.once('beforeExit', () => process.exit());
  main(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = exitCodeOf(code);
    },
    (error: unknown) => {
      process.stderr.write(`tfe-access: internal error: ${messageOf(error)}\n`);
      process.exitCode = EXIT.error;
    },
  );
}
