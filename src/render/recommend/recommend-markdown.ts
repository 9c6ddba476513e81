// `recommend --format markdown`: a pull request's body (docs/recommend.md): the proposals as a
// table, each with its evidence, then what was read and what could not be.
import type { Proposal, Recommendation } from '../../core/recommendation.js';
import { escapeCell } from '../shared/markdown-text.js';
import { plural } from '../shared/plural.js';
import { counts, NOT_READ_WORDS, partialWords, REASON_WORDS, sourceWords, usageWords, verdictWords, whoWords } from './recommend-words.js';

function row(p: Proposal): string {
  const ambiguous = p.usage.ambiguous.length > 0 ? ` (ambiguous: ${p.usage.ambiguous.join(', ')})` : '';
  const cells = [
    `${p.target.type} ${p.target.name}`,
    p.team.name,
    verdictWords(p),
    usageWords(p),
    p.usage.lastUse ?? '',
    `${whoWords(p)}${ambiguous}`,
    p.reasons.map((r) => REASON_WORDS[r]).join('; '),
  ];
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}

export function renderRecommendationMarkdown(recommendation: Recommendation): string {
  const { keep, lower, remove } = counts(recommendation);
  const partial = partialWords(recommendation);
  const lines = [
    `### Least privilege from usage: ${escapeCell(recommendation.organization)}`,
    '',
    `Window: ${recommendation.window.days} days (${recommendation.window.from} to ${recommendation.window.to}). ${plural(lower, 'grant')} to lower, ${remove} to remove, ${keep} to keep.`,
    '',
    ...(partial ? ['> [!WARNING]', `> ${escapeCell(partial)}`, ''] : []),
    '| target | team | proposal | used | last use | by | why |',
    '|---|---|---|---|---|---|---|',
    ...recommendation.proposals.map(row),
    '',
    `Read: ${sourceWords(recommendation)}.`,
    '',
    ...recommendation.sources.notRead.map((key) => `- Not read: ${NOT_READ_WORDS[key] ?? key}.`),
  ];
  return `${lines.join('\n')}\n`;
}
