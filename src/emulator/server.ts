// The HTTP side of the emulator, on node:http: authentication, the media type, rate limiting,
// injected faults and latency around the routes, and the request log.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { MEDIA_TYPE } from '../core/json-api.js';
import { type Answer, NOT_FOUND, rateLimited, serverError, UNAUTHORIZED, UNSUPPORTED_MEDIA_TYPE } from './answers.js';
import { serverHeadersOf } from './audit-log.js';
import { Authz } from './authz.js';
import { BURST_RESET_SECONDS, type FaultDecision, FaultInjector } from './faults.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './rate-limit.js';
import { RequestLog } from './request-log.js';
import { dispatch, isWrite, pathSegments } from './router.js';
import type { Identity, Store } from './state.js';
import type { RequestRecord } from './types.js';

export const API_PREFIX = '/api/v2';
const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerParts {
  readonly store: Store;
  readonly log: RequestLog;
  readonly faults: FaultInjector;
  readonly limiter: RateLimiter;
  /** Milliseconds since the emulator started. */
  readonly clock: () => number;
  /** Told of each request once it is answered (EmulatorOptions.onRequest). */
  readonly onRequest?: ((record: RequestRecord) => void) | undefined;
}

type Caller = { identity: Identity; label: string } | { identity: undefined; label: 'anonymous' | 'invalid' };

function caller(store: Store, header: string | undefined): Caller {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return { identity: undefined, label: header === undefined ? 'anonymous' : 'invalid' };
  const identity = store.tokens.get(match[1]);
  if (!identity) return { identity: undefined, label: 'invalid' };
  // docs/api.md, "Tokens": a token past its expiry or above its organization's limit no longer works (401).
  const record = store.tokenBook.ofSecret(match[1]);
  if (record) {
    const now = store.audit.now();
    if (!store.tokenBook.works(record, now)) return { identity: undefined, label: 'invalid' };
    record.lastUsedAt = now;
  }
  return { identity, label: labelOf(identity) };
}

/** What the request log says of a caller: never the token. */
function labelOf(identity: Identity): string {
  switch (identity.kind) {
    case 'admin':
      return 'admin';
    case 'org':
      return `org:${identity.org}`;
    case 'team':
      return `team:${identity.teamId}`;
    case 'user':
      return `user:${identity.userId}`;
    case 'audit':
      return `audit:${identity.org}`;
  }
}

function hasMediaType(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === MEDIA_TYPE;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '' || size > MAX_BODY_BYTES) return resolve(undefined);
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

function send(res: ServerResponse, answer: Answer, parts: ServerParts): void {
  const limit = parts.limiter.limit;
  const profile = parts.store.profile;
  const headers: Record<string, string> = { ...serverHeadersOf(profile, parts.store.audit.mode), ...answer.headers };
  // docs/api.md, "Rate limiting": every 429 carries X-RateLimit-Limit, also a fault burst's with the limit off;
  // the current profile announces the limit on every answer ("Server capabilities"), when there is one.
  if ((profile.announceRateLimit && limit > 0) || answer.status === 429) headers['X-RateLimit-Limit'] = String(limit > 0 ? limit : DEFAULT_RATE_LIMIT);
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  const payload = JSON.stringify(answer.body);
  headers['Content-Type'] ??= MEDIA_TYPE;
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(answer.status, headers).end(payload);
}

/** A dropped connection: headers and part of a body, then the socket is destroyed. */
function dropMidResponse(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': MEDIA_TYPE, 'Content-Length': '4096' });
  res.write('{"data":');
  res.socket?.destroy();
}

interface Pending {
  req: IncomingMessage;
  record: RequestRecord;
  who: Caller;
  decision: FaultDecision;
  body: unknown;
}

/** Everything after the faults: 401, real rate limit, 415, then the route. */
function answerFor(parts: ServerParts, baseUrl: string, p: Pending): Answer {
  const { req, record, who } = p;
  if (!who.identity) return UNAUTHORIZED;
  const wait = parts.limiter.take(who.label);
  if (wait !== undefined) return rateLimited(wait);
  if (isWrite(record.method) && !hasMediaType(req)) return UNSUPPORTED_MEDIA_TYPE;
  const segments = record.path.startsWith(`${API_PREFIX}/`) ? pathSegments(record.path.slice(API_PREFIX.length)) : undefined;
  if (!segments) return NOT_FOUND;
  const authz = new Authz(parts.store, who.identity);
  const query = new URLSearchParams(record.query);
  const selfUrl = `${baseUrl}${record.path}`;
  return dispatch(record.method, segments, (params) => ({ store: parts.store, authz, method: record.method, params, query, body: p.body, selfUrl }));
}

function respond(parts: ServerParts, baseUrl: string, res: ServerResponse, p: Pending): void {
  const { record, decision } = p;
  const finish = (status: number): void => {
    record.status = status;
    record.end = parts.clock();
    parts.onRequest?.(record);
  };
  if (res.destroyed) return finish(0);
  if (decision.kind === 'drop') {
    record.fault = 'drop';
    dropMidResponse(res);
    return finish(0);
  }
  if (decision.kind === 'error' || decision.kind === 'rate-limit') {
    record.fault = decision.kind;
    const answer = decision.kind === 'error' ? serverError(decision.status ?? 500) : rateLimited(BURST_RESET_SECONDS);
    send(res, answer, parts);
    return finish(answer.status);
  }
  let answer: Answer;
  try {
    answer = answerFor(parts, baseUrl, p);
  } catch (error: unknown) {
    // A bug of the emulator: answered like the real service's 500, and said on stderr so it is seen.
    process.stderr.write(`tfe-access emulator: internal error on ${record.method} ${record.path}: ${error instanceof Error ? error.message : String(error)}\n`);
    answer = serverError(500);
  }
  if (decision.kind === 'lost-answer' && answer.status < 300) {
    // The change is made, the answer never arrives: retries must neither duplicate nor lose it.
    record.fault = 'lost-answer';
    res.socket?.destroy();
    return finish(0);
  }
  send(res, answer, parts);
  finish(answer.status);
}

export function createEmulatorServer(parts: ServerParts, baseUrl: () => string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = (req.method ?? 'GET').toUpperCase();
    const who = caller(parts.store, req.headers.authorization);
    const record = parts.log.add({
      method,
      path: url.pathname,
      query: url.search.slice(1),
      status: 0,
      identity: who.label,
      start: parts.clock(),
      end: parts.clock(),
    });
    // Drawn synchronously at arrival: the fault sequence follows the arrival order.
    const decision = parts.faults.decide(isWrite(method));
    void readBody(req).then((body) => {
      const pending: Pending = { req, record, who, decision, body };
      if (decision.delayMs > 0) setTimeout(() => respond(parts, baseUrl(), res, pending), decision.delayMs);
      else respond(parts, baseUrl(), res, pending);
    });
  });
}

export function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export function startClock(): () => number {
  const origin = performance.now();
  return () => performance.now() - origin;
}
