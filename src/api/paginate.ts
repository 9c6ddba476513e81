// Reading every page of a list. docs/api.md, "Pagination": `page[number]` starts at 1, `page[size]`
// is at most 100, a page past the end is an empty 200, the envelope is `meta.pagination`. An answer
// without `meta.pagination` is unpaginated and holds everything (docs/api.md, "Seed: endpoints": the team-workspaces list
// without page parameters; "Wire format of team-workspaces" says the real service may send the envelope anyway, so both
// are accepted). The guards stop a server that loops, skips or changes its totals mid-read: a list
// read wrong would become a wrong plan.
import { InconsistentListError } from './errors/inconsistent-list-error.js';
import type { ListPage } from './translate.js';

export const PAGE_SIZE = 100;
/** 100 000 items: far beyond any organization; a server past it is looping. */
export const MAX_PAGES = 1000;
/** Reads of a whole list from page 1 again after its pages did not add up. */
export const LIST_RESTARTS = 1;

export type FetchPage<T> = (query: Record<string, string>) => Promise<ListPage<T>>;

export interface PageOptions {
  /** For messages: `GET /team-projects?filter[project][id]=prj-1`. */
  readonly context: string;
  readonly maxPages?: number;
  /** Told the service's `total-count` of the list once it is read whole (null: an unpaginated answer, which gives none). */
  readonly onTotal?: (total: number | null) => void;
}

/** Every item of a paginated list, in the service's order; read again once if the pages disagree. */
export async function allPages<T extends { readonly id: string }>(fetch: FetchPage<T>, options: PageOptions): Promise<T[]> {
  for (let restarts = 0; ; restarts++) {
    try {
      const first = await fetchPage(fetch, 1);
      const items = await rest(fetch, first, options);
      options.onTotal?.(first.page ? first.page.totalCount : null);
      return items;
    } catch (error: unknown) {
      if (!(error instanceof InconsistentListError) || restarts >= LIST_RESTARTS) throw error;
    }
  }
}

/** One page of `page[size]=100`. */
export function fetchPage<T>(fetch: FetchPage<T>, number: number): Promise<ListPage<T>> {
  return fetch({ 'page[number]': String(number), 'page[size]': String(PAGE_SIZE) });
}

/** The pages after `first` (already fetched), with every consistency guard. */
export async function rest<T extends { readonly id: string }>(fetch: FetchPage<T>, first: ListPage<T>, options: PageOptions): Promise<T[]> {
  const maxPages = options.maxPages ?? MAX_PAGES;
  const fail = (problem: string): never => {
    throw new InconsistentListError(options.context, `${problem}; the list may have changed while it was read, run again`);
  };
  const items: T[] = [];
  const seen = new Set<string>();
  const add = (page: ListPage<T>): void => {
    for (const item of page.items) {
      if (seen.has(item.id)) fail(`${item.id} appeared on two pages`);
      seen.add(item.id);
      items.push(item);
    }
  };
  add(first);
  const total = first.page;
  if (!total) return items; // unpaginated answer: everything at once
  if (total.currentPage !== 1) fail(`asked for page 1, got page ${total.currentPage}`);
  if (total.totalPages > maxPages) fail(`${total.totalPages} pages is more than the limit of ${maxPages}`);
  let next = total.nextPage;
  let current = 1;
  while (next !== null) {
    checkNext(current, next, total, maxPages, fail);
    const page = await fetchPage(fetch, next);
    const info = checkPage(page, next, total, fail);
    add(page);
    current = next;
    next = info.nextPage;
  }
  if (current !== total.totalPages && !(total.totalPages === 0 && current === 1)) fail(`stopped at page ${current} of ${total.totalPages}`);
  if (items.length !== total.totalCount) fail(`read ${items.length} items, the service counted ${total.totalCount}`);
  return items;
}

type Pagination = NonNullable<ListPage<unknown>['page']>;

/** The page after `current` must be the next one, within the list's pages and the limit. */
function checkNext(current: number, next: number, total: Pagination, maxPages: number, fail: (problem: string) => never): void {
  if (next !== current + 1) fail(`page ${current} points to page ${next} as the next one`);
  // Without this, a server that always says "next" would be followed up to maxPages.
  if (next > total.totalPages) fail(`page ${current} points to page ${next}, past the last of ${total.totalPages} pages`);
  if (next > maxPages) fail(`more than ${maxPages} pages`);
}

/** A later page must be the one asked for, with the first page's totals. */
function checkPage(page: ListPage<unknown>, next: number, total: Pagination, fail: (problem: string) => never): Pagination {
  if (!page.page) fail(`page ${next} has no pagination`);
  const info = page.page as Pagination;
  if (info.currentPage !== next) fail(`asked for page ${next}, got page ${info.currentPage}`);
  if (info.totalCount !== total.totalCount || info.totalPages !== total.totalPages) {
    fail(`the total changed from ${total.totalCount} to ${info.totalCount} items between pages`);
  }
  return info;
}
