// A team's members (docs/api.md, "People"): `POST|DELETE /teams/:id/relationships/users` (the ids
// are usernames of active members of the organization), `POST|DELETE
// /teams/:id/relationships/organization-memberships` (the ids are memberships, invitees' too: they
// join on accepting), and the v2 spec's `GET /teams/:id/relationships/organization-memberships`.
// A SCIM-linked team answers 403 to every change; the owners team is never left empty. A write
// changes nothing unless every id is good.
import { type Answer, failure, NO_CONTENT, NOT_FOUND } from './answers.js';
import { memberEvent, recordWrite } from './audit-record.js';
import { pagedList, param, type RequestContext } from './context.js';
import { canChangeMembers } from './people-authz.js';
import { readRelationshipIds } from './people-body.js';
import { addToTeams, emptiesOwners, removeFromTeam } from './people-builders.js';
import type { Membership } from './people-state.js';
import { visibleTeamIds } from './routes-people.js';
import type { Team } from './state.js';
import { membershipResource } from './wire-people.js';
import { teamMemberships } from './wire-teams.js';

type Kind = 'users' | 'organization-memberships';
const OWNERS_EMPTY = 'You cannot leave the owners team empty: add another member before removing the last one';

/** The team of the path, when it exists, the caller sees it and its organization has teams. */
function visibleTeam(ctx: RequestContext): Team | undefined {
  const team = ctx.store.teams.get(param(ctx, 0));
  if (!team || !ctx.authz.canSeeTeam(team) || ctx.store.orgs.get(team.org)?.hcpGroups === true) return undefined;
  return team;
}

/** The memberships the ids name: usernames of active members (400 naming the first that is not), or membership ids (404). */
function membershipsNamed(ctx: RequestContext, team: Team, kind: Kind, ids: readonly string[]): Membership[] | Answer {
  const out: Membership[] = [];
  for (const id of ids) {
    if (kind === 'organization-memberships') {
      const membership = ctx.store.people.memberships.get(id);
      if (!membership || membership.org !== team.org) return NOT_FOUND;
      out.push(membership);
      continue;
    }
    const user = ctx.store.people.userByUsername(id);
    const membership = user ? ctx.store.people.membershipOf(team.org, user.id) : undefined;
    // docs/api.md, "People": the provider's acceptance test met this text for a user not in the organization.
    if (!membership || membership.status !== 'active') return failure(400, 'bad request', `${id} is not a member of the organization`);
    out.push(membership);
  }
  return out;
}

/** The team and the memberships of a write, or the answer that refuses it. */
function writeOf(ctx: RequestContext, kind: Kind): { team: Team; memberships: Membership[] } | Answer {
  const team = visibleTeam(ctx);
  if (!team) return NOT_FOUND;
  if (team.scim) return failure(403, 'forbidden', `${team.name} is linked to a SCIM group: its members are the identity provider's`);
  if (!canChangeMembers(ctx.authz, team)) return NOT_FOUND;
  const memberships = membershipsNamed(ctx, team, kind, readRelationshipIds(ctx.body, kind));
  return Array.isArray(memberships) ? { team, memberships } : memberships;
}

export function addMembers(kind: Kind): (ctx: RequestContext) => Answer {
  return (ctx) => {
    const write = writeOf(ctx, kind);
    if (!('team' in write)) return write;
    const { team } = write;
    // One event per person who joins now (an invitee joins on accepting; one already in it does not join again).
    const joining = write.memberships.filter((m) => m.status === 'active' && !ctx.store.people.isMember(team.id, m.userId));
    for (const membership of write.memberships) addToTeams(ctx.store, membership, [team.id]);
    recordWrite(
      ctx,
      team.org,
      joining.flatMap((m) => memberEvent(ctx.store, team.id, m.userId, 'add_member')),
    );
    return NO_CONTENT;
  };
}

export function removeMembers(kind: Kind): (ctx: RequestContext) => Answer {
  return (ctx) => {
    const write = writeOf(ctx, kind);
    if (!('team' in write)) return write;
    const leaving = new Set(write.memberships.map((m) => m.userId));
    if (emptiesOwners(ctx.store, write.team, leaving)) return failure(422, 'invalid attribute', OWNERS_EMPTY);
    const leavingNow = write.memberships.filter((m) => ctx.store.people.isMember(write.team.id, m.userId));
    for (const membership of write.memberships) removeFromTeam(ctx.store, membership, write.team.id);
    recordWrite(
      ctx,
      write.team.org,
      leavingNow.flatMap((m) => memberEvent(ctx.store, write.team.id, m.userId, 'remove_member')),
    );
    return NO_CONTENT;
  };
}

/** A boolean query filter: undefined when absent. */
function booleanFilter(ctx: RequestContext, key: string): boolean | undefined {
  const raw = ctx.query.get(key);
  return raw === null ? undefined : raw.trim().toLowerCase() === 'true';
}

/** The v2 spec's list: "both active members and invited users", `filter[status]`, `filter[is_service_account]`, `sort=status|-status`. */
export function listTeamMemberships(ctx: RequestContext): Answer {
  const team = visibleTeam(ctx);
  if (!team) return NOT_FOUND;
  const statuses = ctx.query
    .get('filter[status]')
    ?.split(',')
    .map((s) => s.trim());
  const service = booleanFilter(ctx, 'filter[is_service_account]');
  const listed = teamMemberships(ctx.store, team)
    .filter((m) => statuses === undefined || statuses.includes(m.status))
    .filter((m) => service === undefined || (ctx.store.people.users.get(m.userId)?.serviceAccount ?? false) === service);
  const sort = ctx.query.get('sort');
  if (sort === 'status' || sort === '-status') listed.sort((a, b) => a.status.localeCompare(b.status) * (sort === 'status' ? 1 : -1));
  return { status: 200, body: pagedList(ctx, listed, (m) => membershipResource(ctx.store, m, visibleTeamIds(ctx, m))) };
}
