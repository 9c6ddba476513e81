// Each drift item's attribution (docs/drift.md, "Who changed it"): the matched event in the
// plan's words, `self` when the tool's own token made it, or why nobody is named. Pure.
import type { Attribution, AuditCoverage, AuditEvent, SelfIdentity, UnattributedReason } from '../core/audit.js';
import type { DriftItem } from '../core/drift-item.js';
import type { TokenIdentity } from '../core/identity.js';
import { type ItemMatch, matchItems } from './match.js';

/**
 * Whether what was read reaches back to the organization's creation: then an item with no event
 * was made by none the trail records; else the change may be older than what can be seen.
 */
export type Reach = 'reaches-back' | 'short';

/** The ids the trail names the tool's own token by: its (service) user, and the team or organization it belongs to. */
export function selfIdentityOf(identity: TokenIdentity | undefined): SelfIdentity {
  if (identity === undefined) return { ids: [] };
  return { ids: identity.resourceId === identity.userId ? [identity.userId] : [identity.userId, identity.resourceId] };
}

export function attributedOf(event: AuditEvent, self: SelfIdentity): Attribution {
  return {
    actor: event.actor.name,
    type: event.actor.type,
    impersonator: event.actor.impersonator,
    at: event.at,
    event: `${event.resourceType}.${event.action}`,
    self: self.ids.includes(event.actor.id),
  };
}

/** Some item has no event: whether the window reaches back decides its reason (and is asked only then). */
export function needsReach(matches: readonly ItemMatch[]): boolean {
  return matches.some((m) => m.kind === 'none');
}

/** Reaches back when the organization was made at or after the oldest instant the read covers. */
export function reachOf(since: string | undefined, createdAt: string | undefined): Reach {
  if (since === undefined || createdAt === undefined) return 'short';
  return Date.parse(createdAt) >= Date.parse(since) ? 'reaches-back' : 'short';
}

function settle(match: ItemMatch, self: SelfIdentity, reach: Reach): Attribution | undefined {
  switch (match.kind) {
    case 'event':
      return attributedOf(match.event, self);
    case 'contradicted':
      return { unattributed: 'no-matching-event' };
    case 'none':
      return { unattributed: reach === 'reaches-back' ? 'no-matching-event' : 'older-than-retention' };
    case 'not-recorded':
      return { unattributed: 'not-recorded' };
    case 'exempt':
      return undefined;
  }
}

export function settleMatches(matches: readonly ItemMatch[], self: SelfIdentity, reach: Reach): (Attribution | undefined)[] {
  return matches.map((m) => settle(m, self, reach));
}

/** Nothing could be read: every item says why (an ended grant of the files is still no drift). */
export function unavailableAttributions(items: readonly DriftItem[], reason: UnattributedReason): (Attribution | undefined)[] {
  return matchItems(items, []).map((m) => (m.kind === 'exempt' ? undefined : { unattributed: reason }));
}

/** The whole decision for data already read: `createdAt` is the organization's, when it was asked. */
export function attributeItems(input: {
  readonly items: readonly DriftItem[];
  readonly events: readonly AuditEvent[];
  readonly self: SelfIdentity;
  readonly coverage: AuditCoverage;
  readonly createdAt?: string | undefined;
}): (Attribution | undefined)[] {
  const { items, coverage } = input;
  if (coverage.unavailable !== undefined) return unavailableAttributions(items, coverage.unavailable);
  return settleMatches(matchItems(items, input.events), input.self, reachOf(coverage.since, input.createdAt));
}
