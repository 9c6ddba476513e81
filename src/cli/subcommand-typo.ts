// A word after a command with subcommands (`report verfy`) that is no subcommand is read as a path;
// when it is no file either and is close to a subcommand, it was a typo of that subcommand
// (issue 36, finding 9): saying so beats "verfy: no such file or directory".
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { didYouMean } from '../core/suggest.js';
import { CLIError } from '../errors.js';

/** Throws the did-you-mean when `word` is a near miss of a subcommand and names nothing on disk. */
export function refuseMistypedSubcommand(command: string, subcommands: readonly string[], word: string, cwd: string): void {
  // A flag, or a word written as a path (`./verfy`, `acme.yaml`), is never taken for a subcommand.
  if (word.startsWith('-') || /[/\\.]/.test(word)) return;
  const hint = didYouMean(word, subcommands);
  if (hint === '' || existsSync(resolve(cwd, word))) return;
  throw new CLIError(`"${word}" is no subcommand of ${command} and no file.${hint} (A desired-state path of that name is given as ./${word}.)`);
}
