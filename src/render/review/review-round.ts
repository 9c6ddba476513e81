// `review.json` (docs/evidence.md, "Access reviews"): the round `review start` writes beside its
// sheets, as JSON valid against render/schemas/review-round-schema.ts. Pure.
import type { IncompleteReason } from '../../core/coverage.js';
import { reasonFacts } from '../../core/coverage-document.js';
import type { RoundRecord } from '../../core/review.js';
import { reasonText } from '../shared/coverage.js';

/** `incomplete`: why start's live read is not known to be whole, each reason's facts and words as the report's JSON gives them. */
export function renderReviewRound(round: RoundRecord, incomplete: readonly IncompleteReason[]): string {
  const record = {
    review: round.review,
    organization: round.organization,
    started_at: round.startedAt,
    by: round.by,
    complete: round.complete,
    ...(round.indirect === undefined ? {} : { indirect: round.indirect }),
    incomplete: incomplete.map((reason) => ({ ...reasonFacts(reason), message: reasonText(reason) })),
    sheets: round.sheets.map((s) => ({ name: s.name, owner: s.owner ?? null, reviewers: s.reviewers, rows: s.rows })),
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}
