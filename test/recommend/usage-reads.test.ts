// recommend's reads from the audit trail (src/pipeline/reads/usage-reads.ts; docs/recommend.md,
// "Reads from the audit trail"): each distinct state version asked once and never one the usage log
// already maps; a variable, a list or a 404 maps to no workspace; events before the window or of
// other kinds are left out. And the usage log's state-version lines, written and read back.
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/core/audit.js';
import { parseUsageLog, usageLogText } from '../../src/core/usage-log.js';
import { readsFromTrail } from '../../src/pipeline/reads/usage-reads.js';

const event = (type: string, action: string, id: string, user: string, at = '2026-11-20T00:00:00.000Z'): AuditEvent => ({
  id: `${type}-${action}-${id}-${user}-${at}`,
  at,
  actor: { id: `user-${user}`, name: user, type: 'Client', impersonator: null },
  resourceType: type,
  resourceId: id,
  action,
});

describe('readsFromTrail', () => {
  it('asks each new state version once, maps a var, a list and a 404 to nothing, and leaves out older and other events', async () => {
    const asked: string[] = [];
    const client = {
      stateVersionWorkspace: async (id: string) => {
        asked.push(id);
        return id === 'sv-gone' ? undefined : `ws-of-${id}`;
      },
    };
    const events = [
      event('state_version', 'show', 'sv-1', 'ana'),
      event('state_version', 'show', 'sv-1', 'bo'),
      event('state_version', 'show', 'sv-known', 'ana'),
      event('state_version', 'show', 'sv-gone', 'ana'),
      event('state_version', 'index', 'sv-2', 'ana'),
      event('var', 'show', 'var-1', 'bo'),
      event('state_version', 'create', 'sv-3', 'ana'),
      event('workspace', 'add_team', 'ws-1', 'ana'),
      event('state_version', 'show', 'sv-old', 'ana', '2026-11-01T00:00:00.000Z'),
    ];
    const read = await readsFromTrail(client, events, Date.parse('2026-11-10T00:00:00.000Z'), new Map([['sv-known', 'ws-k']]));
    expect(asked.sort()).toEqual(['sv-1', 'sv-gone']);
    expect(read.reads.map((r) => [r.action, r.userId, r.workspaceId])).toEqual([
      ['read-state', 'user-ana', 'ws-of-sv-1'],
      ['read-state', 'user-bo', 'ws-of-sv-1'],
      ['read-state', 'user-ana', 'ws-k'],
      ['read-state', 'user-ana', null],
      ['read-state', 'user-ana', null],
      ['read-variables', 'user-bo', null],
    ]);
    expect(read.unmapped).toBe(3);
    expect([...read.stateVersions]).toEqual([
      ['sv-known', 'ws-k'],
      ['sv-1', 'ws-of-sv-1'],
      ['sv-gone', null],
    ]);
  });
});

describe('the usage log keeps the state versions asked', () => {
  it('writes one line per state version after the runs and reads them back', () => {
    const log = {
      organization: 'acme',
      coversFrom: '2026-11-01T00:00:00.000Z',
      readTo: '2026-11-15T00:00:00.000Z',
      coverage: { runsIndex: 'complete' as const },
      checkpoint: null,
      runs: [],
      stateVersions: new Map<string, string | null>([
        ['sv-1', 'ws-1'],
        ['sv-gone', null],
      ]),
    };
    const text = usageLogText(log);
    expect(text.split('\n').slice(1)).toEqual(['{"state_version":"sv-1","workspace":"ws-1"}', '{"state_version":"sv-gone","workspace":null}', '']);
    expect(parseUsageLog(text)).toEqual(log);
  });
});
