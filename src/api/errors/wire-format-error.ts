// The service answered, but with a body this client can't read (wrong types, missing `data`,
// inconsistent pagination). Never turned into a silently wrong or empty object.

import { printable } from '../../core/printable.js';
import { CLIError } from '../../errors.js';

export class WireFormatError extends CLIError {
  override readonly name: string = 'WireFormatError';
  constructor(
    /** What was being read, e.g. `GET /team-projects` or `team-projects resource`. */
    readonly context: string,
    /** What is wrong, with the JSON path, e.g. `data[0].attributes.access is missing`. */
    readonly problem: string,
  ) {
    // The problem quotes values the service sent: never let them break the line or the terminal.
    super(`Unreadable answer to ${context}: ${printable(problem)}`);
  }
}
