// Team tokens, several per team (docs/api.md, "Tokens"), as the official Go client's integration
// tests use them: created with a description (unique per team) and an `expired-at` sent or
// defaulted, read and deleted by id (404 for an unknown one), listed for the organization with `q`,
// `sort` and the expiry-status filter; and the organization's token read (its existence, never its
// secret). The current profile's: the seed profile answers 404 as for an unknown path.
import { type Answer, failure, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { recordWrite } from './audit-record.js';
import { pagedList, param, type RequestContext } from './context.js';
import { ADMIN_USER_ID, addTeamServiceUser } from './service-users.js';
import { readSetupBody } from './setup-body.js';
import type { Identity, Team } from './state.js';
import type { TokenMaker, TokenRecord } from './token-book.js';
import { filterByStatus, readStatusFilter, sortTokens } from './token-list.js';
import { tokenResource } from './wire-tokens.js';

const CREATED = 201;
// docs/api.md, "Tokens": an `expired-at` left out means two years after creation (the docs; the spec says never).
export const DEFAULT_TOKEN_LIFETIME_MS = 2 * 365 * 24 * 3600 * 1000;

/** `created-by` of a token made by `identity` (docs/api.md, "Tokens": a user, an organization or a team). */
export function makerOf(identity: Identity): TokenMaker {
  switch (identity.kind) {
    case 'admin':
      return { type: 'users', id: ADMIN_USER_ID };
    case 'user':
      return { type: 'users', id: identity.userId };
    case 'team':
      return { type: 'teams', id: identity.teamId };
    case 'org':
    case 'audit':
      return { type: 'organizations', id: identity.org };
  }
}

/** Who may make and revoke a team's tokens: who manages the team, and its members when the team lets them (docs/api.md, "Tokens"). */
function mayManageTokens(ctx: RequestContext, team: Team): boolean {
  return ctx.authz.canManageTeam(team) || (team.allowMemberTokenManagement && ctx.authz.inTeam(team.id));
}

function readExpiry(value: unknown, now: number): number {
  if (value === undefined || value === null) return now + DEFAULT_TOKEN_LIFETIME_MS;
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) throw new Invalid('/data/attributes/expired-at', 'Expired at must be a date and time');
  if (at <= now) throw new Invalid('/data/attributes/expired-at', 'Expired at must be in the future');
  return at;
}

/** `POST /teams/:id/authentication-tokens`: one more token of the team; 201 with its secret. */
export function createTeamTokenRoute(ctx: RequestContext): Answer {
  if (!ctx.store.profile.tokenPolicies) return NOT_FOUND;
  const team = ctx.store.teams.get(param(ctx, 0));
  if (!team || !ctx.authz.canSeeTeam(team)) return NOT_FOUND;
  if (!mayManageTokens(ctx, team)) return failure(403, 'forbidden', 'You are not allowed to manage the tokens of this team');
  const { attributes } = readSetupBody(ctx.body, 'authentication-tokens');
  const description = attributes.description;
  if (typeof description !== 'string' || description.trim() === '') throw new Invalid('/data/attributes/description', "Description can't be blank");
  const taken = ctx.store.tokenBook.ofOrg(team.org).some((r) => r.teamId === team.id && r.description === description && ctx.store.tokens.has(r.secret));
  if (taken) throw new Invalid('/data/attributes/description', 'Description has already been taken');
  const expiredAt = readExpiry(attributes['expired-at'], ctx.store.audit.now());
  const record = ctx.store.issueToken({ kind: 'team', teamId: team.id }, team.org, { description, expiredAt, createdBy: makerOf(ctx.authz.identity) });
  addTeamServiceUser(ctx.store, team);
  recordWrite(ctx, team.org, [{ id: record.id, type: 'authentication_token', action: 'create', meta: null }]);
  return ok({ data: tokenResource(record, { secret: true }) }, CREATED);
}

/** The live token of the path the caller may see: one of a team it manages tokens of, or the organization's for an owner. */
function visibleToken(ctx: RequestContext): TokenRecord | undefined {
  const record = ctx.store.tokenBook.get(param(ctx, 0));
  if (!record || !ctx.store.tokens.has(record.secret)) return undefined;
  if (record.teamId === undefined) return ctx.authz.isOwner(record.org) ? record : undefined;
  const team = ctx.store.teams.get(record.teamId);
  return team && ctx.authz.canSeeTeam(team) && mayManageTokens(ctx, team) ? record : undefined;
}

/** `GET /authentication-tokens/:id`: never the secret. */
export function showToken(ctx: RequestContext): Answer {
  if (!ctx.store.profile.tokenPolicies) return NOT_FOUND;
  const record = visibleToken(ctx);
  return record ? ok({ data: tokenResource(record) }) : NOT_FOUND;
}

/** `DELETE /authentication-tokens/:id`: 204, and the token stops working. */
export function deleteToken(ctx: RequestContext): Answer {
  if (!ctx.store.profile.tokenPolicies) return NOT_FOUND;
  const record = visibleToken(ctx);
  if (!record) return NOT_FOUND;
  ctx.store.revokeToken(record.secret);
  recordWrite(ctx, record.org, [{ id: record.id, type: 'authentication_token', action: 'destroy', meta: null }]);
  return NO_CONTENT;
}

/**
 * `GET /organizations/:org/team-tokens`: every team token of the teams whose tokens the caller
 * manages, `q` on the team's name, `sort`, and the expiry-status filter by either name.
 */
export function listTeamTokens(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.profile.tokenPolicies || !ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return NOT_FOUND;
  const statuses = readStatusFilter(ctx.query);
  if (statuses === 'invalid')
    return failure(400, 'invalid filter', 'filter[expiry_status] takes active, expiring_in_7_days, expiring_in_30_days, expired, no_expiration');
  const q = ctx.query.get('q')?.toLowerCase();
  const now = ctx.store.audit.now();
  const teamOf = (r: TokenRecord): Team | undefined => (r.teamId === undefined ? undefined : ctx.store.teams.get(r.teamId));
  const records = ctx.store.tokenBook.ofOrg(org).filter((r) => {
    const team = teamOf(r);
    return (
      team !== undefined &&
      ctx.store.tokens.has(r.secret) &&
      ctx.authz.canSeeTeam(team) &&
      mayManageTokens(ctx, team) &&
      (q === undefined || team.name.toLowerCase().includes(q))
    );
  });
  const sorted = sortTokens(filterByStatus(records, statuses, now), ctx.query.get('sort'), (r) => teamOf(r)?.name ?? '');
  if (sorted === 'invalid') return failure(400, 'invalid sort', 'sort takes created-by, expired-at, last-used-at or team-name, with - for descending');
  return ok(pagedList(ctx, sorted, (r) => tokenResource(r)));
}

/** `GET /organizations/:org/authentication-token` (`?token=audit-trails`: the audit-trail token): owners; 404 when there is none. */
export function showOrganizationToken(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isOwner(org)) return NOT_FOUND;
  const type = ctx.query.get('token') === 'audit-trails' ? 'audit_trails' : 'organization';
  const record = ctx.store.tokenBook.ofOrg(org).findLast((r) => r.type === type && r.teamId === undefined && ctx.store.tokens.has(r.secret));
  return record ? ok({ data: tokenResource(record) }) : NOT_FOUND;
}
