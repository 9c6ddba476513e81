// The service's total of a list, as an evidence manifest records it (docs/evidence.md, "Evidence
// bundle"): the `total-count` of a paginated answer once the list is read whole, null for an
// unpaginated answer, which gives none; never a request more.
import { describe, expect, it } from 'vitest';
import { allPages } from '../../src/api/paginate.js';
import type { ListPage } from '../../src/api/translate.js';

const item = (id: string) => ({ id });

describe('allPages onTotal', () => {
  it('tells the total-count of a paginated list, read over its pages, with no request more', async () => {
    const pages: Record<string, ListPage<{ id: string }>> = {
      '1': { items: [item('a')], page: { currentPage: 1, nextPage: 2, totalPages: 2, totalCount: 2 } },
      '2': { items: [item('b')], page: { currentPage: 2, nextPage: null, totalPages: 2, totalCount: 2 } },
    };
    const asked: string[] = [];
    const totals: (number | null)[] = [];
    const items = await allPages(async (q) => (asked.push(q['page[number]'] ?? ''), pages[q['page[number]'] ?? ''] as ListPage<{ id: string }>), {
      context: 'GET /x',
      onTotal: (t) => totals.push(t),
    });
    expect(items).toEqual([item('a'), item('b')]);
    expect(asked).toEqual(['1', '2']);
    expect(totals).toEqual([2]);
  });

  it('tells null for an unpaginated answer, and nothing for a list that fails its guards', async () => {
    const totals: (number | null)[] = [];
    await allPages(async () => ({ items: [item('a')] }), { context: 'GET /x', onTotal: (t) => totals.push(t) });
    expect(totals).toEqual([null]);
    const short = { items: [item('a')], page: { currentPage: 1, nextPage: null, totalPages: 1, totalCount: 2 } };
    await expect(allPages(async () => short, { context: 'GET /x', onTotal: (t) => totals.push(t) })).rejects.toThrow('read 1 items, the service counted 2');
    expect(totals).toEqual([null]);
  });
});
