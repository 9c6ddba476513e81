// `recommend --format csv`: one row per proposal, the evidence in columns (docs/recommend.md).
import type { Proposal, Recommendation } from '../../core/recommendation.js';
import { USAGE_ACTIONS } from '../../core/usage.js';
import { csvLine } from '../review/review-csv.js';
import { accessWords } from './recommend-words.js';

export const RECOMMEND_CSV_HEADER = [
  'target_type',
  'target',
  'team',
  'proposal',
  'current',
  'proposed',
  ...USAGE_ACTIONS.map((a) => `${a}_count`),
  'last_use',
  'people',
  'tokens',
  'ambiguous',
  'reasons',
  // false on every row when the token could not see every team: nothing is proposed about a grant it did not read.
  'complete',
];

function row(p: Proposal, complete: boolean): string[] {
  return [
    p.target.type,
    p.target.name,
    p.team.name,
    p.kind,
    accessWords(p, 'current'),
    accessWords(p, 'proposed'),
    ...USAGE_ACTIONS.map((a) => String(p.usage.counts[a])),
    p.usage.lastUse ?? '',
    p.usage.people.join(' '),
    p.usage.tokens.join(' '),
    p.usage.ambiguous.join(' '),
    p.reasons.join(' '),
    String(complete),
  ];
}

export function renderRecommendationCsv(recommendation: Recommendation): string {
  return `${[RECOMMEND_CSV_HEADER, ...recommendation.proposals.map((p) => row(p, recommendation.coverage.complete))].map(csvLine).join('\r\n')}\r\n`;
}
