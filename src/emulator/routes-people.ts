// Organization memberships (docs/api.md, "People"): list (`q`, `filter[status]`, `filter[email]`,
// `include=user,teams`, paging, `meta.status-counts`), show, invite by email with teams, and delete.
// Who may call is people-authz.ts's, what a body says people-body.ts's; here the service's rules:
// an invitee joins no team until they accept, an email already a member is refused, an owner may
// not remove themself, and the owners team is never left empty.

import { OWNERS_TEAM } from '../core/model.js';
import { type Answer, failure, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { recordWrite } from './audit-record.js';
import { pagedList, param, type RequestContext } from './context.js';
import { callerUserId, canChangeMembers, canManagePeople, canRemovePerson } from './people-authz.js';
import { readInvitation } from './people-body.js';
import { addMembership, emptiesOwners, teamIdsOf, userFor } from './people-builders.js';
import type { Membership, MembershipStatus } from './people-state.js';
import type { Team } from './state.js';
import { membershipResource, membershipTeamIds } from './wire-people.js';
import { INVALID_TEAM_INCLUDE as INVALID_INCLUDE, includesOf, teamResource } from './wire-teams.js';
import { userResource } from './wire-users.js';

const CREATED = 201;
/** `include=user,teams`, each alone or both; another is the teams endpoints' 400, which names the include parameter. */
const INCLUDABLE = ['user', 'teams'];
// docs/api.md, "People": the docs' message of this 403.
const SELF_REMOVAL = 'you cannot remove yourself from organizations which you own';

/** The teams a membership lists that the caller sees. */
export function visibleTeamIds(ctx: RequestContext, membership: Membership): string[] {
  return membershipTeamIds(ctx.store, membership).filter((id) => {
    const team = ctx.store.teams.get(id);
    return team !== undefined && ctx.authz.canSeeTeam(team);
  });
}

/** The answer of one or more memberships with `included` (`always`: the user, as the invitation's answer has it without asking). */
function withIncluded(ctx: RequestContext, memberships: readonly Membership[], body: Record<string, unknown>, includes: Set<string>, status = 200): Answer {
  if (includes.size === 0) return ok(body, status);
  const included = new Map<string, unknown>();
  for (const m of memberships) {
    const user = ctx.store.people.users.get(m.userId);
    if (includes.has('user') && user) included.set(user.id, userResource(user));
    if (!includes.has('teams')) continue;
    for (const id of visibleTeamIds(ctx, m)) {
      const team = ctx.store.teams.get(id);
      if (team && !included.has(id)) included.set(id, teamResource(ctx.store, team));
    }
  }
  return ok({ ...body, included: [...included.values()] }, status);
}

function matches(ctx: RequestContext, membership: Membership): boolean {
  const user = ctx.store.people.users.get(membership.userId);
  const q = ctx.query.get('q')?.trim().toLowerCase();
  if (q && !`${user?.username ?? ''}\n${user?.email ?? ''}`.toLowerCase().includes(q)) return false;
  const emails = ctx.query.get('filter[email]');
  if (emails === null) return true;
  const wanted = new Set(emails.split(',').map((e) => e.trim().toLowerCase()));
  const email = user?.email;
  return typeof email === 'string' && wanted.has(email.toLowerCase());
}

/** `meta.status-counts` of the memberships `q` and `filter[email]` match, before `filter[status]` (the emulator's choice). */
function statusCounts(memberships: readonly Membership[]): Record<string, number> {
  const count = (status: MembershipStatus): number => memberships.filter((m) => m.status === status).length;
  return { total: memberships.length, active: count('active'), invited: count('invited') };
}

export function listMemberships(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isMember(org) || !canManagePeople(ctx.authz, org)) return NOT_FOUND;
  const includes = includesOf(ctx.query, INCLUDABLE);
  if (includes === undefined) return INVALID_INCLUDE;
  const matched = ctx.store.people.membershipsOf(org).filter((m) => matches(ctx, m));
  const statuses = ctx.query
    .get('filter[status]')
    ?.split(',')
    .map((s) => s.trim());
  const listed = statuses ? matched.filter((m) => statuses.includes(m.status)) : matched;
  const page = pagedList(ctx, listed, (m) => membershipResource(ctx.store, m, visibleTeamIds(ctx, m)), { 'status-counts': statusCounts(matched) });
  const shown = (page as { data: { id: string }[] }).data.flatMap((d) => ctx.store.people.memberships.get(d.id) ?? []);
  return withIncluded(ctx, shown, page as Record<string, unknown>, includes);
}

/** The membership of the path, when the caller manages the organization's people or it is the caller's own. */
function visibleMembership(ctx: RequestContext): Membership | undefined {
  const membership = ctx.store.people.memberships.get(param(ctx, 0));
  if (!membership) return undefined;
  return canManagePeople(ctx.authz, membership.org) || callerUserId(ctx.authz) === membership.userId ? membership : undefined;
}

export function showMembership(ctx: RequestContext): Answer {
  const membership = visibleMembership(ctx);
  if (!membership) return NOT_FOUND;
  const includes = includesOf(ctx.query, INCLUDABLE);
  if (includes === undefined) return INVALID_INCLUDE;
  return withIncluded(ctx, [membership], { data: membershipResource(ctx.store, membership, visibleTeamIds(ctx, membership)) }, includes);
}

/** The teams of an invitation, each one the caller may add people to; a 404 or 403 answer else. */
function invitationTeams(ctx: RequestContext, org: string, ids: readonly string[]): Team[] | Answer {
  const teams: Team[] = [];
  for (const id of ids) {
    const team = ctx.store.teams.get(id);
    if (!team || team.org !== org || !ctx.authz.canSeeTeam(team)) return NOT_FOUND;
    // docs/api.md, "Teams": a SCIM-linked team's membership endpoints answer 403.
    if (team.scim) return failure(403, 'forbidden', `${team.name} is linked to a SCIM group: its members are the identity provider's`);
    if (!canChangeMembers(ctx.authz, team)) return NOT_FOUND;
    teams.push(team);
  }
  return teams;
}

export function createMembership(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isMember(org) || !canManagePeople(ctx.authz, org)) return NOT_FOUND;
  const includes = includesOf(ctx.query, INCLUDABLE);
  if (includes === undefined) return INVALID_INCLUDE;
  const invitation = readInvitation(ctx.body);
  const teams = invitationTeams(ctx, org, invitation.teamIds);
  if (!Array.isArray(teams)) return teams;
  const known = ctx.store.people.userByEmail(invitation.email);
  // docs/api.md, "People": an email already a member (or invited) is refused, as a uniqueness validation.
  if (known && ctx.store.people.membershipOf(org, known.id)) return failure(422, 'invalid attribute', 'Email has already been taken');
  const user = userFor(ctx.store, { email: invitation.email }, 'invited');
  const membership = addMembership(
    ctx.store,
    org,
    user,
    'invited',
    teams.map((t) => t.id),
  );
  recordWrite(ctx, org, [{ id: membership.id, type: 'organization_user', action: 'create', meta: null }]);
  // The answer includes the user without being asked (docs/api.md, "People"), with username null for a new person.
  const asked = new Set([...includes, 'user']);
  return withIncluded(ctx, [membership], { data: membershipResource(ctx.store, membership, visibleTeamIds(ctx, membership)) }, asked, CREATED);
}

export function deleteMembership(ctx: RequestContext): Answer {
  const membership = visibleMembership(ctx);
  if (!membership || !canManagePeople(ctx.authz, membership.org)) return NOT_FOUND;
  const teamIds = membershipTeamIds(ctx.store, membership);
  if (!canRemovePerson(ctx.authz, ctx.store, membership, teamIds)) return NOT_FOUND;
  const owners = ctx.store.teamByName(membership.org, OWNERS_TEAM);
  const inOwners = owners !== undefined && ctx.store.people.isMember(owners.id, membership.userId);
  if (inOwners && callerUserId(ctx.authz) === membership.userId) return failure(403, 'forbidden', SELF_REMOVAL);
  if (owners && emptiesOwners(ctx.store, owners, new Set([membership.userId]))) {
    return failure(422, 'invalid attribute', 'You cannot leave the owners team empty: add another member before removing this one');
  }
  ctx.store.people.removeMembership(membership, teamIdsOf(ctx.store, membership.org));
  recordWrite(ctx, membership.org, [{ id: membership.id, type: 'organization_user', action: 'destroy', meta: null }]);
  return NO_CONTENT;
}
