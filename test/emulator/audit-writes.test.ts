// What the API's writes leave in the audit trail (docs/api.md, "Audit trail"): grants on workspaces
// and projects, team members, organization memberships and tokens, each with the caller as the
// service names it; team settings, created, changed or deleted, leave nothing.
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_ID } from '../../src/emulator/service-users.js';
import { AUDIT_SEED, testClock } from './audit-seed.js';
import { MEDIA, projectGrantBody, useEmulator, workspaceGrantBody } from './helpers.js';

const t = useEmulator({ seed: AUDIT_SEED, profile: 'current', now: testClock().read });

async function events(): Promise<any[]> {
  const r = await t.api.get('/organization/audit-trail', 'acme-audit-token');
  expect(r.status).toBe(200);
  return r.body.data;
}

const summary = (e: any) => `${e.resource.type}.${e.resource.action} ${e.resource.id} by ${e.auth.description}`;

async function whoAmI(token: string): Promise<{ id: string; username: string }> {
  const data = (await t.api.get('/account/details', token)).body.data;
  return { id: data.id, username: data.attributes.username };
}

const members = (ids: string[], type = 'users') => ({ data: ids.map((id) => ({ type, id })) });

describe('grants', () => {
  it('add, update and remove on a workspace and a project, with the team id and the permissions in meta', async () => {
    const made = await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }), 'ana-token');
    await t.api.patch(`/team-workspaces/${made.body.data.id}`, { data: { type: 'team-workspaces', attributes: { access: 'write' } } }, 'ana-token');
    await t.api.del(`/team-workspaces/${made.body.data.id}`, 'ana-token');
    await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'maintain' }), 'ana-token');
    const all = await events();
    expect(all.map(summary)).toEqual([
      'workspace.add_team ws-net by ana',
      'workspace.update_team_permissions ws-net by ana',
      'workspace.remove_team ws-net by ana',
      'project.add_team prj-other by ana',
    ]);
    expect(all[0].resource.meta).toMatchObject({ team: 'team-obs', permissions: { access: 'read', runs: 'read' } });
    expect(all[1].resource.meta.permissions.access).toBe('write');
    expect(all[2].resource.meta).toEqual({ team: 'team-obs' });
    expect(all[3].resource.meta).toMatchObject({ team: 'team-sre', permissions: { access: 'maintain', 'project-access': {}, 'workspace-access': {} } });
    expect(all.every((e) => e.auth.accessor_id === 'user-ana' && e.auth.type === 'Client' && e.auth.impersonator_id === null)).toBe(true);
  });

  it('a refused write leaves no event', async () => {
    expect((await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }), 'dev-token')).status).toBe(404);
    expect(await events()).toEqual([]);
  });
});

describe('the caller', () => {
  it('a person is their user id and username; a team token its service user; an organization token its; the admin token the admin user', async () => {
    await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }), 'ana-token');
    await t.api.post('/team-projects', projectGrantBody('prj-platform', 'team-sre', { access: 'read' }), 'padmin-token');
    await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'read' }), 'acme-org-token');
    await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-obs', { access: 'read' }));
    const [person, team, org, admin] = await events();
    expect(person.auth).toMatchObject({ accessor_id: 'user-ana', description: 'ana' });
    const padmin = await whoAmI('padmin-token');
    expect(padmin.username).toMatch(/^api-team_/);
    expect(team.auth).toMatchObject({ accessor_id: padmin.id, description: padmin.username, type: 'Client' });
    const orgUser = await whoAmI('acme-org-token');
    expect(org.auth).toMatchObject({ accessor_id: orgUser.id, description: orgUser.username });
    expect(admin.auth).toMatchObject({ accessor_id: ADMIN_USER_ID, description: 'admin' });
    expect(new Set([person, team, org, admin].map((e) => e.auth.organization_id)).size).toBe(1);
  });
});

describe('team members', () => {
  it('one add_member or remove_member per person who joins or leaves, on the team, meta.user the username', async () => {
    await t.api.post('/teams/team-obs/relationships/users', members(['bo', 'cy']), 'acme-org-token');
    await t.api.post('/teams/team-obs/relationships/users', members(['bo']), 'acme-org-token'); // already in: nothing new
    await t.api.raw('/teams/team-obs/relationships/organization-memberships', {
      method: 'DELETE',
      headers: { Authorization: 'Bearer ana-token', 'Content-Type': MEDIA },
      body: JSON.stringify(members(['ou-cy'], 'organization-memberships')),
    });
    const org = (await whoAmI('acme-org-token')).username;
    expect((await events()).map((e) => `${summary(e)} ${e.resource.meta.user}`)).toEqual([
      `team.add_member team-obs by ${org} bo`,
      `team.add_member team-obs by ${org} cy`,
      'team.remove_member team-obs by ana cy',
    ]);
  });
});

describe('organization memberships and tokens', () => {
  it('an invitation is organization_user.create, a removal organization_user.destroy; a token authentication_token.create', async () => {
    const invited = await t.api.post(
      '/organizations/acme/organization-memberships',
      { data: { type: 'organization-memberships', attributes: { email: 'di@acme.test' } } },
      'ana-token',
    );
    await t.api.del('/organization-memberships/ou-cy', 'ana-token');
    await t.api.post('/teams/team-dev/authentication-token', {}, 'ana-token');
    const all = await events();
    expect(all.map(summary).slice(0, 2)).toEqual([`organization_user.create ${invited.body.data.id} by ana`, 'organization_user.destroy ou-cy by ana']);
    expect(all[0].resource.meta).toBeNull();
    expect(all[2].resource).toMatchObject({ type: 'authentication_token', action: 'create' });
    expect(all[2].resource.id).toMatch(/^at-/);
  });
});

describe('team settings', () => {
  it('creating, changing and deleting a team leave no event (the service records none)', async () => {
    const made = await t.api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'newcomers' } } }, 'ana-token');
    expect(made.status).toBe(201);
    await t.api.patch(`/teams/${made.body.data.id}`, { data: { type: 'teams', attributes: { visibility: 'secret' } } }, 'ana-token');
    await t.api.del(`/teams/${made.body.data.id}`, 'ana-token');
    await t.api.patch('/teams/team-dev', { data: { type: 'teams', attributes: { 'organization-access': { 'manage-workspaces': true } } } }, 'acme-org-token');
    expect(await events()).toEqual([]);
  });
});

describe('set-up routes', () => {
  it('leave nothing: a person added by hand, a member put in a team by hand', async () => {
    await t.api.post('/emulator/organizations/acme/people', { email: 'ed@acme.test', teams: ['developers'] });
    await t.api.post('/emulator/teams/team-obs/members', { username: 'bo' });
    expect(await events()).toEqual([]);
  });
});
