// The audit trail's body read (docs/api.md, "Audit trail"): the docs' sample, and every place the
// docs leave open or contradict themselves read tolerantly; what is not an event is a WireFormatError.
import { describe, expect, it } from 'vitest';
import { WireFormatError } from '../../src/api/errors/wire-format-error.js';
import { auditPageFrom, organizationCreatedAtFrom } from '../../src/api/translate-audit.js';

// The docs' sample response (audit-trails page, "List an organization's audit events").
const DOCS_SAMPLE = {
  data: [
    {
      id: 'ae66e491-db59-457c-8445-9c908ee726ae',
      version: '0',
      type: 'Resource',
      timestamp: '2020-06-30T17:52:46.000Z',
      auth: { accessor_id: 'user-MaPuLxAXvtq2PWTH', description: 'pveverka', type: 'Client', impersonator_id: null, organization_id: 'org-AGLwRmx1snv34Yts' },
      request: { id: '4df584d4-7e2a-01e6-6cc0-4adbefa020e6' },
      resource: { id: 'at-sjt83qTw3GZatuPm', type: 'authentication_token', action: 'create', meta: null },
    },
  ],
  pagination: { current_page: 1, prev_page: null, next_page: 2, total_pages: 8, total_count: 778 },
};

type Event = (typeof DOCS_SAMPLE.data)[number];
const withEvent = (change: (e: any) => void, pagination: unknown = DOCS_SAMPLE.pagination) => {
  const event = structuredClone(DOCS_SAMPLE.data[0]) as Event;
  change(event);
  return { data: [event], pagination };
};

describe('auditPageFrom', () => {
  it("reads the docs' sample: the event in the tool's words, and the next page", () => {
    expect(auditPageFrom(DOCS_SAMPLE, 'GET /organization/audit-trail')).toEqual({
      currentPage: 1,
      nextPage: 2,
      events: [
        {
          id: 'ae66e491-db59-457c-8445-9c908ee726ae',
          at: '2020-06-30T17:52:46.000Z',
          actor: { id: 'user-MaPuLxAXvtq2PWTH', name: 'pveverka', type: 'Client', impersonator: null },
          resourceType: 'authentication_token',
          resourceId: 'at-sjt83qTw3GZatuPm',
          action: 'create',
        },
      ],
    });
  });

  it('no next page: null, 0 (as go-tfe decodes null), or missing', () => {
    for (const next of [null, 0, undefined]) {
      const page = auditPageFrom({ data: [], pagination: { current_page: 2, next_page: next } }, 'x');
      expect(page.nextPage).toBeUndefined();
      expect(page.currentPage).toBe(2);
    }
  });

  it('version as a string, a number or missing; meta null or missing', () => {
    for (const change of [(e: any) => (e.version = 0), (e: any) => delete e.version, (e: any) => delete e.resource.meta]) {
      expect(auditPageFrom(withEvent(change), 'x').events[0]?.action).toBe('create');
    }
  });

  it('grant events: meta.team an id or a name, kept as given; member events: meta.user', () => {
    const grant = withEvent((e) => {
      e.resource = { id: 'ws-1', type: 'workspace', action: 'add_team', meta: { team: 'developers', permissions: { access: 'read' } } };
    });
    expect(auditPageFrom(grant, 'x').events[0]).toMatchObject({ resourceType: 'workspace', resourceId: 'ws-1', action: 'add_team', team: 'developers' });
    const member = withEvent((e) => (e.resource = { id: 'team-1', type: 'team', action: 'add_member', meta: { user: 'ana' } }));
    expect(auditPageFrom(member, 'x').events[0]).toMatchObject({ action: 'add_member', user: 'ana' });
    expect(auditPageFrom(member, 'x').events[0]).not.toHaveProperty('team');
  });

  it('the extra fields beside meta are read too (the docs do not say where they sit)', () => {
    const beside = withEvent((e) => (e.resource = { id: 'prj-1', type: 'project', action: 'remove_team', team: 'team-9', meta: null }));
    expect(auditPageFrom(beside, 'x').events[0]?.team).toBe('team-9');
  });

  it('an impersonated actor keeps the impersonator; a resource type the tool does not know is kept', () => {
    const event = withEvent((e) => {
      e.auth.type = 'Impersonated';
      e.auth.impersonator_id = 'user-staff';
      e.resource = { id: 'run-1', type: 'run', action: 'apply', meta: { anything: [1, 2] } };
    });
    expect(auditPageFrom(event, 'x').events[0]).toMatchObject({
      actor: { type: 'Impersonated', impersonator: 'user-staff' },
      resourceType: 'run',
      action: 'apply',
    });
  });

  it('a description null reads as the accessor id', () => {
    expect(
      auditPageFrom(
        withEvent((e) => (e.auth.description = null)),
        'x',
      ).events[0]?.actor.name,
    ).toBe('user-MaPuLxAXvtq2PWTH');
  });

  it.each([
    ['no data list', { pagination: {} }, /data is missing, expected an array/],
    [
      'an unknown auth type',
      withEvent((e) => (e.auth.type = 'Robot')),
      /data\[0\]\.auth\.type is the string "Robot", expected one of Client, Impersonated, System/,
    ],
    ['a timestamp that is no time', withEvent((e) => (e.timestamp = 'yesterday')), /data\[0\]\.timestamp .* expected an ISO 8601 time/],
    ['no action', withEvent((e) => delete e.resource.action), /data\[0\]\.resource\.action is missing/],
  ])('%s is a WireFormatError naming where', (_name, body, message) => {
    expect(() => auditPageFrom(body, 'GET /organization/audit-trail')).toThrow(WireFormatError);
    expect(() => auditPageFrom(body, 'GET /organization/audit-trail')).toThrow(message);
  });
});

describe('organizationCreatedAtFrom', () => {
  it('reads created-at as an ISO time; absent or not a time is undefined', () => {
    const doc = (attributes: unknown) => ({ data: { id: 'acme', type: 'organizations', attributes } });
    expect(organizationCreatedAtFrom(doc({ 'created-at': '2026-01-02T03:04:05.000Z' }), 'x')).toBe('2026-01-02T03:04:05.000Z');
    expect(organizationCreatedAtFrom(doc({}), 'x')).toBeUndefined();
    expect(organizationCreatedAtFrom(doc({ 'created-at': 'long ago' }), 'x')).toBeUndefined();
  });
});
