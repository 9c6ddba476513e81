// The audit log's lines and the window a run reads (docs/drift.md, "Keep what the service forgets").
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../core/audit.js';
import { type AuditLog, checkpointLine, eventLine, parseAuditLog } from './log-format.js';
import { appendedText, CHECKPOINT_OVERLAP_MS, checkOrganization, eventsToMatch, newEvents, readWindow } from './log-window.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

const ev = (id: string, at: number): AuditEvent => ({
  id,
  at: iso(at),
  actor: { id: 'user-ana', name: 'ana', type: 'Client', impersonator: null },
  resourceType: 'workspace',
  resourceId: 'ws-1',
  action: 'add_team',
  team: 'team-ops',
});
const cp = (since: number, until: number) => ({ organization: 'acme', since: iso(since), until: iso(until), events: 0 });

describe('the lines of an audit log', () => {
  it('round trip: events and checkpoints parse back as written', () => {
    const event = { ...ev('a', NOW - DAY), actor: { id: 'u', name: 'n', type: 'Impersonated' as const, impersonator: 'admin' } };
    const { team: _team, ...noTeam } = ev('b', NOW);
    const text = `${eventLine(event)}${eventLine({ ...noTeam, user: 'bo' })}${checkpointLine(cp(NOW - 2 * DAY, NOW))}`;
    expect(parseAuditLog(text, 'log.jsonl')).toEqual({ events: [event, { ...noTeam, user: 'bo' }], checkpoints: [cp(NOW - 2 * DAY, NOW)] });
  });

  it('a corrupt line is one error naming the file and the line', () => {
    const good = eventLine(ev('a', NOW));
    expect(() => parseAuditLog(`${good}{"kind":"event","event":{"id":"x"}}\n`, 'log.jsonl')).toThrow(
      /^--audit-log log\.jsonl: line 2 is not a line of an audit log \(event\.at is missing\)/,
    );
    expect(() => parseAuditLog(`${good}${good}{"kind":"ev`, 'l')).toThrow(/line 3 is not a line of an audit log \(it is not JSON\)/);
    expect(() => parseAuditLog('{"kind":"checkpoint","format":2}\n', 'l')).toThrow(/line 1 .*format 2, not 1/);
    expect(() => parseAuditLog('[]\n', 'l')).toThrow(/line 1 .*not a JSON object/);
  });

  it('a log of another organization is one error', () => {
    const log = parseAuditLog(checkpointLine({ ...cp(NOW - DAY, NOW), organization: 'other' }), 'l');
    expect(() => checkOrganization(log, 'acme', 'l')).toThrow(
      '--audit-log l is the log of organization "other", not "acme"; give each organization its own file.',
    );
    expect(() => checkOrganization(log, 'other', 'l')).not.toThrow();
  });
});

describe('the window of a run', () => {
  const empty: AuditLog = { events: [], checkpoints: [] };

  it("no log: the service's 14 days, and that is all it covers", () => {
    expect(readWindow(empty, NOW)).toEqual({ since: iso(NOW - 14 * DAY), coveredSince: iso(NOW - 14 * DAY), logged: [] });
  });

  it('a checkpoint: read from it (a few minutes before), and the log reaches back past 14 days when unbroken', () => {
    const log: AuditLog = {
      events: [ev('old', NOW - 30 * DAY), ev('mid', NOW - 10 * DAY)],
      checkpoints: [cp(NOW - 40 * DAY, NOW - 20 * DAY), cp(NOW - 20 * DAY - 1, NOW - DAY)],
    };
    const window = readWindow(log, NOW);
    expect(window.since).toBe(iso(NOW - DAY - CHECKPOINT_OVERLAP_MS));
    expect(window.coveredSince).toBe(iso(NOW - 40 * DAY));
    expect(window.logged.map((e) => e.id)).toEqual(['old', 'mid']);
  });

  it('a gap between checkpoints: the span starts after it, and the events before it do not count', () => {
    const log: AuditLog = {
      events: [ev('before-gap', NOW - 30 * DAY), ev('after', NOW - 5 * DAY)],
      checkpoints: [cp(NOW - 40 * DAY, NOW - 25 * DAY), cp(NOW - 10 * DAY, NOW - DAY)],
    };
    const window = readWindow(log, NOW);
    expect(window.coveredSince).toBe(iso(NOW - 10 * DAY));
    expect(window.logged.map((e) => e.id)).toEqual(['after']);
  });

  it('a log older than the retention: a gap the service forgot, never claimed as covered', () => {
    const log: AuditLog = { events: [ev('old', NOW - 20 * DAY)], checkpoints: [cp(NOW - 30 * DAY, NOW - 16 * DAY)] };
    const window = readWindow(log, NOW);
    expect(window.since).toBe(iso(NOW - 14 * DAY));
    expect(window.coveredSince).toBe(iso(NOW - 14 * DAY));
    expect(window.logged).toEqual([]);
  });

  it('an event already in the log is never written twice, nor one read twice in one read', () => {
    const log: AuditLog = { events: [ev('a', NOW - DAY)], checkpoints: [cp(NOW - 2 * DAY, NOW - DAY)] };
    const fresh = newEvents(log, [ev('a', NOW - DAY), ev('b', NOW - 1000), ev('b', NOW - 1000)]);
    expect(fresh.map((e) => e.id)).toEqual(['b']);
    const text = appendedText('acme', readWindow(log, NOW), NOW, fresh);
    expect(parseAuditLog(text, 'l')).toEqual({
      events: fresh,
      checkpoints: [{ organization: 'acme', since: iso(NOW - DAY - CHECKPOINT_OVERLAP_MS), until: iso(NOW), events: 1 }],
    });
  });

  it('the events to match: each once, oldest first, equal times in their order', () => {
    const got = eventsToMatch([ev('b', NOW - 1), ev('c', NOW - 1)], [ev('a', NOW - 2), ev('d', NOW)]);
    expect(got.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
