// `recommend --format json` (schemas/recommend.schema.json, render/schemas/recommend-schema.ts):
// the window, what was read and what could not be, and each proposal with its evidence.

import { reasonFacts } from '../../core/coverage-document.js';
import { type Access, RESOURCE_OF, type ReportedAccess } from '../../core/model.js';
import { permissionsOf } from '../../core/permissions.js';
import type { Proposal, Recommendation } from '../../core/recommendation.js';
import { reasonText } from '../shared/coverage.js';

export const RECOMMEND_FORMAT_VERSION = 1;

function accessDocument(proposal: Proposal, access: Access | ReportedAccess | null): unknown {
  if (access === null) return null;
  if (access.access !== 'custom') return { access: access.access };
  return { access: 'custom', permissions: permissionsOf(RESOURCE_OF[proposal.target.type], access) };
}

function proposalDocument(p: Proposal): unknown {
  return {
    team: p.team,
    target: p.target,
    proposal: p.kind,
    current: accessDocument(p, p.current),
    proposed: accessDocument(p, p.proposed),
    reasons: p.reasons,
    ambiguous: p.usage.ambiguous.length > 0,
    evidence: {
      actions: p.usage.counts,
      last_use: p.usage.lastUse,
      people: p.usage.people,
      tokens: p.usage.tokens,
      ambiguous_with: p.usage.ambiguous,
    },
  };
}

export function recommendationDocument(recommendation: Recommendation): unknown {
  const { runsIndex, notRead, unattributed } = recommendation.sources;
  return {
    format_version: RECOMMEND_FORMAT_VERSION,
    organization: recommendation.organization,
    window: recommendation.window,
    custom: recommendation.custom,
    sources: { runs_index: runsIndex, not_read: notRead, unattributed_runs: unattributed },
    complete: recommendation.coverage.complete,
    incomplete: recommendation.coverage.reasons.map((reason) => ({ ...reasonFacts(reason), message: reasonText(reason) })),
    proposals: recommendation.proposals.map(proposalDocument),
  };
}

export function renderRecommendationJson(recommendation: Recommendation): string {
  return `${JSON.stringify(recommendationDocument(recommendation), null, 2)}\n`;
}
