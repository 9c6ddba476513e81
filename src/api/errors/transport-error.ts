// The request got no HTTP answer: connection refused, reset, dropped, timed out. The message names
// the request, the address it was sent to (scheme, host, port, path prefix) and the network error
// code, never headers (the token lives there).
import { CLIError } from '../../errors.js';

export class TransportError extends CLIError {
  override readonly name: string = 'TransportError';
  constructor(
    readonly method: string,
    readonly path: string,
    /** The network error code (`ECONNRESET`, `UND_ERR_CONNECT_TIMEOUT`, ...), or a short reason. */
    readonly code: string,
    /**
     * False when the request certainly never reached the service (the connection was never made):
     * then even a POST is safe to send again.
     */
    readonly maybeSent: boolean,
    /** The API root it was sent to, e.g. `https://tfe.example.com/api/v2`. */
    readonly address: string,
  ) {
    super(`Request failed without an answer (${code}): ${method} ${path} on ${address}: check the address and the network`);
  }
}
