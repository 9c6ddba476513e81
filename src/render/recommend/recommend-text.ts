// `recommend --format text`: one line per proposal (target, team, verdict, use, last use, who,
// why), then what was read and what could not be (docs/recommend.md, "The evidence").
import type { Proposal, Recommendation } from '../../core/recommendation.js';
import { plural } from '../shared/plural.js';
import { counts, NOT_READ_WORDS, partialWords, REASON_WORDS, sourceWords, usageWords, verdictWords, whoWords } from './recommend-words.js';

function proposalLines(p: Proposal): string[] {
  const head = `  ${p.target.type} ${JSON.stringify(p.target.name)}, team ${JSON.stringify(p.team.name)}: ${verdictWords(p)}`;
  const last = p.usage.lastUse === null ? '' : `, last ${p.usage.lastUse}`;
  const who = whoWords(p);
  const lines = [head, `    used: ${usageWords(p)}${last}${who === '' ? '' : ` (${who})`}`];
  if (p.usage.ambiguous.length > 0) lines.push(`    ambiguous: ${p.usage.ambiguous.join(', ')} could have used another team's access too`);
  if (p.reasons.length > 0) lines.push(`    why: ${p.reasons.map((r) => REASON_WORDS[r]).join('; ')}`);
  return lines;
}

export function renderRecommendationText(recommendation: Recommendation): string {
  const { keep, lower, remove } = counts(recommendation);
  const partial = partialWords(recommendation);
  const lines = [
    `Recommendations for "${recommendation.organization}", window ${recommendation.window.days} days (${recommendation.window.from} to ${recommendation.window.to}):`,
    `  ${plural(lower, 'grant')} to lower, ${remove} to remove, ${keep} to keep.`,
    ...(partial ? [partial] : []),
    '',
    ...recommendation.proposals.flatMap(proposalLines),
    '',
    `Read: ${sourceWords(recommendation)}.`,
    ...recommendation.sources.notRead.map((key) => `Not read: ${NOT_READ_WORDS[key] ?? key}.`),
  ];
  return `${lines.join('\n')}\n`;
}
