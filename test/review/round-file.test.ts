// Issue 38, Build 4: review.json, the round `review start` writes beside its sheets, is rendered in
// render/ against a published schema (schemas/review.schema.json) and read back by `review close`
// through one schema-checked reader: a malformed or wrong-shaped review.json is one line naming the
// file, exit 1, before any request.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { RoundRecord } from '../../src/core/review.js';
import { parseRound } from '../../src/pipeline/disk/review-round.js';
import { renderReviewRound } from '../../src/render/review/review-round.js';
import { reviewRoundSchema } from '../../src/render/schemas/review-round-schema.js';
import { ROOT, runCli } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';

const SCHEMA_FILE = join(ROOT, 'schemas', 'review.schema.json');

const ROUND: RoundRecord = {
  review: 'acme@2026-11-20T10:00:00Z',
  organization: 'acme',
  startedAt: '2026-11-20T10:00:00Z',
  by: 'team',
  complete: true,
  sheets: [
    { name: 'review-platform.csv', owner: 'platform', reviewers: ['alice'], rows: 3 },
    { name: 'review-unowned.csv', reviewers: [], rows: 0 },
  ],
};

/** `review close` of one sheet with `record` as review.json beside it, in a fresh directory. */
async function closeBeside(record: string): Promise<{ code: number; err: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tfe-access-round-'));
  await writeFile(join(dir, 'review-platform.csv'), 'not read before the round\n');
  await writeFile(join(dir, 'review.json'), record);
  const run = await runCli(['review', 'close', join(dir, 'review-platform.csv'), '--files', 'examples/acme'], {
    env: { TFE_TOKEN: 'unused', TFE_ADDRESS: 'http://127.0.0.1:9' },
  });
  return { code: run.code, err: run.err, path: join(dir, 'review.json') };
}

describe('review.json', () => {
  it('is rendered valid against its schema and read back as the round it records', () => {
    const text = renderReviewRound(ROUND, []);
    const validate = new Ajv2020({ strict: true }).compile(reviewRoundSchema());
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ started_at: ROUND.startedAt, sheets: [{ owner: 'platform' }, { owner: null }] });
    expect(parseRound('review.json', text)).toEqual({ round: ROUND, text });
  });

  it('records why a partial round is partial, valid against its schema; a round written before `incomplete` is still read', () => {
    const partial = { ...ROUND, complete: false };
    const text = renderReviewRound(partial, [{ code: 'teams-not-proven' }]);
    const validate = new Ajv2020({ strict: true }).compile(reviewRoundSchema());
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(JSON.parse(text).incomplete).toEqual([{ code: 'teams-not-proven', message: expect.stringMatching(/secret team/) }]);
    expect(parseRound('review.json', text).round).toEqual(partial);
    const { incomplete: _, ...older } = JSON.parse(text);
    expect(parseRound('review.json', JSON.stringify(older)).round).toEqual(partial);
  });

  it('schemas/review.schema.json is the schema built from the code', () => {
    const generated = `${JSON.stringify(reviewRoundSchema(), null, 2)}\n`;
    // Regenerate with: WRITE_SCHEMA=1 npx vitest run test/review/round-file.test.ts
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE)).toBe(true);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it.each([
    ['not JSON', '{"review": '],
    [
      'a row count that is no number',
      JSON.stringify({ ...JSON.parse(renderReviewRound(ROUND, [])), sheets: [{ name: 'review-platform.csv', owner: null, reviewers: [], rows: 'three' }] }),
    ],
    ['a round without its sheets', JSON.stringify({ review: 'acme@2026-11-20T10:00:00Z' })],
    ['an unknown --by', JSON.stringify({ ...JSON.parse(renderReviewRound(ROUND, [])), by: 'everyone' })],
  ])('%s: one line naming the file, exit 1, no stack', async (_, record) => {
    const run = await closeBeside(record);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`${run.path} is not the review.json review start writes`);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  // Issue 38, Build 5: read through the published schema compiled as every reader's is
  // (core/schema-problem.ts), the first problem said where and what, in the file's terms.
  it.each([
    ['a row count that is no number', (d: Record<string, any>) => (d.sheets[0].rows = 'three'), 'sheets[0].rows is not a whole number'],
    ['a negative row count', (d: Record<string, any>) => (d.sheets[0].rows = -1), 'sheets[0].rows is not a whole number'],
    ['an unknown --by', (d: Record<string, any>) => (d.by = 'everyone'), 'by is not team or person'],
    ['a round without its sheets', (d: Record<string, any>) => delete d.sheets, 'sheets is missing'],
    ['an owner of another type', (d: Record<string, any>) => (d.sheets[1].owner = 3), 'sheets[1].owner is not a string or null'],
  ])('%s: the problem named in its terms', (_, edit, problem) => {
    const document = JSON.parse(renderReviewRound(ROUND, [])) as Record<string, any>;
    edit(document);
    expect(() => parseRound('r/review.json', JSON.stringify(document))).toThrow(`r/review.json is not the review.json review start writes: ${problem}.`);
  });

  it('the built CLI reads it through the standalone validator: one line, exit 1, no stack', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tfe-access-round-'));
    await writeFile(join(dir, 'review-platform.csv'), 'not read before the round\n');
    await writeFile(join(dir, 'review.json'), JSON.stringify({ ...JSON.parse(renderReviewRound(ROUND, [])), by: 'everyone' }));
    const run = await spawnCli(['review', 'close', join(dir, 'review-platform.csv'), '--files', 'examples/acme'], {
      env: { TFE_TOKEN: 'unused', TFE_ADDRESS: 'http://127.0.0.1:9' },
    });
    expect(run).toMatchObject({ code: 1, out: '' });
    expect(run.err).toBe(`tfe-access review: ${join(dir, 'review.json')} is not the review.json review start writes: by is not team or person.\n`);
  });
});
