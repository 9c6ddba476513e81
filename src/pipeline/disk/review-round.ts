// `review.json` of `review start` (docs/evidence.md, "Access reviews"): written beside the sheets as
// render/review/review-round.ts renders it, and read back by `review close` through the one reader below,
// checked against its published schema (render/schemas/review-round-schema.ts, schemas/review.schema.json).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RoundRecord } from '../../core/review.js';
import { schemaProblem } from '../../core/schema-problem.js';
import { CLIError } from '../../errors.js';
import { validateReviewRound } from './review-round-validator.js';

export const ROUND_FILE = 'review.json';

/** The round as read back: the record, and its text as start wrote it (for the bundle). */
export interface ReadRound {
  readonly round: RoundRecord;
  readonly text: string;
}

interface RoundJson {
  review: string;
  organization: string;
  started_at: string;
  by: RoundRecord['by'];
  complete: boolean;
  indirect?: boolean;
  sheets: { name: string; owner: string | null; reviewers: string[]; rows: number }[];
}

/** What is wrong with the parsed text, in one line (core/schema-problem.ts); undefined when it is a round. */
const problemOf = (data: unknown): string | undefined => (validateReviewRound(data) ? undefined : schemaProblem(validateReviewRound.errors));

/** A review.json's text as the round, or one error naming the file. */
export function parseRound(path: string, text: string): ReadRound {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CLIError(`${path} is not the review.json review start writes: not JSON.`);
  }
  const problem = problemOf(data);
  if (problem !== undefined) throw new CLIError(`${path} is not the review.json review start writes: ${problem}.`);
  const json = data as RoundJson;
  const sheets = json.sheets.map((s) => ({ name: s.name, reviewers: s.reviewers, rows: s.rows, ...(s.owner === null ? {} : { owner: s.owner }) }));
  const round = {
    review: json.review,
    organization: json.organization,
    startedAt: json.started_at,
    by: json.by,
    complete: json.complete,
    sheets,
    ...(json.indirect === undefined ? {} : { indirect: json.indirect }),
  };
  return { round, text };
}

/** The round of `review start` beside a sheet, when its review.json is there. */
export async function roundBeside(sheet: string): Promise<ReadRound | undefined> {
  const path = join(dirname(sheet), ROUND_FILE);
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new CLIError(`cannot read ${path}.`);
  }
  return parseRound(path, text);
}
