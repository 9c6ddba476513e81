// A review sheet's rows and columns (docs/evidence.md, "Access reviews"). A row says who has what
// where, which review round it belongs to (`review`, in every row: a CSV comment would trip a
// spreadsheet), and a check over the columns `review start` wrote, so a row changed after it (a
// target renamed, an access lowered) is refused at `review close`. Pure.
import { type SheetRow, writtenFields } from '../core/review.js';
import { sha256Hex } from '../core/sha256.js';

/** The review round's id: the organization and when the round started. */
export const reviewIdOf = (organization: string, startedAt: string): string => `${organization}@${startedAt}`;

/** The organization a review id names (everything before the last `@`). */
export const organizationOfReview = (review: string): string => review.slice(0, Math.max(0, review.lastIndexOf('@')));

/** The row's check: the first 16 hex digits of the SHA-256 of what start wrote (tamper-evident, not secret). */
export function rowCheck(row: Omit<SheetRow, 'check'>): string {
  return sha256Hex(JSON.stringify(writtenFields(row))).slice(0, 16);
}

/** The sheet file of an owner; the rows no owner covers go to `review-unowned.csv`. */
export const sheetName = (owner: string | undefined): string => (owner === undefined ? 'review-unowned.csv' : `review-${owner}.csv`);
