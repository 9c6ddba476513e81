// What reading people costs a report (docs/effective-access.md, "People"): a report by team makes
// exactly the requests it always made (the lists, the identity, one grant list per target), and no
// membership request, in every format and with every filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
});
afterAll(async () => {
  await emulator?.stop();
});

/** The requests of one run, each as `METHOD kind` (the path with its ids left out), counted. */
async function requestsOf(args: string[]): Promise<Record<string, number>> {
  const before = emulator.requests.length;
  const run = await runCli(['report', ...args], { env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'acme' } });
  expect(run.code, run.err).toBe(0);
  const counts: Record<string, number> = {};
  for (const r of emulator.requests.slice(before)) {
    const kind = `${r.method} ${r.path.replace(/\/organizations\/acme\//, '/organizations/:org/').replace(/\/workspaces\/ws-[^/]+\//, '/workspaces/:id/')}`;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

// The seed's 3 projects (its own two and the Default Project) and 4 workspaces: one grant list each.
const TODAY = {
  'GET /api/v2/ping': 1,
  'GET /api/v2/organizations/:org/teams': 1,
  'GET /api/v2/organizations/:org/projects': 1,
  'GET /api/v2/organizations/:org/workspaces': 1,
  'GET /api/v2/account/details': 1,
  'GET /api/v2/team-projects': 3,
  'GET /api/v2/team-workspaces': 4,
};

// docs/effective-access.md, "Indirect access": `--no-indirect` keeps the report's requests as they were before the edges were read by default.
describe('a report by team reads no people', () => {
  it.each([['text'], ['json'], ['csv'], ['html']])('%s: the requests it always made, no membership list', async (format) => {
    expect(await requestsOf(['--format', format, '--no-indirect'])).toEqual(TODAY);
  });

  it('with --team, --project, --workspace and --by team alike', async () => {
    expect(await requestsOf(['--by', 'team', '--team', 'developers', '--project', 'data', '--workspace', 'sandbox', '--no-indirect'])).toEqual(TODAY);
  });

  it('issue 42: by default the edges too, the workspace and project lists read once for both', async () => {
    expect(await requestsOf(['--format', 'json'])).toEqual({
      ...TODAY,
      'GET /api/v2/organizations/:org/varsets': 1,
      'GET /api/v2/organizations/:org/agent-pools': 1,
      'GET /api/v2/organizations/:org/stacks': 1,
      // One consumers read per workspace whose sharing is explicit: the service has no list of them.
      'GET /api/v2/workspaces/:id/relationships/remote-state-consumers': 4,
    });
  });
});
