// `review.json` (docs/evidence.md, "Access reviews"): the round `review start` writes beside its
// sheets, as JSON valid against render/review-round-schema.ts. Pure.
import type { RoundRecord } from '../core/review.js';

export function renderReviewRound(round: RoundRecord): string {
  const record = {
    review: round.review,
    organization: round.organization,
    started_at: round.startedAt,
    by: round.by,
    complete: round.complete,
    sheets: round.sheets.map((s) => ({ name: s.name, owner: s.owner ?? null, reviewers: s.reviewers, rows: s.rows })),
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}
