// What every route handler gets: the state, the caller's rights, the request's parts.

import type { Authz } from './authz.js';
import { DEFAULT_PAGE_SIZE, hasPageParams, pageLinks, pageRequest, paginate } from './pagination.js';
import type { Store } from './state.js';

export interface RequestContext {
  readonly store: Store;
  readonly authz: Authz;
  readonly method: string;
  /** Path parameters of the matched route, in order, percent-decoded. */
  readonly params: readonly string[];
  readonly query: URLSearchParams;
  /** The parsed JSON body; undefined when absent or not JSON (bodies are then rejected with 422). */
  readonly body: unknown;
  /** Absolute URL of the request path (no query), for pagination links. */
  readonly selfUrl: string;
}

export function param(ctx: RequestContext, index: number): string {
  return ctx.params[index] ?? '';
}

/** A list answer with the real envelope: `data`, `links`, `meta.pagination`; `page` overrides the request's. */
export function pagedList<T>(
  ctx: RequestContext,
  items: readonly T[],
  render: (item: T) => unknown,
  extraMeta: Record<string, unknown> = {},
  page = pageRequest(ctx.query),
): unknown {
  const { data, meta } = paginate(items, page);
  return {
    data: data.map(render),
    links: pageLinks(ctx.selfUrl, ctx.query, meta),
    meta: { ...extraMeta, pagination: meta },
  };
}

/**
 * docs/api.md, "Seed: endpoints": "when neither page[number] nor page[size] is given, the response is
 * not paginated and returns all results" with only `data`. ("Wire format of team-workspaces": the real service may send the
 * envelope anyway; the seed profile follows the seed, the current profile sends it.)
 */
export function listPaginatedOnRequest<T>(ctx: RequestContext, items: readonly T[], render: (item: T) => unknown): unknown {
  if (hasPageParams(ctx.query)) return pagedList(ctx, items, render);
  if (!ctx.store.profile.envelopeOnEveryList) return { data: items.map(render) };
  // Still every grant, on one page that says so (the Go client's test expects page 1 and a total).
  return pagedList(ctx, items, render, {}, { number: 1, size: Math.max(items.length, DEFAULT_PAGE_SIZE) });
}
