// Issue 36, finding 4 and Build 3: a new team of `teams:` whose name is close to a live team's is a
// near miss the plan warns of (`team-near-miss`), never an error; a live team the files no longer
// name beside a new team of the same members looks like a rename done by hand
// (`team-looks-renamed`: add `previously:`). Both in every plan format, and silenced by
// ignore-warnings as any file-wide warning.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import type { LiveState } from '../../src/core/model.js';
import { managedChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { OWNER_TOKEN, SEED } from '../live/seed.js';
import { desiredOf, liveOf, members, OWNERS, person, team } from '../people/world.js';
import { runCli } from '../support/cli.js';

const formats = (desired: DesiredState, live: LiveState): string[] => {
  const plan = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
  return [renderText(plan, { color: false }), renderMarkdown(plan), JSON.stringify(JSON.parse(renderJson(plan)).warnings)];
};

describe('issue 36: new team names against the live ones', () => {
  it('finding 4: a new team close to a live team (data-engs beside data-eng) is a near-miss warning in every format, not an error', () => {
    const live = liveOf([OWNERS, team('data-eng'), team('ops')], []);
    const desired = desiredOf([{ name: 'data-engs', previously: [] }]);
    const plan = buildPlan(desired, live);
    expect(managedChanges(plan, 'team')?.map((c) => `${c.action} ${c.name}`)).toEqual(['create data-engs']);
    const near = plan.warnings.filter((w) => w.code === 'team-near-miss');
    expect(near).toEqual([
      {
        code: 'team-near-miss',
        team: 'data-engs',
        message:
          'team "data-engs" is new, and close to the organization\'s "data-eng": the plan creates it. If "data-eng" was meant, name it so (or add `previously: [data-eng]` to rename it).',
      },
    ]);
    for (const out of formats(desired, live)) expect(out).toContain('team-near-miss');
    // A live team the files manage under its own name is no near miss: both are wanted.
    const both = buildPlan(
      desiredOf([
        { name: 'data-engs', previously: [] },
        { name: 'data-eng', previously: [] },
      ]),
      live,
    );
    expect(both.warnings.filter((w) => w.code === 'team-near-miss')).toEqual([]);
  });

  it('finding 4: a live team left out of the files beside a new team of the same members looks like a rename', () => {
    const live = liveOf([OWNERS, team('data-eng'), team('ops')], [person('o1', ['owners']), person('ana', ['data-eng']), person('bo', ['data-eng', 'ops'])]);
    const renamedByHand = members('data-platform', ['ana@example.com', 'BO@example.com']);
    const desired = desiredOf([renamedByHand]);
    const plan = buildPlan(desired, live);
    const looks = plan.warnings.filter((w) => w.code === 'team-looks-renamed');
    expect(looks).toEqual([
      {
        code: 'team-looks-renamed',
        team: 'data-platform',
        message:
          'team "data-platform", which the plan creates, has the members of "data-eng", which the files no longer name: looks like a rename: add `previously: [data-eng]` to "data-platform" to keep its id, members and grants.',
      },
    ]);
    for (const out of formats(desired, live)) expect(out).toContain('team-looks-renamed');
    // Other members, or the old team still named: no rename in sight.
    expect(buildPlan(desiredOf([members('data-platform', ['ana@example.com'])]), live).warnings.some((w) => w.code === 'team-looks-renamed')).toBe(false);
    const kept = desiredOf([renamedByHand, { name: 'data-eng', previously: [] }]);
    expect(buildPlan(kept, live).warnings.some((w) => w.code === 'team-looks-renamed')).toBe(false);
    // ignore-warnings silences both, as any file-wide warning.
    const quiet = desiredOf([renamedByHand], { ignoreWarnings: ['team-looks-renamed'] });
    expect(buildPlan(quiet, live).warnings.some((w) => w.code === 'team-looks-renamed')).toBe(false);
  });
});

describe('issue 36, finding 4: against the emulator, at plan time', () => {
  it('finding 4: SRE beside a live sre is a plan problem at FILE:LINE:COL with the did-you-mean (not a 422 at apply); data-engs is planned with its near miss', async () => {
    const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    const dir = await mkdtemp(join(tmpdir(), 'tfe-access-team-names-'));
    try {
      const env = { TFE_TOKEN: OWNER_TOKEN, TFE_ADDRESS: emulator.url };
      await writeFile(join(dir, 'teams.yaml'), 'organization: acme\nteams:\n  Developers: {}\n');
      const run = await runCli(['plan', 'teams.yaml'], { cwd: dir, env });
      expect(run).toEqual({
        code: 1,
        out: '',
        err: 'tfe-access plan: Name resolution: 1 problem in 1 file:\n  teams.yaml:3:3: team "Developers" differs from the organization\'s "developers" only by case: the service takes team names without case, so it cannot create this one. Did you mean "developers"? (To change the case of its name, write `previously: [developers]`.)\n',
      });
      await writeFile(join(dir, 'teams.yaml'), 'organization: acme\nteams:\n  developer: {}\n');
      const near = await runCli(['plan', 'teams.yaml'], { cwd: dir, env });
      expect(near.code, near.err).toBe(0);
      expect(near.out).toContain('team "developer" is new, and close to the organization\'s "developers": the plan creates it.');
      expect(near.out).toContain('+ developer');
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
