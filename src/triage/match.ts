// Which event of the audit trail left each drift item as live access has it (docs/drift.md, "Who
// changed it"). Pure: the items and the events in, one match per item out. The latest event on
// the item's subject decides: a later event undoes an earlier one, so an earlier event that fits
// is not who made the item when a later one does not.
import type { AuditEvent } from '../core/audit.js';
import type { DriftItem } from '../core/drift-item.js';
import type { MemberChange } from '../core/people.js';
import type { Change, ChangeOf, PlanChangeKind } from '../core/plan.js';

/** What the events say of one item, before the coverage and the tool's identity are known. */
export type ItemMatch =
  /** The latest event on the item's subject, and it fits the item. */
  | { readonly kind: 'event'; readonly event: AuditEvent }
  /** The latest event on the subject does not fit the item (it was undone since, outside the trail). */
  | { readonly kind: 'contradicted' }
  /** No event on the subject. */
  | { readonly kind: 'none' }
  /** The trail records no event of this kind (team settings, a team made or deleted). */
  | { readonly kind: 'not-recorded' }
  /** No drift to attribute: a grant of the files that has ended (its removal is the files' own doing). */
  | { readonly kind: 'exempt' };

/** The grant events of workspaces and projects (docs/api.md, "Audit trail"). */
const GRANT_ACTIONS: ReadonlySet<string> = new Set(['add_team', 'update_team_permissions', 'remove_team']);
/** Which latest grant event leaves live access as each action of the plan finds it. */
const GRANT_FITS: { readonly [A in Change['action']]: ReadonlySet<string> } = {
  // Live has a grant the files lack: someone added it, or set its level since.
  remove: new Set(['add_team', 'update_team_permissions']),
  // Live lacks a grant the files want: someone removed it.
  add: new Set(['remove_team']),
  // Live has another level: someone set it (or added it at that level).
  update: new Set(['update_team_permissions', 'add_team']),
};

const MEMBER_ACTIONS: ReadonlySet<string> = new Set(['add_member', 'remove_member']);
/** A person in a team the files leave out was added; a person the files list and live lacks was removed. */
const MEMBER_FITS = { remove: 'add_member', add: 'remove_member' } as const;

/** A membership of the organization is made and ended by these; an `update` changes neither. */
const ORGANIZATION_ACTIONS: ReadonlySet<string> = new Set(['create', 'destroy']);
const ORGANIZATION_FITS = { invite: 'destroy', 'remove-from-organization': 'create' } as const;

/** The last of `events` (oldest first) that `on` selects, or undefined. */
function latest(events: readonly AuditEvent[], on: (event: AuditEvent) => boolean): AuditEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event !== undefined && on(event)) return event;
  }
  return undefined;
}

function decide(event: AuditEvent | undefined, fits: (action: string) => boolean): ItemMatch {
  if (event === undefined) return { kind: 'none' };
  return fits(event.action) ? { kind: 'event', event } : { kind: 'contradicted' };
}

/** An event of `actions` on the team's grant on the target. The docs do not say whether `team` names the team by id or by name: either is taken. */
const onGrant =
  (targetId: string, team: { readonly id: string; readonly name: string }, actions: ReadonlySet<string>) =>
  (e: AuditEvent): boolean =>
    e.resourceId === targetId && actions.has(e.action) && e.team !== undefined && (e.team === team.id || e.team === team.name);

/** An event of `actions` on the person with `username` in the team. */
const onMember =
  (teamId: string, username: string, actions: ReadonlySet<string>) =>
  (e: AuditEvent): boolean =>
    e.resourceId === teamId && actions.has(e.action) && e.user === username;

function grantMatch(change: Change, events: readonly AuditEvent[]): ItemMatch {
  if (change.action === 'remove' && change.reason === 'expired') return { kind: 'exempt' };
  const event = latest(events, onGrant(change.target.id, change.team, GRANT_ACTIONS));
  return decide(event, (action) => GRANT_FITS[change.action].has(action));
}

function memberMatch(change: MemberChange, events: readonly AuditEvent[]): ItemMatch {
  switch (change.action) {
    case 'add':
    case 'remove': {
      const { team, person } = change;
      const username = person.username;
      // A person who has not registered has no username: no member event can name them.
      if (username === undefined || username === null) return { kind: 'none' };
      const event = latest(events, onMember(team.id, username, MEMBER_ACTIONS));
      return decide(event, (action) => action === MEMBER_FITS[change.action]);
    }
    case 'invite':
    case 'remove-from-organization': {
      // organization_user events carry the standard fields only: the membership is their resource.
      const membership = change.person.membershipId;
      if (membership === undefined) return { kind: 'none' };
      const event = latest(events, (e) => e.resourceType === 'organization_user' && e.resourceId === membership && ORGANIZATION_ACTIONS.has(e.action));
      return decide(event, (action) => action === ORGANIZATION_FITS[change.action]);
    }
  }
}

/** The events by the resource they are on, each list oldest first: an item reads only its own. */
function byResource(events: readonly AuditEvent[]): (id: string) => readonly AuditEvent[] {
  const lists = new Map<string, AuditEvent[]>();
  for (const event of events) {
    const list = lists.get(event.resourceId);
    if (list) list.push(event);
    else lists.set(event.resourceId, [event]);
  }
  return (id) => lists.get(id) ?? [];
}

/** The resource whose events decide a member change: the team, or the membership. */
function memberResource(change: MemberChange): string {
  return 'team' in change ? change.team.id : (change.person.membershipId ?? '');
}

/**
 * How an item of each kind finds its events: the resource they are on and the match among them. A
 * new kind does not compile until it has its row (`not-recorded` when the trail records none).
 */
const MATCHERS: { readonly [K in PlanChangeKind]: (change: ChangeOf<K>, on: (id: string) => readonly AuditEvent[]) => ItemMatch } = {
  grant: (change, on) => grantMatch(change, on(change.target.id)),
  member: (change, on) => memberMatch(change, on(memberResource(change))),
  team: () => ({ kind: 'not-recorded' }),
  // docs/api.md, "Tokens": the trail records tokens made and revoked, not the lifetime policy.
  'token-policy': () => ({ kind: 'not-recorded' }),
};

/**
 * One match per item, in the items' order; `events` oldest first. Each item reads the events of its
 * own resource (its target, team or membership), so a long trail costs one pass, not one per item.
 */
export function matchItems(items: readonly DriftItem[], events: readonly AuditEvent[]): ItemMatch[] {
  const on = byResource(events);
  return items.map(<K extends PlanChangeKind>(item: { kind: K; change: ChangeOf<K> }) => MATCHERS[item.kind](item.change, on));
}

/** Access live holds, as a review row names it: a team's grant on a target, or a person (by username) in a team. */
export type HeldAccess =
  | { readonly kind: 'grant'; readonly targetId: string; readonly team: { readonly id: string; readonly name: string } }
  | { readonly kind: 'member'; readonly teamId: string; readonly username: string };

/**
 * The event that provisioned access live holds (review close, separation of duties): the latest that
 * gave it, as a drift item's `remove` finds it (GRANT_FITS.remove, MEMBER_FITS.remove); an event
 * taking it away is passed over, so who gave it is still named when the trail also shows a removal
 * undone outside it. `events` oldest first.
 */
export function provisioningEvent(held: HeldAccess, events: readonly AuditEvent[]): AuditEvent | undefined {
  return held.kind === 'grant'
    ? latest(events, onGrant(held.targetId, held.team, GRANT_FITS.remove))
    : latest(events, onMember(held.teamId, held.username, new Set([MEMBER_FITS.remove])));
}
