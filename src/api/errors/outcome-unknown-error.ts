// A POST whose answer was lost (dropped connection, gateway 5xx): the service may or may not have
// created the resource. It is never retried blindly (a second POST could answer 422 "Team has
// already been taken", docs/api.md), so the apply step re-reads the target (`listGrants`) and
// decides.
import { CLIError } from '../../errors.js';

export class OutcomeUnknownError extends CLIError {
  override readonly name: string = 'OutcomeUnknownError';
  constructor(
    readonly method: string,
    readonly path: string,
    /** What happened instead of an answer: a network error code or `status 502`. */
    readonly reason: string,
    /** The API root it was sent to, when known. */
    readonly address?: string,
  ) {
    super(
      `No reliable answer (${reason}): ${method} ${path}${address === undefined ? '' : ` on ${address}`}: the change may or may not have been made; read the target again before retrying`,
    );
  }
}
