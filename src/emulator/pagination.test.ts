import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PaginationMeta, pageLinks, pageRequest, paginate, totalPages } from './pagination.js';

const query = (params: Record<string, string>): URLSearchParams => new URLSearchParams(params);

describe('pagination arithmetic (docs/api.md, "Pagination")', () => {
  it('every page has the right slice and the envelope adds up, over random sizes and page parameters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 450 }), fc.integer({ min: 1, max: 150 }), fc.integer({ min: 1, max: 30 }), (total, askedSize, number) => {
        const items = Array.from({ length: total }, (_, i) => i);
        const page = pageRequest(query({ 'page[number]': String(number), 'page[size]': String(askedSize) }));
        const size = Math.min(askedSize, MAX_PAGE_SIZE);
        expect(page).toEqual({ number, size });
        const { data, meta } = paginate(items, page);
        const pages = Math.max(1, Math.ceil(total / size));
        expect(meta['total-count']).toBe(total);
        expect(meta['total-pages']).toBe(pages);
        expect(meta['page-size']).toBe(size);
        expect(meta['current-page']).toBe(number);
        expect(data).toEqual(items.slice((number - 1) * size, number * size));
        expect(data.length).toBe(Math.max(0, Math.min(size, total - (number - 1) * size)));
        expect(meta['next-page']).toBe(number < pages ? number + 1 : null);
        expect(meta['prev-page']).toBe(number > 1 ? Math.min(number - 1, pages) : null);
      }),
    );
  });

  it('walking next-page from page 1 visits every item exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }), (total, size) => {
        const items = Array.from({ length: total }, (_, i) => i);
        const seen: number[] = [];
        let next: number | null = 1;
        let visited = 0;
        while (next !== null) {
          const { data, meta }: { data: number[]; meta: PaginationMeta } = paginate(items, { number: next, size });
          seen.push(...data);
          next = meta['next-page'];
          visited += 1;
        }
        expect(seen).toEqual(items);
        expect(visited).toBe(totalPages(total, size));
      }),
    );
  });

  it('a page past the end is empty, with the real totals', () => {
    const { data, meta } = paginate([1, 2, 3], { number: 5, size: 2 });
    expect(data).toEqual([]);
    expect(meta).toMatchObject({ 'current-page': 5, 'next-page': null, 'total-pages': 2, 'total-count': 3 });
  });

  it('defaults to page 1 of 20, caps the size at 100 and ignores malformed values', () => {
    expect(pageRequest(query({}))).toEqual({ number: 1, size: DEFAULT_PAGE_SIZE });
    expect(pageRequest(query({ 'page[size]': '1000' }))).toEqual({ number: 1, size: 100 });
    expect(pageRequest(query({ 'page[number]': '0', 'page[size]': 'x' }))).toEqual({ number: 1, size: 20 });
    expect(pageRequest(query({ 'page[number]': '-3', 'page[size]': '2.5' }))).toEqual({ number: 1, size: 20 });
  });

  it('links keep the other parameters and percent-encode the brackets, as in pagination-envelope.example.json', () => {
    const base = 'http://127.0.0.1:1/api/v2/team-projects';
    const q = query({ 'filter[project][id]': 'prj-1', 'page[number]': '2', 'page[size]': '20' });
    const { meta } = paginate(
      Array.from({ length: 41 }, (_, i) => i),
      pageRequest(q),
    );
    const links = pageLinks(base, q, meta);
    expect(links.self).toBe(`${base}?filter%5Bproject%5D%5Bid%5D=prj-1&page%5Bnumber%5D=2&page%5Bsize%5D=20`);
    expect(links.prev).toBe(`${base}?filter%5Bproject%5D%5Bid%5D=prj-1&page%5Bnumber%5D=1&page%5Bsize%5D=20`);
    expect(links.last).toContain('page%5Bnumber%5D=3');
    expect(links.first).toContain('page%5Bnumber%5D=1');
  });
});
