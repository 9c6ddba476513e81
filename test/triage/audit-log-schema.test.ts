// Issue 38, Build 5: the audit log's lines are read through Ajv and their schema
// (src/triage/log-schema.ts), compiled as every reader's is (core/schema-problem.ts), never field by
// field by hand: a line of another shape is one error naming the file, the line and where and what.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { checkpointLine, eventLine, parseAuditLog } from '../../src/triage/log-format.js';
import { spawnCli } from '../support/spawn-cli.js';

const EVENT = {
  id: 'ae-1',
  at: '2026-11-20T10:00:00Z',
  actor: { id: 'user-1', name: 'alice', type: 'Client' as const, impersonator: null },
  resourceType: 'team-workspace',
  resourceId: 'tws-1',
  action: 'create',
  team: 'team-1',
};
const GOOD = eventLine(EVENT);
const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe('the lines of an audit log through their schema', () => {
  it('reads back what it writes', () => {
    const checkpoint = { organization: 'acme', since: '2026-11-19T00:00:00Z', until: '2026-11-20T00:00:00Z', events: 1 };
    expect(parseAuditLog(`${GOOD}${checkpointLine(checkpoint)}`, 'l')).toEqual({ events: [EVENT], checkpoints: [checkpoint] });
  });

  it.each([
    [
      'an actor of no known type',
      { kind: 'event', event: { ...EVENT, actor: { ...EVENT.actor, type: 'Robot' } } },
      'event.actor.type is not Client, Impersonated or System',
    ],
    [
      'an impersonator of another type',
      { kind: 'event', event: { ...EVENT, actor: { ...EVENT.actor, impersonator: 3 } } },
      'event.actor.impersonator is not a string or null',
    ],
    ['an event without its action', { kind: 'event', event: { ...EVENT, action: undefined } }, 'event.action is missing'],
    ['a team that is no string', { kind: 'event', event: { ...EVENT, team: 7 } }, 'event.team is not a string'],
    ['a time that is no time', { kind: 'event', event: { ...EVENT, at: 'yesterday' } }, 'event.at is not a time'],
    [
      'a checkpoint with a count of no number',
      { kind: 'checkpoint', format: 1, organization: 'acme', since: 'x', until: 'y', events: -1 },
      'events is not a whole number',
    ],
    ['a line of another kind', { kind: 'note' }, 'kind is not event or checkpoint'],
  ])('%s: one error naming the file, the line and what', (_, value, problem) => {
    expect(() => parseAuditLog(`${GOOD}${line(value)}`, 'log.jsonl')).toThrow(
      `--audit-log log.jsonl: line 2 is not a line of an audit log (${problem}); restore the file from its cache, or move it away to start a new log.`,
    );
  });
});

describe('drift --audit-log of a log with a line of another shape', () => {
  let emulator: RunningEmulator;
  const dir = mkdtempSync(join(tmpdir(), 'tfe-audit-schema-'));
  beforeAll(async () => {
    emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  });
  afterAll(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one line, exit 1, no stack trace (the built CLI, its standalone validator)', async () => {
    const log = join(dir, 'audit.jsonl');
    writeFileSync(log, `${GOOD}${line({ kind: 'event', event: { ...EVENT, actor: { ...EVENT.actor, type: 'Robot' } } })}`);
    const run = await spawnCli(['drift', 'examples/acme', '--audit-log', log, '--rate-limit', '0'], {
      env: { TFE_TOKEN: DEMO_TOKEN, TFE_AUDIT_TOKEN: 'audit-token-unused', TFE_ADDRESS: emulator.url },
    });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toContain(`--audit-log ${log}: line 2 is not a line of an audit log (event.actor.type is not Client, Impersonated or System)`);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).not.toMatch(/\n\s+at /);
  });
});
