// A tiny node:http server on 127.0.0.1, port 0, answering from a script: the exact 429/5xx/drop
// sequences the emulator's random faults can't pin down. Records every request with its arrival time.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { listenOnLoopback } from '../support/loopback.js';

export const CANARY = 'canary-7c1e9b.atlasv1.do-not-print-me';

export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** performance.now() at arrival. */
  readonly at: number;
}

export type Step = (res: ServerResponse, seen: Seen) => void;

export interface ScriptServer {
  readonly url: string;
  readonly seen: Seen[];
  close(): Promise<void>;
}

/** Answers request i with steps[i] (the last step repeats). */
export async function scriptServer(steps: Step[]): Promise<ScriptServer> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const at = performance.now();
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at };
      seen.push(record);
      const step = steps[Math.min(seen.length - 1, steps.length - 1)];
      step!(res, record);
    });
  });
  return { ...(await listenOnLoopback(server)), seen };
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/vnd.api+json', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text);
  };

export const empty =
  (status: number, headers: Record<string, string> = {}): Step =>
  (res) =>
    res.writeHead(status, headers).end();

/** Connection destroyed before any answer. */
export const drop: Step = (res) => res.socket?.destroy();

/** Headers and half a body, then the connection destroyed. */
export const dropMidBody: Step = (res) => {
  res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': '1000' });
  res.write('{"data":');
  setImmediate(() => res.socket?.destroy());
};

/** Every way an error can be shown: message, String(), JSON, inspect (stack and cause included). */
export function expectNoCanary(...values: unknown[]): void {
  for (const value of values) {
    const texts = [String(value), inspect(value, { depth: 10 }), JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v] : v)) ?? ''];
    if (value instanceof Error) texts.push(value.message, value.stack ?? '');
    for (const text of texts) expect(text.includes(CANARY), `canary token leaked into: ${text.slice(0, 200)}`).toBe(false);
  }
}

/** Runs `fn`, expects it to reject, checks the canary is nowhere in the error, returns it. */
export async function failure(fn: () => Promise<unknown>): Promise<Error> {
  let caught: unknown;
  try {
    await fn();
  } catch (error: unknown) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(Error);
  expectNoCanary(caught);
  return caught as Error;
}
