// The route table of the emulator: method and path pattern (under /api/v2) to handler.
import { type Answer, Invalid, invalid, NO_CONTENT, NOT_FOUND } from './answers.js';
import type { RequestContext } from './context.js';
import { accountDetails } from './routes-account.js';
import { listAuditTrail } from './routes-audit.js';
import { addEventsRoute, auditModeRoute, clockRoute, deleteOrganizationToken } from './routes-audit-setup.js';
import { createGrantRoute, deleteGrant, listGrants, showGrant, updateGrant } from './routes-grants.js';
import * as indirect from './routes-indirect.js';
import { addMembers, listTeamMemberships, removeMembers } from './routes-members.js';
import { createMembership, deleteMembership, listMemberships, showMembership } from './routes-people.js';
import * as peopleSetup from './routes-people-setup.js';
import { listRuns } from './routes-runs.js';
import { addRunsRoute } from './routes-runs-setup.js';
import { recreateTeamRoute } from './routes-scim-setup.js';
import * as setup from './routes-setup.js';
import { addStateVersionsRoute, showStateVersion } from './routes-state-versions.js';
import * as teams from './routes-teams.js';
import * as tokenPolicy from './routes-token-policy.js';
import * as tokens from './routes-tokens.js';

type Handler = (ctx: RequestContext) => Answer;

interface Route {
  readonly method: string;
  readonly segments: readonly string[];
  readonly handler: Handler;
}

function route(method: string, pattern: string, handler: Handler): Route {
  return { method, segments: pattern.split('/').filter((s) => s !== ''), handler };
}

/** docs/api.md, "Server capabilities": the current profile answers the ping; its headers are added to every answer (server.ts). */
function ping(ctx: RequestContext): Answer {
  return ctx.store.profile.ping ? NO_CONTENT : NOT_FOUND;
}

const ROUTES: readonly Route[] = [
  route('GET', '/ping', ping),
  route('GET', '/account/details', accountDetails),
  route('GET', '/team-projects', listGrants('team-projects')),
  route('POST', '/team-projects', createGrantRoute('team-projects')),
  route('GET', '/team-projects/:id', showGrant('team-projects')),
  route('PATCH', '/team-projects/:id', updateGrant('team-projects')),
  route('DELETE', '/team-projects/:id', deleteGrant('team-projects')),
  route('GET', '/team-workspaces', listGrants('team-workspaces')),
  route('POST', '/team-workspaces', createGrantRoute('team-workspaces')),
  route('GET', '/team-workspaces/:id', showGrant('team-workspaces')),
  route('PATCH', '/team-workspaces/:id', updateGrant('team-workspaces')),
  route('DELETE', '/team-workspaces/:id', deleteGrant('team-workspaces')),
  route('GET', '/organizations', setup.listOrganizations),
  route('POST', '/organizations', setup.createOrganizationRoute),
  route('GET', '/organizations/:org', setup.showOrganization),
  route('PATCH', '/organizations/:org', tokenPolicy.updateOrganization),
  route('GET', '/organizations/:org/authentication-token', tokens.showOrganizationToken),
  route('POST', '/organizations/:org/authentication-token', setup.createOrganizationToken),
  route('GET', '/organizations/:org/token-ttl-policies', tokenPolicy.showTtlPolicies),
  route('PATCH', '/organizations/:org/token-ttl-policies', tokenPolicy.updateTtlPolicies),
  route('GET', '/organizations/:org/team-tokens', tokens.listTeamTokens),
  route('POST', '/teams/:id/authentication-tokens', tokens.createTeamTokenRoute),
  route('GET', '/authentication-tokens/:id', tokens.showToken),
  route('DELETE', '/authentication-tokens/:id', tokens.deleteToken),
  route('DELETE', '/organizations/:org/authentication-token', deleteOrganizationToken),
  route('GET', '/organization/audit-trail', listAuditTrail),
  route('POST', '/emulator/clock', clockRoute),
  route('POST', '/emulator/audit-trail', auditModeRoute),
  route('POST', '/emulator/organizations/:org/audit-events', addEventsRoute),
  route('GET', '/organizations/:org/teams', teams.listTeams),
  route('POST', '/organizations/:org/teams', teams.createTeamRoute),
  route('GET', '/teams/:id', teams.showTeam),
  route('PATCH', '/teams/:id', teams.updateTeam),
  route('DELETE', '/teams/:id', teams.deleteTeam),
  route('POST', '/teams/:id/authentication-token', setup.createTeamToken),
  route('GET', '/organizations/:org/organization-memberships', listMemberships),
  route('POST', '/organizations/:org/organization-memberships', createMembership),
  route('GET', '/organization-memberships/:id', showMembership),
  route('DELETE', '/organization-memberships/:id', deleteMembership),
  route('POST', '/teams/:id/relationships/users', addMembers('users')),
  route('DELETE', '/teams/:id/relationships/users', removeMembers('users')),
  route('GET', '/teams/:id/relationships/organization-memberships', listTeamMemberships),
  route('POST', '/teams/:id/relationships/organization-memberships', addMembers('organization-memberships')),
  route('DELETE', '/teams/:id/relationships/organization-memberships', removeMembers('organization-memberships')),
  route('POST', '/emulator/organization-memberships/:id/accept', peopleSetup.acceptRoute),
  route('POST', '/emulator/organizations/:org/people', peopleSetup.addPersonRoute),
  route('POST', '/emulator/teams/:id/members', peopleSetup.addToTeamRoute),
  route('POST', '/emulator/teams/:id/hidden-members', peopleSetup.addHiddenMemberRoute),
  route('POST', '/emulator/organization-memberships/:id/deactivate', peopleSetup.deactivateRoute),
  route('POST', '/emulator/teams/:id/recreate', recreateTeamRoute),
  route('GET', '/organizations/:org/runs', listRuns),
  route('POST', '/emulator/organizations/:org/runs', addRunsRoute),
  route('GET', '/state-versions/:id', showStateVersion),
  route('POST', '/emulator/organizations/:org/state-versions', addStateVersionsRoute),
  route('GET', '/organizations/:org/projects', setup.listProjects),
  route('POST', '/organizations/:org/projects', setup.createProjectRoute),
  route('GET', '/projects/:id', setup.showProject),
  route('GET', '/organizations/:org/workspaces', setup.listWorkspaces),
  route('POST', '/organizations/:org/workspaces', setup.createWorkspaceRoute),
  route('GET', '/organizations/:org/workspaces/:name', setup.showWorkspaceByName),
  route('GET', '/workspaces/:id', setup.showWorkspace),
  route('PATCH', '/workspaces/:id', indirect.updateWorkspace),
  route('GET', '/workspaces/:id/relationships/remote-state-consumers', indirect.listConsumers),
  route('POST', '/workspaces/:id/relationships/remote-state-consumers', indirect.changeConsumers(true)),
  route('DELETE', '/workspaces/:id/relationships/remote-state-consumers', indirect.changeConsumers(false)),
  route('GET', '/organizations/:org/varsets', indirect.listVarsets),
  route('POST', '/organizations/:org/varsets', indirect.createVarsetRoute),
  route('POST', '/varsets/:id/relationships/workspaces', indirect.varsetRelationship('workspaces', true)),
  route('DELETE', '/varsets/:id/relationships/workspaces', indirect.varsetRelationship('workspaces', false)),
  route('POST', '/varsets/:id/relationships/projects', indirect.varsetRelationship('projects', true)),
  route('DELETE', '/varsets/:id/relationships/projects', indirect.varsetRelationship('projects', false)),
  route('GET', '/organizations/:org/agent-pools', indirect.listAgentPools),
  route('POST', '/organizations/:org/agent-pools', indirect.createAgentPoolRoute),
  route('GET', '/organizations/:org/stacks', indirect.listStacks),
  route('POST', '/emulator/organizations/:org/stacks', indirect.addStacksRoute),
];

function match(route: Route, method: string, segments: readonly string[]): string[] | undefined {
  if (route.method !== method || route.segments.length !== segments.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    const pattern = route.segments[i] ?? '';
    const actual = segments[i] ?? '';
    if (pattern.startsWith(':')) params.push(actual);
    else if (pattern !== actual) return undefined;
  }
  return params;
}

/** Splits an API path (after /api/v2) into percent-decoded segments; undefined when malformed. */
export function pathSegments(apiPath: string): string[] | undefined {
  try {
    return apiPath
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/** Runs the matching route; unknown paths and methods are the real service's 404. */
export function dispatch(method: string, segments: readonly string[], build: (params: string[]) => RequestContext): Answer {
  for (const candidate of ROUTES) {
    const params = match(candidate, method, segments);
    if (params === undefined) continue;
    try {
      return candidate.handler(build(params));
    } catch (error: unknown) {
      if (error instanceof Invalid) return invalid(error);
      throw error;
    }
  }
  return NOT_FOUND;
}

/** Whether a write (POST, PATCH, DELETE) reaches a route: only writes can lose their answer. */
export function isWrite(method: string): boolean {
  return method === 'POST' || method === 'PATCH' || method === 'DELETE';
}
