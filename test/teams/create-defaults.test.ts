// Issue 36, finding 3 and Build 2: a team created without `visibility` silently became secret (the
// service's default for an owner's create, docs/api.md "Teams", "Visibility"), and from then on the
// read-only CI token could not see it. tfe-access now sends `visibility: organization` when the files
// say nothing, and the plan shows every setting a create gets, the defaults included, in every format.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld, type World } from '../support/world.js';

const OWNER = 'defaults-org-token';
const CI = 'defaults-ci-token';
const SEED = oneOrganization({
  name: 'acme',
  token: OWNER,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'ci', id: 'team-ci', tokens: [CI], 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
  ],
  projects: [{ name: 'platform', id: 'prj-platform' }],
});
const FILE = `organization: acme
teams:
  platform:
    organization-access: { manage-workspaces: true }
projects:
  platform:
    teams:
      platform: write
`;

const held = perTest();

const world = (): Promise<World> => startWorld(held, SEED, FILE);

interface Field {
  field: string;
  after: unknown;
  default?: string;
}

describe('a team created without visibility', () => {
  it('the emulator, as the service: an owner creating a team without visibility gets a secret team', async () => {
    await world();
    const answer = await fetch(`${held.emulator?.url}/api/v2/organizations/acme/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'teams', attributes: { name: 'quiet' } } }),
    });
    expect(((await answer.json()) as { data: { attributes: { visibility: string } } }).data.attributes.visibility).toBe('secret');
  });

  it('finding 3: the plan shows every setting the create gets, defaults marked, in text, JSON and Markdown', async () => {
    const { file, env } = await world();
    const json = await runCli(['plan', file, '--format', 'json'], { env: env(OWNER) });
    expect(json.code, json.err).toBe(0);
    const create = (JSON.parse(json.out) as { team_changes: { action: string; fields: Field[] }[] }).team_changes[0];
    const byField = new Map(create?.fields.map((f) => [f.field, f]));
    expect(byField.get('visibility')).toEqual({ field: 'visibility', before: null, after: 'organization', default: 'tfe-access' });
    expect(byField.get('allow-member-token-management')).toEqual({ field: 'allow-member-token-management', before: null, after: true, default: 'service' });
    expect(byField.get('sso-team-id')).toEqual({ field: 'sso-team-id', before: null, after: null, default: 'service' });
    expect(byField.get('organization-access.manage-workspaces')).toEqual({ field: 'organization-access.manage-workspaces', before: null, after: true });
    expect(byField.get('organization-access.manage-teams')).toEqual({
      field: 'organization-access.manage-teams',
      before: null,
      after: false,
      default: 'service',
    });
    const text = await runCli(['plan', file], { env: env(OWNER) });
    expect(text.out).toContain('visibility: organization (default of tfe-access)');
    expect(text.out).toContain('allow-member-token-management: true (default of the service)');
    expect(text.out).toContain('organization-access, 12 other flags: false (default of the service)');
    const markdown = await runCli(['plan', file, '--format', 'markdown'], { env: env(OWNER) });
    expect(markdown.out).toContain('visibility: organization (default of tfe-access)');
  });

  it('finding 3: applied by an owner, the team is visible to the organization, and the read-only token plans the files clean', async () => {
    const { file, env } = await world();
    const apply = await runCli(['apply', file, '--auto-approve'], { env: env(OWNER) });
    expect(apply.code, apply.out + apply.err).toBe(0);
    const teams = (await (await fetch(`${held.emulator?.url}/api/v2/organizations/acme/teams`, { headers: { authorization: `Bearer ${OWNER}` } })).json()) as {
      data: { attributes: { name: string; visibility: string } }[];
    };
    expect(teams.data.find((t) => t.attributes.name === 'platform')?.attributes.visibility).toBe('organization');
    const plan = await runCli(['plan', file, '--format', 'json'], { env: env(CI) });
    expect(plan.code, plan.err).toBe(0);
    const document = JSON.parse(plan.out) as { changes: unknown[]; team_changes?: unknown[] };
    expect(document.changes).toEqual([]);
    expect(document.team_changes ?? []).toEqual([]);
  });
});
