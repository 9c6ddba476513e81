// The audit log's file (docs/drift.md, "Keep what the service forgets"): read whole, replaced whole
// through a file beside it and a rename, so a stop never leaves half a line.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/core/audit.js';
import { appendAuditLog, type LogFiles, readAuditLog } from '../../src/live/audit-log.js';
import { checkpointLine, eventLine } from '../../src/triage/log-format.js';

const event: AuditEvent = {
  id: 'e1',
  at: '2026-11-20T14:03:00.000Z',
  actor: { id: 'user-ana', name: 'ana', type: 'Client', impersonator: null },
  resourceType: 'workspace',
  resourceId: 'ws-1',
  action: 'add_team',
  team: 'team-ops',
};
const checkpoint = { organization: 'acme', since: '2026-11-12T00:00:00.000Z', until: '2026-11-26T00:00:00.000Z', events: 1 };
const dir = (): string => mkdtempSync(join(tmpdir(), 'audit-log-'));

describe('the audit log file', () => {
  it('a file not there yet is an empty log; written, it reads back (in a directory made for it)', async () => {
    const path = join(dir(), 'cache', 'audit.jsonl');
    const first = await readAuditLog(path);
    expect(first.log).toEqual({ events: [], checkpoints: [] });
    await appendAuditLog(first, `${eventLine(event)}${checkpointLine(checkpoint)}`);
    const second = await readAuditLog(path);
    expect(second.log).toEqual({ events: [event], checkpoints: [checkpoint] });
    await appendAuditLog(second, checkpointLine({ ...checkpoint, events: 0 }));
    expect((await readAuditLog(path)).log.checkpoints).toHaveLength(2);
  });

  it('a file edited by hand without its last newline: the next line does not join it', async () => {
    const path = join(dir(), 'audit.jsonl');
    writeFileSync(path, eventLine(event).trimEnd());
    await appendAuditLog(await readAuditLog(path), checkpointLine(checkpoint));
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
    expect((await readAuditLog(path)).log.events).toEqual([event]);
  });

  it('a corrupt file: one error naming the line', async () => {
    const path = join(dir(), 'audit.jsonl');
    writeFileSync(path, `${eventLine(event)}not json\n`);
    await expect(readAuditLog(path)).rejects.toThrow(`--audit-log ${path}: line 2 is not a line of an audit log (it is not JSON)`);
  });

  it('a path that cannot be read: one error', async () => {
    const path = join(dir(), 'a-directory');
    mkdirSync(path);
    await expect(readAuditLog(path)).rejects.toThrow(new RegExp(`^--audit-log ${path}: cannot read it \\(`));
  });

  for (const failing of ['writeFile', 'rename'] as const) {
    it(`stopped in the middle (${failing} fails): the file is as it was, and nothing is left beside it`, async () => {
      const folder = dir();
      const path = join(folder, 'audit.jsonl');
      const before = `${eventLine(event)}${checkpointLine(checkpoint)}`;
      writeFileSync(path, before);
      const files: LogFiles = {
        readFile,
        mkdir,
        rm,
        rename: failing === 'rename' ? () => Promise.reject(new Error('interrupted')) : rename,
        // Half the text is written, then the write stops, as a kill in the middle would leave it.
        writeFile:
          failing === 'writeFile'
            ? async (p, text, options) => {
                await writeFile(p, text.slice(0, text.length / 2), options);
                throw new Error('interrupted');
              }
            : writeFile,
      };
      const file = await readAuditLog(path, files);
      await expect(appendAuditLog(file, eventLine({ ...event, id: 'e2' }), files)).rejects.toThrow(
        `--audit-log ${path}: cannot write it (interrupted); the file is as it was.`,
      );
      expect(readFileSync(path, 'utf8')).toBe(before);
      expect(readdirSync(folder)).toEqual(['audit.jsonl']);
    });
  }

  it('a temporary file a killed run left is replaced, not a reason to fail', async () => {
    const folder = dir();
    const path = join(folder, 'audit.jsonl');
    writeFileSync(`${path}.${process.pid}.tmp`, '{"half');
    await appendAuditLog(await readAuditLog(path), checkpointLine(checkpoint));
    expect(readdirSync(folder)).toEqual(['audit.jsonl']);
  });
});
