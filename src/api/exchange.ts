// The client's exchanges with the service, shared by its parts (client.ts, people.ts): one document, every
// page of a list, a DELETE's outcome, each through the one Session and with the token redacted from
// anything an unreadable answer quotes.
import type { RemoveOutcome } from '../core/model.js';
import { InconsistentListError } from './errors/inconsistent-list-error.js';
import { WireFormatError } from './errors/wire-format-error.js';
import { describeRequest, type HttpRequest } from './http.js';
import { allPages, type FetchPage } from './paginate.js';
import type { Session } from './session.js';
import type { ListPage } from './translate.js';

export class Exchange {
  /**
   * The service's own count of each organization-wide list read whole (no filter), by path: the
   * `total-count` of its pagination, null for an unpaginated answer (docs/evidence.md, "Evidence
   * bundle"). Taken from the pages already read: no request is added.
   */
  readonly totals = new Map<string, number | null>();

  constructor(readonly session: Session) {}

  /** A DELETE: 204 or 200 is `removed`; 404 after an attempt whose answer was lost, `unconfirmed` (session.ts). */
  async remove(request: HttpRequest): Promise<RemoveOutcome> {
    const answer = await this.session.request(request);
    return answer.unconfirmed === true ? 'unconfirmed' : 'removed';
  }

  async one<T>(request: HttpRequest, read: (body: unknown, context: string) => T): Promise<T> {
    const answer = await this.session.request(request);
    return this.read(read, answer.body, describeRequest(request));
  }

  pager<T>(request: HttpRequest, read: (body: unknown, context: string) => ListPage<T>): FetchPage<T> {
    return async (page) => {
      const paged: HttpRequest = { ...request, query: { ...request.query, ...page } };
      const answer = await this.session.request(paged);
      return this.read(read, answer.body, describeRequest(paged));
    };
  }

  listAll<T extends { readonly id: string }>(request: HttpRequest, read: (body: unknown, context: string) => ListPage<T>): Promise<T[]> {
    const whole = !Object.keys(request.query ?? {}).some((key) => key.startsWith('filter['));
    const onTotal = whole ? (total: number | null) => this.totals.set(request.path, total) : undefined;
    return allPages(this.pager(request, read), { context: describeRequest(request), ...(onTotal ? { onTotal } : {}) }).catch((error: unknown) => {
      throw this.redacted(error);
    });
  }

  read<T>(read: (body: unknown, context: string) => T, body: unknown, context: string): T {
    try {
      return read(body, context);
    } catch (error: unknown) {
      throw this.redacted(error);
    }
  }

  /**
   * An unreadable answer's message quotes the values it got wrong; a server (or proxy) that echoes
   * the token into a body must not get it printed that way.
   */
  redacted(error: unknown): unknown {
    if (!(error instanceof WireFormatError)) return error;
    const problem = this.session.redact(error.problem);
    if (problem === error.problem) return error;
    return error instanceof InconsistentListError ? new InconsistentListError(error.context, problem) : new WireFormatError(error.context, problem);
  }
}
