// The ways an answer is spoiled, as fast-check arbitraries, and what each does to a recorded answer.
// Transient faults (5xx, 429, drops) hit the first answer only: the retry must read the real one.
import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import type { Recorded, Spoil } from './replay.js';
import { write } from './replay.js';

export type Spoiler =
  | { kind: 'truncate'; at: number }
  | { kind: 'html'; status: number }
  | { kind: 'empty'; status: number }
  | { kind: 'content-type'; type: string }
  | { kind: 'wrong-type'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'pages'; totalPages: number; nextPage: number | null }
  | { kind: 'error'; status: number; detail: string }
  | { kind: 'transient'; how: 'drop' | 'drop-mid-body' | 500 | 502 | 503 | 429 }
  | { kind: 'slow'; chunks: number; delayMs: number };

/** Keys whose absence the client must notice (a key it reads leniently, like `visibility`, is not here). */
const REQUIRED_KEYS = new Set([
  'data',
  'type',
  'id',
  'attributes',
  'relationships',
  'name',
  'access',
  'team',
  'workspace',
  'meta',
  'pagination',
  'current-page',
  'total-pages',
  'total-count',
  'next-page',
]);

/** A uniform place in [0, 1): fast-check's own doubles and naturals lean to 0, i.e. to the first keys. */
export const fraction: fc.Arbitrary<number> = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);

const HTML = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';

export const spoilerArb: fc.Arbitrary<Spoiler> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('html' as const), status: fc.constantFrom(200, 201) }),
  fc.record({ kind: fc.constant('empty' as const), status: fc.constantFrom(200, 204) }),
  fc.record({ kind: fc.constant('content-type' as const), type: fc.constantFrom('text/html', 'text/plain', 'application/octet-stream', '') }),
  fc.record({ kind: fc.constant('wrong-type' as const), at: fraction, value: fc.constantFrom(7, -1.5, 'x', '', true, false, [], {}, [1], { a: 1 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction }),
  fc.record({
    kind: fc.constant('pages' as const),
    totalPages: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1001, max: 2 ** 31 })),
    nextPage: fc.option(fc.integer({ min: 0, max: 3000 })),
  }),
  fc.record({
    kind: fc.constant('error' as const),
    status: fc.constantFrom(400, 401, 403, 404, 409, 422),
    detail: fc.string({ unit: 'binary', maxLength: 80 }),
  }),
  fc.record({
    kind: fc.constant('transient' as const),
    how: fc.constantFrom('drop' as const, 'drop-mid-body' as const, 500 as const, 502 as const, 503 as const, 429 as const),
  }),
  fc.record({ kind: fc.constant('slow' as const), chunks: fc.integer({ min: 2, max: 6 }), delayMs: fc.integer({ min: 0, max: 15 }) }),
);

/** Spoilers after which `plan` must fail: nothing readable is left of the answer. */
export function mustFail(spoiler: Spoiler): boolean {
  return spoiler.kind === 'truncate' || spoiler.kind === 'html' || spoiler.kind === 'error' || (spoiler.kind === 'empty' && spoiler.status === 200);
}

/** Spoilers after which `plan` must succeed with the right plan: the answer is late, not wrong. */
export function mustSucceed(spoiler: Spoiler): boolean {
  return spoiler.kind === 'transient' || spoiler.kind === 'slow';
}

type Json = unknown;
type Slot = { parent: Record<string, Json> | Json[]; key: string | number };

function slots(value: Json, into: Slot[] = []): Slot[] {
  if (Array.isArray(value)) value.forEach((item, i) => (into.push({ parent: value, key: i }), slots(item, into)));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.push({ parent: value as Record<string, Json>, key });
      slots(item, into);
    }
  }
  return into;
}

const kindOf = (v: Json): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

function rewriteJson(answer: Recorded, change: (body: Json) => void): Recorded {
  let body: Json;
  try {
    body = JSON.parse(answer.text) as Json;
  } catch {
    return answer;
  }
  change(body);
  return { ...answer, text: JSON.stringify(body) };
}

function dripped(res: ServerResponse, answer: Recorded, chunks: number, delayMs: number): void {
  res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': String(Buffer.byteLength(answer.text)) });
  const bytes = Buffer.from(answer.text);
  const size = Math.ceil(bytes.length / chunks);
  const next = (i: number): void => {
    if (i * size >= bytes.length) {
      res.end();
      return;
    }
    res.write(bytes.subarray(i * size, (i + 1) * size));
    setTimeout(() => next(i + 1), delayMs);
  };
  next(0);
}

/** The spoiler applied to the answers of `target` (a request line); every other answer is served as recorded. */
export function spoilOne(target: string, spoiler: Spoiler): Spoil {
  return (key, answer, res, hit) => {
    if (key !== target) return answer;
    switch (spoiler.kind) {
      case 'truncate':
        return { ...answer, text: answer.text.slice(0, Math.floor(spoiler.at * answer.text.length)) };
      case 'html':
        return { status: spoiler.status, contentType: 'text/html', text: HTML };
      case 'empty':
        return { status: spoiler.status, contentType: 'application/vnd.api+json', text: '' };
      case 'content-type':
        return { ...answer, contentType: spoiler.type };
      case 'wrong-type':
        return rewriteJson(answer, (body) => {
          const all = slots(body).filter((s) => kindOf((s.parent as Record<string, Json>)[s.key]) !== kindOf(spoiler.value));
          const slot = all[Math.floor(spoiler.at * all.length)];
          if (slot) (slot.parent as Record<string, Json>)[slot.key] = structuredClone(spoiler.value);
        });
      case 'delete':
        return rewriteJson(answer, (body) => {
          const all = slots(body).filter((s) => typeof s.key === 'string' && REQUIRED_KEYS.has(s.key));
          const slot = all[Math.floor(spoiler.at * all.length)];
          if (slot) delete (slot.parent as Record<string, Json>)[slot.key];
        });
      case 'pages':
        return rewriteJson(answer, (body) => {
          const pagination = (body as { meta?: { pagination?: Record<string, Json> } }).meta?.pagination;
          if (pagination) Object.assign(pagination, { 'total-pages': spoiler.totalPages, 'next-page': spoiler.nextPage });
        });
      case 'error':
        return {
          status: spoiler.status,
          contentType: 'application/vnd.api+json',
          text: JSON.stringify({ errors: [{ status: String(spoiler.status), title: 'refused', detail: spoiler.detail }] }),
        };
      case 'transient':
        if (hit > 1) return answer;
        if (spoiler.how === 'drop') res.socket?.destroy();
        else if (spoiler.how === 'drop-mid-body') {
          res.writeHead(200, { 'content-type': answer.contentType, 'content-length': String(Buffer.byteLength(answer.text)) });
          res.write(answer.text.slice(0, Math.floor(answer.text.length / 2)));
          setImmediate(() => res.socket?.destroy());
        } else write(res, { status: spoiler.how, contentType: 'text/html', text: HTML });
        return 'handled';
      case 'slow':
        dripped(res, answer, spoiler.chunks, spoiler.delayMs);
        return 'handled';
    }
  };
}
