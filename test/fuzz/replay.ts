// Recorded API answers, replayed with one of them spoiled: the hostile-input fuzzer's server.
// `record` proxies one `plan` to the emulator and keeps every answer by request line; `replay`
// serves them back on 127.0.0.1, passing each through `spoil` first, which may rewrite the answer
// or take over the response entirely (drops, stalls, slow bodies).
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../support/loopback.js';

export interface Recorded {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The headers that describe the server (ping, rate limit), as recorded; a spoiler may drop them. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Headers the client reads besides the body (docs/api.md, "Server capabilities"). */
const SERVER_HEADERS = ['tfp-appname', 'tfp-api-version', 'x-tfe-version', 'x-tfe-current-version', 'x-ratelimit-limit'];

function serverHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries(SERVER_HEADERS.flatMap((name) => (headers.get(name) === null ? [] : [[name, headers.get(name) as string]])));
}

export type Spoil = (key: string, answer: Recorded, res: ServerResponse, hit: number) => Recorded | 'handled';

export interface Replay {
  readonly url: string;
  /** Request lines (`GET /api/v2/...`) in arrival order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/** A loopback server that hands each request's line (`GET /api/v2/...`) and body to `handler`. */
async function serve(handler: (key: string, res: ServerResponse, body: string | undefined) => Promise<void> | void): Promise<Replay> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const key = `${req.method ?? 'GET'} ${req.url ?? '/'}`;
    seen.push(key);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handler(key, res, chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined));
  });
  return { ...(await listenOnLoopback(server)), seen };
}

export function write(res: ServerResponse, answer: Recorded): void {
  res
    .writeHead(answer.status, { ...answer.headers, 'content-type': answer.contentType, 'content-length': String(Buffer.byteLength(answer.text)) })
    .end(answer.text);
}

/** A proxy to `upstream` that records every answer (GETs only: `plan` writes nothing). */
export async function record(upstream: string, answers: Map<string, Recorded>): Promise<Replay> {
  return serve(async (key, res) => {
    const [method, path] = key.split(' ') as [string, string];
    const answer = await fetch(`${upstream}${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/vnd.api+json' } });
    const recorded = {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? '',
      text: await answer.text(),
      headers: serverHeaders(answer.headers),
    };
    answers.set(key, recorded);
    write(res, recorded);
  });
}

export const TOKEN = 'fuzz-org-token';

/** Serves `answers`; an unknown request line is a 404 like the service's. */
export async function replay(answers: ReadonlyMap<string, Recorded>, spoil: Spoil): Promise<Replay> {
  const hits = new Map<string, number>();
  return serve((key, res) => {
    const hit = (hits.get(key) ?? 0) + 1;
    hits.set(key, hit);
    const answer = answers.get(key) ?? { status: 404, contentType: 'application/vnd.api+json', text: '{"errors":[{"status":"404","title":"not found"}]}' };
    const spoiled = spoil(key, answer, res, hit);
    if (spoiled !== 'handled') write(res, spoiled);
  });
}

/** A proxy to `upstream` (any method, body forwarded) whose answers pass through `spoil`. */
export async function proxy(upstream: string, token: string, spoil: Spoil): Promise<Replay> {
  const hits = new Map<string, number>();
  return serve(async (key, res, body) => {
    const [method = 'GET', path = '/'] = key.split(' ');
    const answer = await fetch(`${upstream}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      ...(body === undefined ? {} : { body }),
    });
    const recorded = {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? '',
      text: await answer.text(),
      headers: serverHeaders(answer.headers),
    };
    const hit = (hits.get(key) ?? 0) + 1;
    hits.set(key, hit);
    const spoiled = spoil(key, recorded, res, hit);
    if (spoiled !== 'handled') write(res, spoiled);
  });
}
