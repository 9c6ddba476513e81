// The matching of drift items to the audit trail's events (docs/drift.md, "Who changed it"): a table
// of cases, then a property over random events and items.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, AuditTokenType } from '../core/audit.js';
import type { DriftItem } from '../core/drift-item.js';
import type { MemberChange } from '../core/people.js';
import type { Change } from '../core/plan.js';
import { attributeItems } from './attribute.js';
import { matchItems, provisioningEvent } from './match.js';

const WS = { type: 'workspace', name: 'app-prod', id: 'ws-1' } as const;
const OPS = { name: 'ops', id: 'team-ops' };
const READ = { access: 'read' } as const;
const WRITE = { access: 'write' } as const;

let serial = 0;
function event(action: string, over: Partial<AuditEvent> = {}, actor: Partial<AuditEvent['actor']> = {}): AuditEvent {
  serial += 1;
  return {
    id: `ev-${serial}`,
    at: `2026-11-2${serial % 6}T10:00:00.000Z`,
    actor: { id: 'user-ana', name: 'ana', type: 'Client', impersonator: null, ...actor },
    resourceType: 'workspace',
    resourceId: WS.id,
    action,
    team: OPS.id,
    ...over,
  };
}

function grant(action: Change['action'], over: Record<string, unknown> = {}): DriftItem {
  const base = { resource: 'team-workspaces', team: OPS, target: WS } as const;
  const change =
    action === 'add'
      ? { ...base, action, after: WRITE }
      : action === 'update'
        ? { ...base, action, id: 'tws-1', before: READ, after: WRITE, labelOnly: false }
        : { ...base, action, id: 'tws-1', before: READ };
  return { kind: 'grant', change: { ...change, ...over } as Change };
}

function member(action: 'add' | 'remove', username: string | null = 'bo'): DriftItem {
  return { kind: 'member', change: { action, team: OPS, person: { email: 'bo@example.com', username, membershipId: 'ou-bo' } } as MemberChange };
}

const self = { ids: ['user-tool', 'team-owners'] };
const covered = { since: '2026-11-12T10:00:00.000Z', until: '2026-11-26T10:00:00.000Z', events: 3, pages: 1 };

function one(item: DriftItem, events: readonly AuditEvent[], createdAt?: string): unknown {
  return attributeItems({ items: [item], events, self, coverage: covered, createdAt })[0];
}

describe('matching a drift item to the latest event on it', () => {
  const addTeam = event('add_team');
  const cases: [string, DriftItem, AuditEvent[], unknown][] = [
    [
      'a grant live has that the files lack: the latest add_team',
      grant('remove'),
      [event('add_team', {}, { name: 'old' }), addTeam],
      { actor: 'ana', event: 'workspace.add_team' },
    ],
    [
      '... or update_team_permissions',
      grant('remove'),
      [event('update_team_permissions', {}, { name: 'cy' })],
      { actor: 'cy', event: 'workspace.update_team_permissions' },
    ],
    [
      'a grant live lacks: the latest remove_team',
      grant('add'),
      [event('add_team'), event('remove_team', {}, { name: 'dee' })],
      { actor: 'dee', event: 'workspace.remove_team' },
    ],
    ['a different level: update_team_permissions', grant('update'), [event('update_team_permissions', {}, { name: 'eve' })], { actor: 'eve' }],
    ['the team named by its name', grant('remove'), [event('add_team', { team: 'ops' }, { name: 'fay' })], { actor: 'fay' }],
    ['the latest event does not fit: undone since', grant('remove'), [event('add_team'), event('remove_team')], { unattributed: 'no-matching-event' }],
    ['an event of another target does not count', grant('remove'), [event('add_team', { resourceId: 'ws-2' })], { unattributed: 'older-than-retention' }],
    ['an event of another team does not count', grant('remove'), [event('add_team', { team: 'team-dev' })], { unattributed: 'older-than-retention' }],
    [
      'a project grant by its project id',
      grant('add', { target: { type: 'project', name: 'p', id: 'prj-1' }, resource: 'team-projects' }),
      [event('remove_team', { resourceType: 'project', resourceId: 'prj-1' })],
      { event: 'project.remove_team' },
    ],
    ["the tool's own user: self", grant('remove'), [event('add_team', {}, { id: 'user-tool', name: 'api-org-x' })], { actor: 'api-org-x', self: true }],
    ["the tool's team token: self", grant('remove'), [event('add_team', {}, { id: 'team-owners' })], { self: true }],
    [
      'impersonated',
      grant('remove'),
      [event('add_team', {}, { type: 'Impersonated', impersonator: 'admin-1' })],
      { type: 'Impersonated', impersonator: 'admin-1' },
    ],
    [
      'a person live has: the latest add_member',
      member('remove'),
      [event('add_member', { resourceType: 'team', resourceId: OPS.id, user: 'bo' })],
      { event: 'team.add_member' },
    ],
    [
      'a person live lacks: the latest remove_member',
      member('add'),
      [event('remove_member', { resourceType: 'team', resourceId: OPS.id, user: 'bo' })],
      { event: 'team.remove_member' },
    ],
    [
      "another person's event does not count",
      member('add'),
      [event('remove_member', { resourceType: 'team', resourceId: OPS.id, user: 'cy' })],
      { unattributed: 'older-than-retention' },
    ],
    [
      'a person with no username yet',
      member('remove', null),
      [event('add_member', { resourceType: 'team', resourceId: OPS.id, user: 'bo' })],
      { unattributed: 'older-than-retention' },
    ],
    [
      'a person removed from the organization by hand: organization_user destroy on the membership',
      { kind: 'member', change: { action: 'invite', person: { email: 'bo@example.com', membershipId: 'ou-bo' }, teams: [OPS] } },
      [event('destroy', { resourceType: 'organization_user', resourceId: 'ou-bo' })],
      { event: 'organization_user.destroy' },
    ],
    [
      'a person added to the organization by hand: organization_user create',
      { kind: 'member', change: { action: 'remove-from-organization', person: { email: 'bo@example.com', membershipId: 'ou-bo' }, teams: [] } },
      [
        event('create', { resourceType: 'organization_user', resourceId: 'ou-bo' }),
        event('update', { resourceType: 'organization_user', resourceId: 'ou-bo' }),
      ],
      { event: 'organization_user.create' },
    ],
    [
      'a team change: the trail records none',
      { kind: 'team', change: { action: 'delete', id: 'team-x', name: 'x', grants: [] } },
      [],
      { unattributed: 'not-recorded' },
    ],
  ];
  for (const [name, item, events, expected] of cases) {
    it(name, () => {
      expect(one(item, events)).toMatchObject(expected as object);
    });
  }

  it('the attribution is whole: actor, type, impersonator, at, event, self', () => {
    expect(one(grant('remove'), [addTeam])).toEqual({
      actor: 'ana',
      type: 'Client',
      impersonator: null,
      at: addTeam.at,
      event: 'workspace.add_team',
      self: false,
    });
  });

  it("no event: older-than-retention when the read does not reach the organization's creation, else no-matching-event", () => {
    expect(one(grant('remove'), [], '2025-01-01T00:00:00Z')).toEqual({ unattributed: 'older-than-retention' });
    expect(one(grant('remove'), [], '2026-11-20T00:00:00Z')).toEqual({ unattributed: 'no-matching-event' });
  });

  it("nothing could be read: every item says the coverage's reason; an expired grant of the files has none", () => {
    const items = [grant('add'), grant('remove', { reason: 'expired', expires: '2026-11-01T00:00:00Z' }), member('add')];
    const got = attributeItems({ items, events: [addTeam], self, coverage: { events: 0, pages: 0, unavailable: 'no-audit-token' } });
    expect(got).toEqual([{ unattributed: 'no-audit-token' }, undefined, { unattributed: 'no-audit-token' }]);
    expect(matchItems([items[1] as DriftItem], [addTeam])).toEqual([{ kind: 'exempt' }]);
  });
});

describe('the property: the chosen event is the latest that fits, self exactly when the accessor is ours', () => {
  const ACTIONS = ['add_team', 'update_team_permissions', 'remove_team', 'add_member', 'remove_member'];
  const FITS: Record<Change['action'], string[]> = {
    remove: ['add_team', 'update_team_permissions'],
    add: ['remove_team'],
    update: ['update_team_permissions', 'add_team'],
  };
  const TYPES: AuditTokenType[] = ['Client', 'Impersonated', 'System'];
  const arbEvent = fc.record({
    action: fc.constantFrom(...ACTIONS),
    target: fc.constantFrom('ws-1', 'ws-2', 'prj-1'),
    team: fc.constantFrom('team-ops', 'ops', 'team-dev'),
    actor: fc.constantFrom('user-ana', 'user-tool', 'team-owners', 'user-bo'),
    type: fc.constantFrom(...TYPES),
  });
  const arbItem = fc.record({ action: fc.constantFrom<Change['action']>('add', 'update', 'remove'), target: fc.constantFrom('ws-1', 'ws-2', 'prj-1') });

  it('holds for random events over random grant items', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 30 }), fc.array(arbItem, { minLength: 1, maxLength: 6 }), (raw, rawItems) => {
        const events = raw.map(
          (e, i): AuditEvent => ({
            id: `e${i}`,
            at: new Date(Date.UTC(2026, 10, 20) + i * 60_000).toISOString(),
            actor: { id: e.actor, name: e.actor, type: e.type, impersonator: null },
            resourceType: e.target.startsWith('prj') ? 'project' : 'workspace',
            resourceId: e.target,
            action: e.action,
            team: e.team,
          }),
        );
        const items = rawItems.map((r) =>
          grant(r.action, { target: { type: r.target.startsWith('prj') ? 'project' : 'workspace', name: r.target, id: r.target } }),
        );
        const got = attributeItems({ items, events, self, coverage: covered, createdAt: '2020-01-01T00:00:00Z' });
        got.forEach((attribution, index) => {
          const change = (items[index] as Extract<DriftItem, { kind: 'grant' }>).change;
          const on = events.filter(
            (e) => e.resourceId === change.target.id && ['team-ops', 'ops'].includes(e.team ?? '') && FITS.remove.concat(FITS.add).includes(e.action),
          );
          const last = on[on.length - 1];
          if (last === undefined) return expect(attribution).toEqual({ unattributed: 'older-than-retention' });
          if (!FITS[change.action].includes(last.action)) return expect(attribution).toEqual({ unattributed: 'no-matching-event' });
          expect(attribution).toMatchObject({
            at: last.at,
            actor: last.actor.name,
            event: `${last.resourceType}.${last.action}`,
            self: self.ids.includes(last.actor.id),
          });
          // No later event on the item's subject fits: the chosen one is the latest that fits.
          expect(on.filter((e) => e.at > last.at)).toEqual([]);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('provisioningEvent: who gave access live holds (review close, separation of duties)', () => {
  it("a grant: the latest event that added the team's grant on the target or set its level, by the team's id or name", () => {
    const added = event('add_team', {}, { name: 'bo' });
    const set = event('update_team_permissions', { team: OPS.name }, { name: 'ana' });
    const elsewhere = event('update_team_permissions', { resourceId: 'ws-2' }, { name: 'cy' });
    const other = event('update_team_permissions', { team: 'team-dev' }, { name: 'cy' });
    const held = { kind: 'grant', targetId: WS.id, team: OPS } as const;
    expect(provisioningEvent(held, [added, set, elsewhere, other])).toBe(set);
    expect(provisioningEvent(held, [added, elsewhere])).toBe(added);
    expect(provisioningEvent(held, [elsewhere, other])).toBeUndefined();
  });

  it('a member: the latest add_member of that username to the team; a removal is passed over', () => {
    const added = event('add_member', { resourceType: 'team', resourceId: OPS.id, user: 'dee' }, { name: 'bo' });
    const removed = event('remove_member', { resourceType: 'team', resourceId: OPS.id, user: 'dee' }, { name: 'ana' });
    const someoneElse = event('add_member', { resourceType: 'team', resourceId: OPS.id, user: 'eve' }, { name: 'cy' });
    const held = { kind: 'member', teamId: OPS.id, username: 'dee' } as const;
    expect(provisioningEvent(held, [added, removed, someoneElse])).toBe(added);
    expect(provisioningEvent(held, [someoneElse])).toBeUndefined();
  });
});
