// The text plan quotes what the service says: a removed team's name, a target's id, permission
// values. A hostile server (or a team named with a newline) must not be able to start a line of its
// own in a CI log, where a line starting with `::` is a GitHub Actions workflow command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { replay, type Spoil, TOKEN } from './replay.js';
import { type Recording, recordPlan } from './world.js';

let recording: Recording;
beforeAll(async () => {
  recording = await recordPlan();
});
afterAll(() => recording.cleanup());

const HOSTILE = 'team-002\n::error::owned\u001b[2J\u0085::warning::twice';

/** Renames team-002 (its grant on `big` is removed by the plan) in the team list. */
const renamed: Spoil = (key, answer) => (key.includes('/teams?') ? { ...answer, text: answer.text.replace('"team-002"', JSON.stringify(HOSTILE)) } : answer);

describe('the text plan against names the service sent', () => {
  it('regression: a team name with a newline from the service started a line of its own in the text plan', async () => {
    const server = await replay(recording.answers, renamed);
    try {
      const run = await runCli(['plan', recording.dir, '--rate-limit', '0'], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: server.url } });
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/- team-002 ::error::owned \[2J ::warning::twice\s+(read|write)/);
      expect(run.out.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(run.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    } finally {
      await server.close();
    }
  });
});
