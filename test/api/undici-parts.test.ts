// src/api/undici-parts.ts requires two files of undici instead of its main module (docs/development.md,
// "Dependencies"). They must be the package's own: the same Pool, and the request() the main module
// adds to every dispatcher. An upgrade of undici that moves either fails here, not in a user's plan.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Pool, request } from '../../src/api/undici-parts.js';

const load = createRequire(import.meta.url);

describe('the parts of undici the client loads', () => {
  it('are the Pool and the request() of the package main module', async () => {
    const undici = (await import('undici')) as typeof import('undici');
    expect(Pool).toBe(undici.Pool);
    expect(load('undici/lib/api/api-request.js')).toBe(undici.Dispatcher.prototype.request);
  });

  it('send a request and read its answer, on loopback', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
    try {
      const answer = await request(pool, { method: 'GET', path: '/ping?x=1' });
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.json()).toEqual({ method: 'GET', url: '/ping?x=1' });
    } finally {
      await pool.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
