// `--target` finds a target typed in another Unicode normalisation than the files' (issue 24,
// Build 8: names compare after NFC). It said "--target names what the files do not manage:
// project:Café." of a name that looks the same, with no hint. Entries and set matches alike.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { CAFE_NFC, CAFE_NFD, JOSE_NFC, planOf, useWorld } from './selectors-world.js';

const w = useWorld();

describe('--target after Unicode NFC', () => {
  it.each([
    [
      'an entry',
      `organization: acme\nprojects:\n  ${CAFE_NFC}:\n    prune: false\n    teams:\n      ${JOSE_NFC}: read\n  platform:\n    prune: false\n    teams:\n      ${JOSE_NFC}: read\n`,
    ],
    [
      'a project set',
      `organization: acme\nproject-sets:\n  p:\n    match: { names: [${CAFE_NFC}, platform] }\n    prune: false\n    teams:\n      ${JOSE_NFC}: read\n`,
    ],
  ])('%s: a target written decomposed selects it, and only it', async (_kind, text) => {
    const path = w.file(text);
    const run = await runCli(['plan', path, '--target', `project:${CAFE_NFD}`, '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(0);
    expect(planOf(run.out).changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual([`add ${JOSE_NFC} ${CAFE_NFC}`]);
    // Still an error for a name that is not there, with the near miss.
    const wrong = await runCli(['plan', path, '--target', 'project:Cafe'], { env: w.env });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(`--target names what the files do not manage: project:Cafe (did you mean project:${CAFE_NFC}?).`);
  });
});
