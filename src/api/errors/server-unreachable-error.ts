// The service stopped answering: connection after connection failed (refused, reset, unreachable).
// Not one request's failure but the run's end (api/breaker.ts): every later request fails at once
// with it, and apply starts no other change.
import { RunStoppedError } from '../../errors.js';

export class ServerUnreachableError extends RunStoppedError {
  override readonly name: string = 'ServerUnreachableError';
  constructor(
    /** The API root, e.g. `https://tfe.example.com/api/v2`. */
    readonly address: string,
    readonly failures: number,
    /** The network error code of the last failure. */
    readonly code: string,
  ) {
    super(`the API at ${address} is not answering: ${failures} connection attempts in a row failed (${code}). Check the address and that the service is up.`);
  }
}
