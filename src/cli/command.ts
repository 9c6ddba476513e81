// What a command is. Its own file, below the registry and main, so a command imports neither.
import type { Options, Parsed } from './args.js';
import type { IO } from './io.js';

/** The CLI entry: main() hands itself to the commands that run others (the demo). */
export type RunMain = (argv: readonly string[], io: IO) => Promise<number>;

export interface Command {
  /** The full `tfe-access NAME --help` text; main prints it, commands never look for --help. */
  readonly help: string;
  /** Its flags besides -h/--help: main parses them (one-line errors) before run. */
  readonly options: Options;
  /** True when it takes PATHS. */
  readonly positionals?: boolean;
  /**
   * Subcommands by the word that names them (`report verify DIR`): each with its own help, flags and
   * run, loaded only when named. A PATH spelled as one of these words is given as `./verify`.
   */
  readonly subcommands?: Readonly<Record<string, () => Promise<Command>>>;
  run(parsed: Parsed, io: IO, main: RunMain): Promise<number>;
}
