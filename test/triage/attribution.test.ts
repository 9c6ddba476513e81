// Attribution after the plan (docs/drift.md, "Who changed it"), end to end but for the wire of the
// audit trail: the acme example against the emulator, the trail a scripted reader that counts its
// calls, the log a real file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditTrailRead, type AuditTrailReader } from '../../src/core/audit.js';
import { grantChanges, type Plan } from '../../src/core/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import type { AuditRequest } from '../../src/pipeline/reads/attribution.js';
import { openClient } from '../../src/pipeline/run/request.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import { CHECKPOINT_OVERLAP_MS } from '../../src/triage/log-window.js';
import { ROOT } from '../support/cli.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const PLATFORM = 'prj-lnRUcOl7uebdFUEI';
const AUDITORS = 'team-TxXSe8AeMqIlY2nM';
const INTERNS = 'team-mx9AeMRmLSnP64GL';

let emulator: RunningEmulator;
let connection: { env: Record<string, string>; rateLimit: number; concurrency: number };
let toolUser: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  connection = { env: { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url, HOME: '/nonexistent' }, rateLimit: 0, concurrency: 4 };
  const client = openClient(connection);
  toolUser = (await client.accountDetails())?.userId ?? 'none';
  await client.close();
});
afterAll(() => emulator.stop());

/** A trail of scripted events: what each call asked, and the pages a real read of them would take. */
class ScriptedTrail implements AuditTrailReader {
  readonly calls: string[] = [];
  constructor(public events: AuditEvent[]) {}
  readAuditTrail(since: string): Promise<AuditTrailRead> {
    this.calls.push(since);
    const after = this.events.filter((e) => Date.parse(e.at) > Date.parse(since));
    return Promise.resolve({ kind: 'read', events: after, pages: Math.max(1, Math.ceil(after.length / AUDIT_PAGE_SIZE)) });
  }
}

function grantEvent(id: string, at: number, action: string, team: string, actor: { id: string; name: string }): AuditEvent {
  return {
    id,
    at: new Date(at).toISOString(),
    actor: { ...actor, type: 'Client', impersonator: null },
    resourceType: 'project',
    resourceId: PLATFORM,
    action,
    team,
  };
}

async function planWith(audit: AuditRequest | undefined, now = NOW): Promise<Plan> {
  const result = await planFromFiles({ paths: ['examples/acme'], cwd: ROOT, connection, run: { now }, read: { concurrency: 4 }, ...(audit ? { audit } : {}) });
  return result.plan;
}

const whoOf = (plan: Plan): unknown[] => grantChanges(plan).map((c) => [c.action, c.team.name, c.attribution]);

describe('attribution in the plan pipeline', () => {
  it('drift without an audit token: every item says no-audit-token, no request more, the checksum the same', async () => {
    const before = emulator.requests.length;
    const plain = await planWith(undefined);
    const plainCost = emulator.requests.length - before;
    const drift = await planWith({ always: true });
    expect(emulator.requests.length - before - plainCost).toBe(plainCost);
    expect(drift.checksum).toBe(plain.checksum);
    expect(drift.audit).toEqual({ events: 0, pages: 0, unavailable: 'no-audit-token' });
    expect(grantChanges(drift).map((c) => c.attribution)).toEqual(grantChanges(plain).map(() => ({ unattributed: 'no-audit-token' })));
  });

  it('plan without an audit token: the plan as it was, no audit', async () => {
    const plan = await planWith({ always: false });
    expect(plan.audit).toBeUndefined();
    expect(grantChanges(plan).every((c) => c.attribution === undefined)).toBe(true);
  });

  it("with a trail: who removed the grant, self for the tool's own, and a reason for the rest", async () => {
    const trail = new ScriptedTrail([
      grantEvent('e1', NOW - 3 * DAY, 'remove_team', AUDITORS, { id: 'user-ana', name: 'ana' }),
      grantEvent('e2', NOW - 2 * DAY, 'add_team', 'interns', { id: toolUser, name: 'api-org-acme' }),
    ]);
    const plan = await planWith({ always: true, reader: trail, createdAt: () => Promise.resolve('2020-01-01T00:00:00Z') });
    expect(trail.calls).toEqual([new Date(NOW - 14 * DAY).toISOString()]);
    expect(whoOf(plan)).toEqual([
      [
        'add',
        'auditors',
        { actor: 'ana', type: 'Client', impersonator: null, at: new Date(NOW - 3 * DAY).toISOString(), event: 'project.remove_team', self: false },
      ],
      ['update', 'developers', { unattributed: 'older-than-retention' }],
      [
        'remove',
        'interns',
        { actor: 'api-org-acme', type: 'Client', impersonator: null, at: new Date(NOW - 2 * DAY).toISOString(), event: 'project.add_team', self: true },
      ],
      ['update', 'developers', { unattributed: 'older-than-retention' }],
    ]);
    expect(plan.audit).toEqual({ since: new Date(NOW - 14 * DAY).toISOString(), until: new Date(NOW).toISOString(), events: 2, pages: 1 });
  });

  it('an organization younger than what was read: no-matching-event (the created-at asked only then)', async () => {
    let asked = 0;
    const createdAt = (): Promise<string> => ((asked += 1), Promise.resolve(new Date(NOW - 5 * DAY).toISOString()));
    const plan = await planWith({ always: true, reader: new ScriptedTrail([]), createdAt });
    expect(asked).toBe(1);
    expect(new Set(grantChanges(plan).map((c) => JSON.stringify(c.attribution)))).toEqual(new Set([JSON.stringify({ unattributed: 'no-matching-event' })]));
    const all = new ScriptedTrail([
      grantEvent('a', NOW - DAY, 'remove_team', AUDITORS, { id: 'u', name: 'u' }),
      grantEvent('b', NOW - DAY, 'update_team_permissions', 'developers', { id: 'u', name: 'u' }),
      grantEvent('c', NOW - DAY, 'add_team', INTERNS, { id: 'u', name: 'u' }),
      {
        ...grantEvent('d', NOW - DAY, 'update_team_permissions', 'developers', { id: 'u', name: 'u' }),
        resourceType: 'workspace',
        resourceId: 'ws-ySC4XzINlJIDomRE',
      },
    ]);
    asked = 0;
    await planWith({ always: true, reader: all, createdAt });
    expect(asked).toBe(0);
  });

  it('a trail not available: every item says so, with the detail; the log is not touched', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'attr-')), 'audit.jsonl');
    const reader: AuditTrailReader = {
      readAuditTrail: () => Promise.resolve({ kind: 'unavailable', reason: 'not-available', detail: 'Terraform Enterprise has no audit trail' }),
    };
    const plan = await planWith({ always: true, reader, log });
    expect(plan.audit).toEqual({ events: 0, pages: 0, unavailable: 'not-available', detail: 'Terraform Enterprise has no audit trail' });
    expect(grantChanges(plan).every((c) => JSON.stringify(c.attribution) === '{"unattributed":"not-available"}')).toBe(true);
    expect(() => readFileSync(log)).toThrow(/ENOENT/);
  });
});

describe('the audit log across runs', () => {
  it('the second run reads only the events since the checkpoint, and still names who made the older item', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'attr-')), 'audit.jsonl');
    const old = grantEvent('e-old', NOW - 10 * DAY, 'remove_team', AUDITORS, { id: 'user-ana', name: 'ana' });
    const trail = new ScriptedTrail([old]);
    const first = await planWith({ always: true, reader: trail, log });
    expect(grantChanges(first)[0]?.attribution).toMatchObject({ actor: 'ana' });
    expect(first.audit).toMatchObject({ events: 1, pages: 1, logged: 0 });

    // Ten days on: the old event is 20 days old, forgotten by the service; 1,500 new ones since.
    const later = NOW + 10 * DAY;
    const noise = Array.from({ length: 1500 }, (_, i) => ({
      ...grantEvent(`n${i}`, NOW + DAY + i * 1000, 'add_team', 'team-other', { id: 'u', name: 'u' }),
      resourceId: 'ws-x',
    }));
    trail.events = noise;
    const second = await planWith({ always: true, reader: trail, log }, later);
    expect(trail.calls[1]).toBe(new Date(NOW - CHECKPOINT_OVERLAP_MS).toISOString());
    expect(second.audit).toMatchObject({ since: new Date(NOW - 14 * DAY).toISOString(), events: 1500, pages: 2, logged: 1 });
    expect(grantChanges(second)[0]?.attribution).toMatchObject({ actor: 'ana', event: 'project.remove_team' });

    // A third run an hour later: nothing new, one request, nothing written twice.
    await planWith({ always: true, reader: trail, log }, later + 60 * 60 * 1000);
    expect(trail.calls).toHaveLength(3);
    const lines = readFileSync(log, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; event?: { id: string } });
    const ids = lines.flatMap((l) => (l.event ? [l.event.id] : []));
    expect(ids).toHaveLength(1501);
    expect(new Set(ids).size).toBe(1501);
    expect(lines.filter((l) => l.kind === 'checkpoint')).toHaveLength(3);
  });

  it('a log of another organization is one error, and is left as it was', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'attr-')), 'audit.jsonl');
    const text = '{"kind":"checkpoint","format":1,"organization":"other","since":"2026-11-01T00:00:00.000Z","until":"2026-11-02T00:00:00.000Z","events":0}\n';
    writeFileSync(log, text);
    await expect(planWith({ always: true, reader: new ScriptedTrail([]), log })).rejects.toThrow(
      `--audit-log ${log} is the log of organization "other", not "acme"`,
    );
    expect(readFileSync(log, 'utf8')).toBe(text);
  });
});
