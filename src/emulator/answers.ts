// What a route answers, and the error bodies of the real service (docs/api.md, "Errors the real service
// gives"; "Samples": error-401, error-404, error-422-*, error-429).
import { MEDIA_TYPE } from '../core/json-api.js';

export interface Answer {
  readonly status: number;
  /** Serialised as JSON; absent for 204. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export function ok(body: unknown, status = 200): Answer {
  return { status, body };
}

export const NO_CONTENT: Answer = { status: 204 };

/** The one 404 of the real service, for a missing resource and for a caller not allowed (docs/api.md, "Seed: authentication" 5). */
export const NOT_FOUND: Answer = { status: 404, body: { errors: [{ status: '404', title: 'not found' }] } };

/** A JSON:API error of one object, as the service's 400 and 403 answers are (docs/api.md, "People"). */
export function failure(status: 400 | 403 | 422, title: string, detail: string): Answer {
  return { status, body: { errors: [{ status: String(status), title, detail }] } };
}

export const UNAUTHORIZED: Answer = { status: 401, body: { errors: [{ status: '401', title: 'unauthorized' }] } };

export const UNSUPPORTED_MEDIA_TYPE: Answer = {
  status: 415,
  body: {
    errors: [{ status: '415', title: 'unsupported media type', detail: `Content-Type must be ${MEDIA_TYPE}.` }],
  },
};

/** A 422 with one JSON:API error object: status, title, detail and source.pointer. */
export class Invalid extends Error {
  constructor(
    readonly pointer: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function invalid(error: Invalid): Answer {
  return {
    status: 422,
    body: { errors: [{ status: '422', title: 'invalid attribute', detail: error.detail, source: { pointer: error.pointer } }] },
  };
}

// docs/api.md, "Rate limiting" and "Samples": the 429 body of error-429-rate-limit, whose
// `status` is a number, unlike every other error body.
export const RATE_LIMITED_BODY = {
  errors: [{ detail: "You have exceeded the API's rate limit.", status: 429, title: 'Too many requests' }],
};

/** A 429 with the seconds until the next request is allowed (`X-RateLimit-Reset`). */
export function rateLimited(resetSeconds: number): Answer {
  return { status: 429, body: RATE_LIMITED_BODY, headers: { 'X-RateLimit-Reset': resetSeconds.toFixed(3) } };
}

const SERVER_ERROR_TITLES: Readonly<Record<number, string>> = {
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
};

export function serverError(status: number): Answer {
  return { status, body: { errors: [{ status: String(status), title: SERVER_ERROR_TITLES[status] ?? 'error' }] } };
}

/** "workspace-access.state-versions" -> "State versions", as the real service names attributes. */
export function humanName(key: string): string {
  const last = key.split('.').pop() ?? key;
  const words = last.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
