// Issue 42, item 4 (docs/effective-access.md, "Reach through indirect access: `max-reach`"): a team
// that reaches an agent pool or a workspace's outputs beyond the policy's teams is a violation: plan
// exits 3, drift lists it (exit 2), a plan that takes the reach away clears it; the edges are read
// only for a policy that needs them.
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';

const seed = (appLive = 'write'): SeedDocument => ({
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'platform', id: 'team-platform' },
        { name: 'app', id: 'team-app' },
      ],
      projects: [{ name: 'net' }, { name: 'apps' }],
      workspaces: [
        { name: 'network-prod', project: 'net', 'remote-state-consumers': ['app-a'] },
        { name: 'app-a', project: 'apps', 'execution-mode': 'agent', 'agent-pool': 'prod-vpc' },
        { name: 'app-b', project: 'apps' },
      ],
      'agent-pools': [{ name: 'prod-vpc' }],
      'team-workspaces': [
        { team: 'platform', workspace: 'network-prod', access: 'write' },
        { team: 'app', workspace: 'app-a', access: appLive },
      ],
    },
  ],
});

const policy = (appAccess: string) => `organization: acme
workspaces:
  network-prod:
    teams: { platform: write }
  app-a:
    teams: { app: ${appAccess} }
policies:
  - name: only platform reaches the VPC agents
    max-reach: { reach: "agent-pool:prod-vpc", teams: [platform] }
  - name: only platform reads the network outputs
    max-reach: { reach: "outputs:network-prod", teams: [platform] }
`;

const held = perTest();

describe('max-reach', () => {
  it('a plan that gives a team beyond the policy the reach: new violations, plan exits 3', async () => {
    const world = await startWorld(held, seed('read'), policy('write'));
    const plan = await runCli(['plan', world.dir, '--format', 'json'], { env: world.env(TOKEN) });
    expect(plan.code, plan.err).toBe(3);
    const messages = (JSON.parse(plan.out) as { violations: { policy: string; team: { name: string } | null; message: string; status: string }[] }).violations;
    expect(messages.map((v) => [v.policy, v.team?.name, v.status])).toEqual([
      ['only platform reaches the VPC agents', 'app', 'new'],
      ['only platform reads the network outputs', 'app', 'new'],
    ]);
    expect(messages[0]?.message).toBe('team "app" reaches agent-pool:prod-vpc: it queues runs on workspace "app-a"; only platform and owners may');
  });

  it('a team beyond the policy that reaches the pool and the outputs now: drift lists it', async () => {
    const world = await startWorld(held, seed(), policy('write'));
    const env = world.env(TOKEN);
    const drift = await runCli(['drift', world.dir], { env });
    expect(drift.code, drift.err).toBe(2);
    expect(drift.out).toMatch(/\[only platform reads the network outputs\] team "app" reaches outputs:network-prod: it queues runs on workspace "app-a"/);
  });

  it('a plan that takes the reach away (read on the consumer) clears it, after the plan', async () => {
    const world = await startWorld(held, seed('write'), policy('read'));
    const plan = await runCli(['plan', world.dir, '--format', 'json'], { env: world.env(TOKEN) });
    expect(plan.code, plan.err).toBe(0);
    expect((JSON.parse(plan.out) as { violations: unknown[] }).violations).toEqual([]);
  });

  it('a reach the read could not see whole (a pool none has) makes the plan incomplete, never clean', async () => {
    const world = await startWorld(held, seed(), policy('write').replace('agent-pool:prod-vpc', 'agent-pool:nope'));
    const plan = await runCli(['plan', world.dir, '--format', 'json'], { env: world.env(TOKEN) });
    const document = JSON.parse(plan.out) as { complete: boolean; incomplete: { code: string; reach?: string[]; message: string }[] };
    expect(document.complete).toBe(false);
    expect(document.incomplete.filter((r) => r.code === 'reach-unread').map((r) => r.reach)).toEqual([['agent-pool:nope']]);
    expect(document.incomplete.find((r) => r.code === 'reach-unread')?.message).toMatch(/indirect access of agent-pool:nope was not read whole/);
  });

  it('issue 42 item 4: drift and report say reach-unread as the plan does, with the edges read or not (--no-indirect)', async () => {
    const world = await startWorld(held, seed(), policy('write').replace('agent-pool:prod-vpc', 'agent-pool:nope'));
    const env = world.env(TOKEN);
    type Doc = { complete: boolean; incomplete: { code: string; reach?: string[] }[] };
    const unread = (doc: Doc) => doc.incomplete.filter((r) => r.code === 'reach-unread').map((r) => r.reach);
    const drift = await runCli(['drift', world.dir, '--format', 'json'], { env });
    expect(drift.err).not.toMatch(/internal error/);
    expect(unread(JSON.parse(drift.out) as Doc)).toEqual([['agent-pool:nope']]);
    for (const more of [[], ['--no-indirect']]) {
      const report = await runCli(['report', world.dir, '--format', 'json', ...more], { env });
      expect(report.code, report.err).toBe(0);
      const doc = JSON.parse(report.out) as Doc;
      expect(doc.complete).toBe(false);
      expect(unread(doc)).toEqual([['agent-pool:nope']]);
    }
    const text = await runCli(['report', world.dir], { env });
    expect(text.out).toMatch(/indirect access of agent-pool:nope was not read whole/);
  });

  it('a validation error for a reach that names no question of indirect access', async () => {
    const world = await startWorld(held, seed(), policy('write').replace('agent-pool:prod-vpc', 'pool:prod-vpc'));
    const run = await runCli(['validate', world.dir], { env: world.env(TOKEN) });
    expect(run.code).toBe(1);
    expect(`${run.out}${run.err}`).toMatch(/tfe-access\.yaml:\d+:\d+: policies\[0\]\.max-reach\.reach: "pool:prod-vpc" does not have the expected form/);
  });
});
