// What every format of `recommend` says alike (docs/recommend.md, "The evidence"): a proposal's
// access in short, its verdict, why it was held up, what was read and what could not be.

import { RESOURCE_OF } from '../../core/model.js';
import { permissionsOf } from '../../core/permissions.js';
import type { KeepReason, Proposal, Recommendation } from '../../core/recommendation.js';
import { USAGE_ACTIONS } from '../../core/usage.js';
import { accessShortForm } from '../shared/access-short.js';
import { reasonText } from '../shared/coverage.js';
import { plural } from '../shared/plural.js';

export const REASON_WORDS: { readonly [R in KeepReason]: string } = {
  owners: 'the owners team: never proposed',
  'ignore-teams': 'in ignore-teams: never proposed',
  'too-recent': 'younger than the window: too recent to judge',
  dismissed: 'dismissed in the files until its date, and no new evidence lowers it further',
  'min-access': "a policy's min-access",
  'reads-unknown': 'reads of state and variables are not seen: kept',
  used: 'the actions counted need it',
  'no-smaller-access': 'no smaller access covers what it needs',
};

export const NOT_READ_WORDS: Readonly<Record<string, string>> = {
  reads: 'reads of state and variables (the runs index never shows them, and no audit trail was read): never lowered on runs alone',
  'reads-before-trail':
    "reads of state and variables: the window is longer than the audit trail's 14 days, so reads before them are not known: never lowered on runs alone (a window of 14d counts them)",
  'reads-unmapped':
    "the workspace of some reads of state or variables (a variable, a state version since deleted, a list): each keeps its permission on the grants of its reader's teams",
  'grant-ages':
    'when each grant was made (the API does not say, and no audit token was given or the trail is not available): a grant younger than the window is not told apart',
  'grant-ages-before-trail': "when each grant older than the audit trail's 14 days was made: such a grant younger than the window is not told apart",
};

/** `admin`, `custom: plan, vars r, state r`, or `none` for a removal. */
export function accessWords(proposal: Proposal, which: 'current' | 'proposed'): string {
  const access = which === 'current' ? proposal.current : proposal.proposed;
  if (access === null) return 'none';
  const resource = RESOURCE_OF[proposal.target.type];
  return accessShortForm({ target: proposal.target, access: access.access, permissions: permissionsOf(resource, access) });
}

/** `keep admin`, `lower admin to plan`, `remove admin`. */
export function verdictWords(proposal: Proposal): string {
  const now = accessWords(proposal, 'current');
  if (proposal.kind === 'keep') return `keep ${now}`;
  if (proposal.kind === 'remove') return `remove ${now}`;
  return `lower ${now} to ${accessWords(proposal, 'proposed')}`;
}

/** `2 plans, 1 apply` or `no use`. */
export function usageWords(proposal: Proposal): string {
  const parts = USAGE_ACTIONS.filter((a) => proposal.usage.counts[a] > 0).map((a) =>
    plural(proposal.usage.counts[a], a === 'apply' ? 'apply' : a, a === 'apply' ? 'applies' : `${a}s`),
  );
  return parts.length > 0 ? parts.join(', ') : 'no use';
}

/** The people and tokens behind a proposal's actions. */
export function whoWords(proposal: Proposal): string {
  const { people, tokens } = proposal.usage;
  return [...people, ...tokens.map((t) => `token ${t}`)].join(', ');
}

/** `3 pages of the runs index, 120 runs in 90 days`. */
export function sourceWords(recommendation: Recommendation): string {
  const { runsIndex, unattributed } = recommendation.sources;
  const runs = `${plural(runsIndex.pages, 'page')} of the runs index, ${plural(runsIndex.runs, 'run')} in ${recommendation.window.days} days`;
  return unattributed > 0 ? `${runs} (${plural(unattributed, 'run')} by no one the token sees, counted for nothing)` : runs;
}

export const counts = (recommendation: Recommendation): { keep: number; lower: number; remove: number } => ({
  keep: recommendation.proposals.filter((p) => p.kind === 'keep').length,
  lower: recommendation.proposals.filter((p) => p.kind === 'lower').length,
  remove: recommendation.proposals.filter((p) => p.kind === 'remove').length,
});

/** `Partial: REASONS; nothing is proposed about a grant the token cannot see.` when the read is not known to be whole. */
export function partialWords(recommendation: Recommendation): string | undefined {
  const { coverage } = recommendation;
  if (coverage.complete) return undefined;
  const reasons = coverage.reasons.length > 0 ? coverage.reasons.map(reasonText).join('; ') : 'the read is not known to be whole';
  return `Partial: ${reasons}; nothing is proposed about a grant the token cannot see.`;
}
