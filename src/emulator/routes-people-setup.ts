// The emulator's own set-up routes for people (docs/emulator.md, "People by hand"), under
// `/api/v2/emulator/`, for the admin token only: what happens outside the API in the real service
// (an invitee accepting, someone adding a person in the UI or through an identity provider, the
// service's own staff in a team), so tests can make drift and acceptance happen. Bodies are plain
// JSON objects; every call is in the request log as any other.
import { OWNERS_TEAM } from '../core/model.js';
import { type Answer, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { param, type RequestContext } from './context.js';
import { isEmail, optionalString, optionalStrings, readPlainBody } from './people-body.js';
import { acceptInvitation, addMembership, addToTeams, userFor, usernameFor } from './people-builders.js';
import type { Membership, MembershipStatus } from './people-state.js';
import type { Team } from './state.js';
import { membershipResource, membershipTeamIds } from './wire-people.js';
import { userResource } from './wire-users.js';

const CREATED = 201;

const isAdmin = (ctx: RequestContext): boolean => ctx.authz.identity.kind === 'admin';

/** A team of `org` by name or id; Invalid naming it else. */
function teamNamed(ctx: RequestContext, org: string, nameOrId: string): Team {
  const team = ctx.store.teamByName(org, nameOrId) ?? ctx.store.teams.get(nameOrId);
  if (!team || team.org !== org) throw new Invalid('/teams', `no team "${nameOrId}" in ${org}`);
  return team;
}

function membershipAnswer(ctx: RequestContext, membership: Membership, status = 200): Answer {
  return ok({ data: membershipResource(ctx.store, membership, membershipTeamIds(ctx.store, membership)) }, status);
}

/** `POST /emulator/organization-memberships/:id/accept` (`{"username": ...}` optional): as the invitee would. */
export function acceptRoute(ctx: RequestContext): Answer {
  const membership = ctx.store.people.memberships.get(param(ctx, 0));
  if (!isAdmin(ctx) || !membership) return NOT_FOUND;
  if (membership.status !== 'invited') throw new Invalid('/', 'this membership is not an invitation');
  const body = ctx.body === undefined ? {} : readPlainBody(ctx.body);
  const username = optionalString(body, 'username');
  if (username !== undefined && ctx.store.people.userByUsername(username)) throw new Invalid('/username', 'Username has already been taken');
  acceptInvitation(ctx.store, membership, username);
  return membershipAnswer(ctx, membership);
}

/**
 * `POST /emulator/organization-memberships/:id/deactivate`: as an identity provider deactivating the
 * user (docs/api.md, "Identity-provider lifecycles"): the membership becomes `inactive` and the
 * person stays in every team. The current profile only; 422 for a membership that is not active.
 */
export function deactivateRoute(ctx: RequestContext): Answer {
  const membership = ctx.store.people.memberships.get(param(ctx, 0));
  if (!isAdmin(ctx) || !membership) return NOT_FOUND;
  if (!ctx.store.profile.inactiveMemberships) throw new Invalid('/', 'this profile has no inactive memberships (the current profile has)');
  if (membership.status !== 'active') throw new Invalid('/', `this membership is ${membership.status}, not active`);
  membership.status = 'inactive';
  return membershipAnswer(ctx, membership);
}

/** `status` of the people route: `inactive` only where the profile has it. */
function statusOf(ctx: RequestContext, value: unknown): MembershipStatus {
  const status = value ?? 'active';
  if (status === 'active' || status === 'invited') return status;
  if (status === 'inactive' && ctx.store.profile.inactiveMemberships) return status;
  throw new Invalid('/status', ctx.store.profile.inactiveMemberships ? 'status must be active, invited or inactive' : 'status must be active or invited');
}

/**
 * `POST /emulator/organizations/:org/people` (`{"email", "username"?, "status"?: "active"|"invited"|
 * "inactive", "teams"?: [name or id], "service-account"?: bool}`): a member made by hand, into any
 * team (an identity provider's too); `inactive` (current profile) is in its teams as an active one.
 */
export function addPersonRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!isAdmin(ctx) || !ctx.store.orgs.has(org)) return NOT_FOUND;
  const body = readPlainBody(ctx.body);
  const email = body.email;
  if (!isEmail(email)) throw new Invalid('/email', 'email must be an email address');
  const status = statusOf(ctx, body.status);
  const teams = optionalStrings(body, 'teams').map((t) => teamNamed(ctx, org, t).id);
  const known = ctx.store.people.userByEmail(email);
  if (known && ctx.store.people.membershipOf(org, known.id)) throw new Invalid('/email', 'Email has already been taken');
  const username = optionalString(body, 'username');
  const user = userFor(ctx.store, { email, ...(username ? { username } : {}), serviceAccount: body['service-account'] === true }, status);
  return membershipAnswer(ctx, addMembership(ctx.store, org, user, status, teams), CREATED);
}

/** `POST /emulator/teams/:id/members` (`{"email"}` or `{"username"}`): a person of the organization put in the team by hand. */
export function addToTeamRoute(ctx: RequestContext): Answer {
  const team = ctx.store.teams.get(param(ctx, 0));
  if (!isAdmin(ctx) || !team) return NOT_FOUND;
  const body = readPlainBody(ctx.body);
  const email = optionalString(body, 'email');
  const username = optionalString(body, 'username');
  const user = email !== undefined ? ctx.store.people.userByEmail(email) : username !== undefined ? ctx.store.people.userByUsername(username) : undefined;
  const membership = user ? ctx.store.people.membershipOf(team.org, user.id) : undefined;
  if (!membership) throw new Invalid('/', `${email ?? username ?? 'the person'} is not a member of ${team.org}`);
  addToTeams(ctx.store, membership, [team.id]);
  return NO_CONTENT;
}

/**
 * `POST /emulator/teams/:id/hidden-members` (`{"username"}` optional): a member of the team in no
 * membership the organization lists, as the service's own staff in an owners team (docs/api.md, "People").
 */
export function addHiddenMemberRoute(ctx: RequestContext): Answer {
  const team = ctx.store.teams.get(param(ctx, 0));
  if (!isAdmin(ctx) || !team) return NOT_FOUND;
  const body = ctx.body === undefined ? {} : readPlainBody(ctx.body);
  const wanted = optionalString(body, 'username');
  if (wanted !== undefined && ctx.store.people.userByUsername(wanted)) throw new Invalid('/username', 'Username has already been taken');
  const username = wanted ?? usernameFor(ctx.store, `${team.name === OWNERS_TEAM ? 'staff' : 'hidden'}@x`);
  const user = ctx.store.people.addUser({ id: ctx.store.newId('user'), username, email: null, serviceAccount: false });
  ctx.store.people.join(team.id, user.id);
  return ok({ data: userResource(user, { withEmail: false }) }, CREATED);
}
