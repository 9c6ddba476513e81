// Conformance of the audit trail's body (docs/api.md, "Audit trail"): the docs' verbatim sample
// (audit-trail.response.json) and the reconstructed team event beside the clone
// (../shared/api/samples/teams) have the same keys and nesting as the emulator's answer, the
// `version` a string as in the sample. Read where the folder exists, never copied into the project.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { AUDIT_SEED, testClock } from './audit-seed.js';
import { client } from './helpers.js';
import { shapeDiff } from './shape.js';

const SAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/api/samples/teams');

function sample(name: string): any {
  return JSON.parse(readFileSync(resolve(SAMPLES, name), 'utf8'));
}

if (!existsSync(SAMPLES)) {
  describe('audit trail conformance with ../shared/api/samples/teams', () => {
    it('has no samples folder beside this clone', () => {
      expect(existsSync(SAMPLES)).toBe(false);
    });
  });
} else {
  describe('audit trail conformance with ../shared/api/samples/teams', () => {
    let emu: RunningEmulator;
    afterEach(() => emu.stop());

    it.each([
      ['audit-trail.response.json', '/organizations/acme/authentication-token', { data: { type: 'authentication-token' } }, 'at-'],
      ['audit-trail.team-add-member.RECONSTRUCTED.response.json', '/teams/team-obs/relationships/users', { data: [{ type: 'users', id: 'bo' }] }, 'team-'],
    ])('%s', async (name, path, body, idPrefix) => {
      emu = await startEmulator({ seed: AUDIT_SEED, profile: 'current', rateLimit: 0, now: testClock().read });
      const api = client(emu);
      expect((await api.post(path, body, 'ana-token')).status).toBeLessThan(300);
      const answer = await api.get('/organization/audit-trail', 'acme-audit-token');
      const expected = sample(name);
      expect(shapeDiff(expected, answer.body)).toEqual([]);
      const [event] = answer.body.data;
      expect(event.resource.id.startsWith(idPrefix)).toBe(true);
      expect(event.resource.type).toBe(expected.data[0].resource.type);
      expect(event.resource.action).toBe(expected.data[0].resource.action);
      expect(typeof event.version).toBe(typeof expected.data[0].version);
      expect(event.type).toBe(expected.data[0].type);
    });
  });
}
