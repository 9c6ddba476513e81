// One HTTP connection pool to the API root, and nothing more: it sends one request and returns the
// status, headers and parsed body, or throws TransportError when there was no answer. Retries,
// rate limiting and status meanings live above it (session.ts). The token is held in a closure,
// written only into the Authorization header, and never into anything this module returns.

import { DEFAULT_ANSWER_TIMEOUT_MS } from '../core/defaults.js';
import { MEDIA_TYPE } from '../core/json-api.js';
import { TransportError } from './errors/transport-error.js';
import { WireFormatError } from './errors/wire-format-error.js';
import { Pool, request as poolRequest } from './undici-parts.js';

export const CONNECT_TIMEOUT_MS = 10_000;
// How long an answer may keep silent: DEFAULT_ANSWER_TIMEOUT_MS (core/defaults.ts), per request, never
// per run (a 10,000-workspace plan takes as long as it takes).
export const HEADERS_TIMEOUT_MS = DEFAULT_ANSWER_TIMEOUT_MS;
export const BODY_TIMEOUT_MS = DEFAULT_ANSWER_TIMEOUT_MS;
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** How long to wait for a connection, for the answer's headers, and between two chunks of its body. */
export interface Timeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: CONNECT_TIMEOUT_MS, headersMs: HEADERS_TIMEOUT_MS, bodyMs: BODY_TIMEOUT_MS };
/** A list page of 100 workspaces is well under 1 MiB; anything past this is not an API answer. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  readonly method: Method;
  /** Below the API root, e.g. `/team-projects`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-case names, first value only. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body; undefined when empty or unreadable. */
  readonly body: unknown;
  /** Why the body could not be read as JSON, when it could not. */
  readonly unreadable?: string;
}

/** Network errors after which the request certainly never reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** `/team-projects?filter[project][id]=prj-1`: readable, and never holds the token. */
export function describePath(request: HttpRequest): string {
  const query = Object.entries(request.query ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${request.path}${query ? `?${query}` : ''}`;
}

/** `GET /team-projects?filter[project][id]=prj-1` */
export function describeRequest(request: HttpRequest): string {
  return `${request.method} ${describePath(request)}`;
}

function firstValues(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  return out;
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, context: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw new WireFormatError(context, `the body is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): { body: unknown; unreadable?: string } {
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: undefined, unreadable: 'the body is not JSON' };
  }
}

export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/** Where the requests go: the origin's pool, the API root's path below it, and the address errors name. */
interface Endpoint {
  readonly pool: InstanceType<typeof Pool>;
  readonly root: string;
  readonly address: string;
  readonly headers: () => Record<string, string>;
  readonly signal: AbortSignal | undefined;
}

/** The failure of a request that got no answer, or no whole body: the stop's reason when the run stopped. */
function transportFailure(endpoint: Endpoint, request: HttpRequest, error: unknown, fallback: string, maybeSent: (code: string) => boolean): unknown {
  if (endpoint.signal?.aborted) return endpoint.signal.reason;
  const code = (error as { code?: unknown }).code;
  const name = typeof code === 'string' ? code : fallback;
  return new TransportError(request.method, describePath(request), name, maybeSent(name), endpoint.address);
}

async function send(endpoint: Endpoint, request: HttpRequest): Promise<HttpResponse> {
  const search = new URLSearchParams(request.query ?? {}).toString();
  let response;
  try {
    response = await poolRequest(endpoint.pool, {
      method: request.method,
      path: `${endpoint.root}${request.path}${search ? `?${search}` : ''}`,
      headers: endpoint.headers(),
      body: request.body === undefined ? null : JSON.stringify(request.body),
      ...(endpoint.signal ? { signal: endpoint.signal } : {}),
    });
  } catch (error: unknown) {
    throw transportFailure(endpoint, request, error, 'network error', (name) => !NOT_SENT_CODES.has(name));
  }
  let text: string;
  try {
    text = await readCapped(response.body, describeRequest(request));
  } catch (error: unknown) {
    if (error instanceof WireFormatError) throw error;
    throw transportFailure(endpoint, request, error, 'body interrupted', () => true);
  }
  return { status: response.statusCode, headers: firstValues(response.headers), ...parseBody(text) };
}

/**
 * `signal` ends every request in flight at once when the run stops (pipeline/run/run-control.ts): the
 * request then fails with the signal's reason, not a TransportError, since the service was not at fault.
 */
export function createTransport(baseUrl: string, token: string, connections: number, timeouts: Timeouts = DEFAULT_TIMEOUTS, signal?: AbortSignal): Transport {
  const url = new URL(baseUrl);
  const root = url.pathname.replace(/\/+$/, '');
  // No redirect interceptor: undici's request() never follows a redirect, so the token is sent to
  // the configured origin only; a 3xx comes back as a status and becomes a RemoteError.
  const pool = new Pool(url.origin, {
    connections,
    connectTimeout: timeouts.connectMs,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  });
  const headers = (): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    accept: MEDIA_TYPE,
    // docs/api.md, "Errors the real service gives": every request carries it, and writes without it answer 415.
    'content-type': MEDIA_TYPE,
  });
  const endpoint: Endpoint = { pool, root, address: `${url.origin}${root}`, headers, signal };
  return { send: (request) => send(endpoint, request), close: () => pool.close() };
}
