// A managed target whose grants could not be read. The whole read fails with it: a target read as
// "no grants" would make the plan add or remove access that is fine.

import type { Team } from '../core/model.js';
import type { ReadTarget } from '../core/organization.js';
import { printable, quote } from '../core/printable.js';
import { CLIError, messageOf } from '../errors.js';

/** Why a target could not be read; carries the underlying typed error as `cause`. */
export class LiveReadError extends CLIError {
  override readonly name: string = 'LiveReadError';
  constructor(
    readonly target: ReadTarget,
    cause: unknown,
  ) {
    super(`Could not read the team access of ${target.type} "${target.name}" (${target.id}); nothing was planned from it: ${messageOf(cause)}`);
    this.cause = cause;
  }
}

/** A team whose workspace grants could not be read by team, for a reason reading by target would meet too (the network, a 5xx, a rejected token). */
export class TeamReadError extends CLIError {
  override readonly name: string = 'TeamReadError';
  constructor(
    readonly team: Team,
    cause: unknown,
  ) {
    super(
      `Could not read the workspace access of team ${printable(quote(team.name))} (${printable(team.id)}); nothing was planned from it: ${messageOf(cause)}`,
    );
    this.cause = cause;
  }
}
