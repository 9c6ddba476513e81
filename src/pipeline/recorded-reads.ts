// The reads of one run, kept for its second look (docs/drift.md, "Adopt"): `drift --adopt` plans
// the edited files against the same live read with no new request. Every call of the client is
// answered once and remembered by its method and arguments; once sealed, an answer not remembered is
// a bug of the caller (a read the first plan did not make), never a request.
import type { TfeClient } from '../api/client.js';
import { InternalError } from '../errors.js';

/** Arguments as a key: functions and stop signals left out (they do not change the answer), maps and sets as lists. */
function keyOf(method: string, args: readonly unknown[]): string {
  const replacer = (_: string, value: unknown): unknown => {
    if (typeof value === 'function' || value instanceof AbortSignal) return undefined;
    if (value instanceof Map) return [...value];
    if (value instanceof Set) return [...value];
    return value;
  };
  return `${method} ${JSON.stringify(args, replacer)}`;
}

export class RecordedReads {
  private readonly answers = new Map<string, unknown>();
  private sealed = false;
  /** The client of the run, its answers remembered. */
  readonly client: TfeClient;

  constructor(client: TfeClient) {
    this.client = new Proxy(client, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        return (...args: unknown[]) => this.answer(property, args, () => (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  }

  /** From now on, only remembered answers. */
  seal(): void {
    this.sealed = true;
  }

  private answer(method: string, args: readonly unknown[], call: () => unknown): unknown {
    const key = keyOf(method, args);
    if (this.answers.has(key)) return this.answers.get(key);
    if (this.sealed) throw new InternalError(`drift --adopt: planning the edited files asked for a read the drift did not make (${method})`);
    const answer = call();
    this.answers.set(key, answer);
    return answer;
  }
}
