// Texts a server sends end up in the one-line error on the user's terminal: found by the answer
// fuzzer (api-answers.test.ts), a detail holding "\u0000" came through as is.
import { afterEach, describe, expect, it } from 'vitest';
import { json, type ScriptServer, scriptServer } from '../api/script-server.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';

let server: ScriptServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const DESIRED = 'organization: acme\nprojects:\n  platform:\n    teams:\n      developers: read\n';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;
const HOSTILE = 'line one\nline two \u001b]0;owned\u0007\u001b[2J\u009b31m \u202eevil';

async function planAgainst(body: unknown, status: number): Promise<{ code: number; out: string; err: string }> {
  server = await scriptServer([json(status, body)]);
  const dir = await writeDesired(DESIRED);
  return runCli(['plan', dir, '--rate-limit', '0'], { env: { TFE_TOKEN: 'token-x', TFE_ADDRESS: server.url } });
}

describe('what a server says reaches the terminal as one printable line', () => {
  it('regression: newlines and terminal escapes in an error detail reached stderr as they were sent', async () => {
    const run = await planAgainst({ errors: [{ status: '422', title: 'invalid', detail: HOSTILE }] }, 422);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: [^\n]*line one line two [^\n]*evil\n$/);
    expect(run.err.slice(0, -1)).not.toMatch(UNPRINTABLE);
  });

  it('regression: control characters in a value of the wrong kind reached stderr through the unreadable-answer message', async () => {
    const run = await planAgainst({ data: [{ type: `teams\u009b2J\u001b[31m`, id: 'team-1', attributes: { name: 'developers' } }] }, 200);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: [^\n]*Unreadable answer[^\n]*\n$/);
    expect(run.err.slice(0, -1)).not.toMatch(UNPRINTABLE);
  });
});
