// Lists that lie about their pages, one by one (the random fuzzer of api-answers.test.ts rarely
// hits the one key of a 100-item page that matters): `plan` must fail cleanly, never plan from
// part of a list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { type Recorded, replay, type Spoil, TOKEN } from './replay.js';
import { PLAN_ARGS, type Recording, recordPlan } from './world.js';

let recording: Recording;
let grantsPage1: string;

beforeAll(async () => {
  recording = await recordPlan();
  const key = [...recording.answers.keys()].find(
    (k) =>
      k.includes('/team-projects?') &&
      k.includes('page%5Bnumber%5D=1') &&
      JSON.parse(recording.answers.get(k)?.text ?? '{}').meta?.pagination?.['total-pages'] === 2,
  );
  if (!key) throw new Error('no two-page grant list recorded');
  grantsPage1 = key;
});
afterAll(() => recording.cleanup());

type Body = { meta?: unknown; links?: Record<string, unknown>; data?: unknown[] };

function editing(target: string, edit: (body: Body, key: string) => void): Spoil {
  return (key, answer) => {
    if (!key.startsWith(target)) return answer;
    const body = JSON.parse(answer.text) as Body;
    edit(body, key);
    return { ...answer, text: JSON.stringify(body) } satisfies Recorded;
  };
}

async function plan(spoil: Spoil): Promise<{ code: number; out: string; err: string; requests: number }> {
  const server = await replay(recording.answers, spoil);
  try {
    const run = await runCli(['plan', recording.dir, ...PLAN_ARGS], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: server.url } });
    return { ...run, requests: server.seen.length };
  } finally {
    await server.close();
  }
}

describe('lists that lie about their pages', () => {
  it('regression: a first page of 100 grants without meta.pagination, but with a next link, fails the read instead of planning from page 1 alone', async () => {
    const run = await plan(editing(grantsPage1, (body) => delete body.meta));
    expect(run.out).toBe('');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: .*Unreadable answer to GET \/team-projects.*next/);
  });

  it('regression: a first page whose meta is not an object fails the read instead of passing for an unpaginated list', async () => {
    const run = await plan(editing(grantsPage1, (body) => (body.meta = 'pagination')));
    expect(run.out).toBe('');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: .*Unreadable answer to GET \/team-projects.*meta/);
  });

  it('regression: a next page past total-pages fails at once instead of being followed up to MAX_PAGES', async () => {
    // Every page claims the same totals and points to the one after it, forever.
    const endless: Spoil = (key, answer) => {
      if (key.replace(/page%5Bnumber%5D=\d+/, '') !== grantsPage1.replace(/page%5Bnumber%5D=\d+/, '')) return answer;
      const page = Number(/page%5Bnumber%5D=(\d+)/.exec(key)?.[1] ?? 1);
      const body = JSON.parse(recording.answers.get(grantsPage1)?.text ?? '{}') as Body;
      body.data = page === 1 ? body.data : [];
      body.meta = { pagination: { 'current-page': page, 'next-page': page + 1, 'prev-page': null, 'total-pages': 2, 'total-count': 100, 'page-size': 100 } };
      return { ...answer, status: 200, text: JSON.stringify(body) };
    };
    const run = await plan(endless);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: .*Unreadable answer to GET \/team-projects.*page 3.*2 pages/);
    expect(run.requests).toBeLessThan(20);
  });

  it('stops at MAX_PAGES with a clear message when a list claims more pages', async () => {
    const run = await plan(editing(grantsPage1, (body) => ((body.meta as { pagination: Record<string, number> }).pagination['total-pages'] = 5000)));
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: .*Unreadable answer to GET \/team-projects.*5000 pages is more than the limit of 1000/);
  });
});
