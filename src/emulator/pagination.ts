// Pagination arithmetic of the real API, pure (docs/api.md, "Pagination" and "Seed: pagination envelope"):
// `page[number]` starts at 1, `page[size]` defaults to 20 with a maximum of 100, a page past the end
// answers an empty `data`, and the envelope carries `links` {self, first, prev, next, last} and
// `meta.pagination` {current-page, page-size, prev-page, next-page, total-pages, total-count}.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGE_NUMBER_PARAM = 'page[number]';
export const PAGE_SIZE_PARAM = 'page[size]';

export interface PageRequest {
  readonly number: number;
  readonly size: number;
}

export interface PaginationMeta {
  'current-page': number;
  'page-size': number;
  'prev-page': number | null;
  'next-page': number | null;
  'total-pages': number;
  'total-count': number;
}

export interface PageLinks {
  self: string;
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** Out-of-range or malformed values fall back to page 1 and the default size; sizes cap at 100. */
export function pageRequest(query: URLSearchParams): PageRequest {
  const size = positiveInt(query.get(PAGE_SIZE_PARAM)) ?? DEFAULT_PAGE_SIZE;
  return { number: positiveInt(query.get(PAGE_NUMBER_PARAM)) ?? 1, size: Math.min(size, MAX_PAGE_SIZE) };
}

export function hasPageParams(query: URLSearchParams): boolean {
  return query.has(PAGE_NUMBER_PARAM) || query.has(PAGE_SIZE_PARAM);
}

/** An empty list still has one (empty) page, so `first` and `last` are always page 1 or more. */
export function totalPages(totalCount: number, size: number): number {
  return Math.max(1, Math.ceil(totalCount / size));
}

export function paginate<T>(items: readonly T[], page: PageRequest): { data: T[]; meta: PaginationMeta } {
  const pages = totalPages(items.length, page.size);
  const start = (page.number - 1) * page.size;
  return {
    data: items.slice(start, start + page.size),
    meta: {
      'current-page': page.number,
      'page-size': page.size,
      'prev-page': page.number > 1 ? Math.min(page.number - 1, pages) : null,
      'next-page': page.number < pages ? page.number + 1 : null,
      'total-pages': pages,
      'total-count': items.length,
    },
  };
}

/** Absolute links as the real service writes them: other parameters kept, brackets percent-encoded. */
export function pageLinks(base: string, query: URLSearchParams, meta: PaginationMeta): PageLinks {
  const link = (n: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of query) if (key !== PAGE_NUMBER_PARAM && key !== PAGE_SIZE_PARAM) params.append(key, value);
    params.append(PAGE_NUMBER_PARAM, String(n));
    params.append(PAGE_SIZE_PARAM, String(meta['page-size']));
    return `${base}?${params.toString()}`;
  };
  return {
    self: link(meta['current-page']),
    first: link(1),
    prev: meta['prev-page'] === null ? null : link(meta['prev-page']),
    next: meta['next-page'] === null ? null : link(meta['next-page']),
    last: link(meta['total-pages']),
  };
}
