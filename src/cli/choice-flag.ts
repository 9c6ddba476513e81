// A flag that takes one of a few words, in a module of its own: the commands load it with the
// suggester, and `tfe-access --help`, which loads the flag parser, loads neither.

import { didYouMean } from '../core/suggest.js';
import { CLIError } from '../errors.js';
import { type Parsed, stringFlag } from './args.js';

/**
 * A flag that takes one of a few words (`--read-by`, `--format`): the value, or `fallback` when not
 * given; another word is a user error with the word it most likely meant (`teams`: "team").
 */
export function choiceFlag<C extends string>(parsed: Parsed, name: string, choices: readonly C[], fallback: C): C {
  const raw = stringFlag(parsed, name) ?? fallback;
  if (!(choices as readonly string[]).includes(raw))
    throw new CLIError(`--${name} must be one of ${choices.join(', ')}, got "${raw}".${didYouMean(raw, choices)}`);
  return raw as C;
}
