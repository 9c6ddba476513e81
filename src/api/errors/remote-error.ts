// A request the service answered with a non-success status. The message names the request, ky
// style (`Request failed with status 422: PATCH /team-projects/tprj-1`), then says what the status
// means for this API. It never contains the token: the request line is built from the method and
// path only, and the service's own texts are passed through `redact` by the client.

import { NOT_VISIBLE } from '../../core/not-found.js';
import { printable } from '../../core/printable.js';
import { CLIError } from '../../errors.js';
import { type ApiErrorObject, describeErrorObject } from './error-objects.js';

/** What a status means here (docs/api.md, "Seed: status codes and errors" and "Errors the real service gives"). */
function meaningOf(status: number): string | undefined {
  switch (status) {
    case 401:
      return 'the token was rejected (missing, expired or revoked); check TFE_TOKEN or run `terraform login`';
    case 404:
      return `${NOT_VISIBLE} (the service answers 404 for both)`;
    case 415:
      return 'the service refused the content type (a client bug)';
    case 429:
      return 'rate limited, and still limited after every retry';
    default:
      if (status >= 300 && status < 400) return 'redirects are not followed (the token goes to the configured address only); check --address';
      return status >= 500 ? 'the service failed (a server-side error)' : undefined;
  }
}

export class RemoteError extends CLIError {
  override readonly name: string = 'RemoteError';
  constructor(
    readonly method: string,
    /** API path below the API root, with its query, e.g. `/team-projects?filter[project][id]=prj-1`. */
    readonly path: string,
    readonly status: number,
    /** The JSON:API error objects of the body; empty when it had none. */
    readonly errors: readonly ApiErrorObject[] = [],
  ) {
    super(RemoteError.messageFor(method, path, status, errors));
  }

  private static messageFor(method: string, path: string, status: number, errors: readonly ApiErrorObject[]): string {
    const parts = [`Request failed with status ${status}: ${method} ${path}`];
    const meaning = meaningOf(status);
    if (meaning) parts.push(meaning);
    // 422 and other details in the service's own words, on one line and without terminal escapes.
    const details = errors.map((e) => printable(describeErrorObject(e))).filter((text) => text !== 'no details');
    if (details.length > 0 && status !== 404 && status !== 401) parts.push(details.join('; '));
    return parts.join(': ');
  }
}

export function isRemoteError(value: unknown, status?: number): value is RemoteError {
  return value instanceof RemoteError && (status === undefined || value.status === status);
}

/** A read the server may not have (404) or the caller may not make (403): absent, said by the caller as such. */
export async function orAbsent<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error: unknown) {
    if (isRemoteError(error, 404) || isRemoteError(error, 403)) return undefined;
    throw error;
  }
}
