// `report PATHS --after` crossed with a permission the server does not support (a seed-profile
// server, which predates `policy-overrides`): the files set it true, which apply could not keep, so
// the after-report is refused as the plan is, in the same one line at FILE:LINE:COL, reading only;
// the files set it to its default, which the server drops, so the after-report shows the grant as
// the server will report it, without the key, as the live report after `apply` does.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'after-unsupported-token';
const RATE = ['--rate-limit', '0'];
const filesWith = (value: boolean): string =>
  `organization: acme\nworkspaces:\n  w0:\n    teams:\n      dev: { access: custom, runs: plan, policy-overrides: ${value} }\n`;

const held = perTest();

async function seedServer(): Promise<Record<string, string>> {
  held.emulator = await startEmulator({
    seed: oneOrganization(
      {
        name: 'acme',
        token: TOKEN,
        teams: [
          { name: 'owners', id: 'team-owners' },
          { name: 'dev', id: 'team-dev' },
        ],
        projects: [{ name: 'core', id: 'prj-core' }],
        workspaces: [{ name: 'w0', id: 'ws-w0', project: 'core' }],
      },
      'seed',
    ),
    rateLimit: 0,
  });
  return { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator.url };
}

interface Row {
  name: string;
  access: string;
  permissions: Record<string, unknown>;
}

describe('report --after with a permission the server does not support', () => {
  it('a value apply could not keep: refused as the plan refuses it, in one line at its position, reading only', async () => {
    const env = await seedServer();
    const dir = await writeDesired(filesWith(true));
    held.dir = dir;
    const plan = await runCli(['plan', dir, ...RATE], { env });
    const after = await runCli(['report', dir, '--after', '--format', 'json', ...RATE], { env });
    expect(plan.code).toBe(1);
    expect(after.code).toBe(1);
    expect(after.out).toBe('');
    const problem = `${dir}/tfe-access.yaml:5:7: workspace "w0", team "dev": policy-overrides: true is not supported by`;
    expect(plan.err).toContain(problem);
    expect(after.err).toContain(problem);
    expect(after.err.replace('tfe-access report', 'tfe-access plan')).toBe(plan.err);
    expect(after.err).not.toMatch(/\n\s+at /);
    expect(held.emulator!.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 60_000);

  it('its default, which the server drops: the after-report shows the grant without it, as the live report after apply does', async () => {
    const env = await seedServer();
    const dir = await writeDesired(filesWith(false));
    held.dir = dir;
    const after = await runCli(['report', dir, '--after', '--format', 'json', ...RATE], { env });
    expect(after.code, after.err).toBe(0);
    const dev = (JSON.parse(after.out).workspaces[0].teams as Row[]).find((t) => t.name === 'dev');
    expect(dev).toMatchObject({ access: 'custom', permissions: { runs: 'plan' } });
    expect(dev?.permissions).not.toHaveProperty('policy-overrides');
    expect((await runCli(['apply', dir, '--auto-approve', ...RATE], { env })).code).toBe(0);
    const live = await runCli(['report', dir, '--format', 'json', ...RATE], { env });
    expect(live.code, live.err).toBe(0);
    expect((JSON.parse(live.out).workspaces[0].teams as Row[]).find((t) => t.name === 'dev')).toEqual(dev);
  }, 60_000);
});
