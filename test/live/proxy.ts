// A proxy on 127.0.0.1 in front of an emulator, for the servers and middleboxes the emulator is not:
// one that drops a query parameter, one whose pages stop adding up. `query` may rewrite each
// request's query string; `answer` may change a JSON answer (or its status) before the client sees it.
import { createServer } from 'node:http';
import { listenOnLoopback } from '../support/loopback.js';

export interface Tampered {
  readonly status: number;
  readonly body: any;
}

export interface ProxyHooks {
  /** The query string sent on (without `?`), from the one received. */
  readonly query?: (query: URLSearchParams) => URLSearchParams;
  /** The answer the client gets, from the emulator's (path and query as received). */
  readonly answer?: (request: { readonly path: string; readonly query: URLSearchParams }, answer: Tampered) => Tampered;
}

export interface Proxy {
  /** The address to give the client (the emulator's `/api/v2` paths below it). */
  readonly url: string;
  /** Every request line received, `GET /api/v2/...?...` (brackets decoded). */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startProxy(upstream: string, hooks: ProxyHooks = {}): Promise<Proxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      seen.push(`${req.method ?? ''} ${url.pathname}?${decodeURIComponent(url.searchParams.toString())}`);
      const query = hooks.query ? hooks.query(new URLSearchParams(url.searchParams)) : url.searchParams;
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      void fetch(`${upstream}${url.pathname}${query.toString() ? `?${query.toString()}` : ''}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      })
        .then(async (answer) => {
          const text = await answer.text();
          let out: Tampered = { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
          if (hooks.answer) out = hooks.answer({ path: url.pathname, query: url.searchParams }, out);
          const payload = out.body === undefined ? '' : JSON.stringify(out.body);
          const type = answer.headers.get('content-type') ?? 'application/vnd.api+json';
          res.writeHead(out.status, { 'content-type': type, 'content-length': String(Buffer.byteLength(payload)) }).end(payload);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  return { ...(await listenOnLoopback(server)), seen };
}
