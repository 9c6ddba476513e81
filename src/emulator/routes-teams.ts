// Teams: list, show, create, update, delete (docs/api.md, "Teams"). Who may call is authz.ts's; what
// a body says is team-body.ts's; here the service's rules: visibility as it decides it for the
// caller, the companion flags, the partial merge of an update, the owners team's and SCIM-linked
// teams' restrictions, names unique without case, and a deleted team's grants going with it.
import { OWNERS_TEAM } from '../core/model.js';
import { type Answer, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import type { Authz } from './authz.js';
import { createTeam } from './builders.js';
import { pagedList, param, type RequestContext } from './context.js';
import { NAME_TAKEN, namesFilter } from './routes-setup.js';
import { removeTeamServiceUser } from './service-users.js';
import type { Team } from './state.js';
import { readTeamBody, type TeamBody } from './team-body.js';
import { brokenChain, withCompanions } from './team-flags.js';
import { INVALID_TEAM_INCLUDE, includedOf, teamIncludes, teamResource } from './wire-teams.js';

const CREATED = 201;
const POINTER = '/data/attributes';

/** An organization that uses HCP groups (HCP Europe) has no teams endpoints: 404 as for any unknown path (docs/api.md, "Newer facts"). */
function hasTeamsEndpoint(ctx: RequestContext, org: string): boolean {
  return ctx.store.orgs.get(org)?.hcpGroups !== true;
}

/** The team of the path, when it exists and the caller may see it. */
function visibleTeam(ctx: RequestContext): Team | undefined {
  const team = ctx.store.teams.get(param(ctx, 0));
  return team && ctx.authz.canSeeTeam(team) && hasTeamsEndpoint(ctx, team.org) ? team : undefined;
}

/** One team or a list of them, with `included` when the request asked (docs/api.md, "Teams"). */
function teamsAnswer(ctx: RequestContext, teams: readonly Team[], render: (one: (t: Team) => unknown) => Record<string, unknown>, status = 200): Answer {
  const includes = teamIncludes(ctx.query);
  if (includes === undefined) return INVALID_TEAM_INCLUDE;
  const document = render((t) => teamResource(ctx.store, t, includes));
  if (includes.size === 0) return ok(document, status);
  const visible = (id: string): boolean => {
    const team = ctx.store.teams.get(id);
    return team !== undefined && ctx.authz.canSeeTeam(team);
  };
  return ok({ ...document, included: includedOf(ctx.store, teams, includes, visible) }, status);
}

export function listTeams(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isMember(org) || !hasTeamsEndpoint(ctx, org)) return NOT_FOUND;
  const names = namesFilter(ctx);
  const q = ctx.query.get('q')?.toLowerCase();
  const teams = ctx.store
    .teamsOf(org)
    .filter((t) => ctx.authz.canSeeTeam(t))
    .filter((t) => names === undefined || names.has(t.name.toLowerCase()))
    .filter((t) => q === undefined || t.name.toLowerCase().includes(q));
  return teamsAnswer(ctx, teams, (one) => pagedList(ctx, teams, one) as Record<string, unknown>);
}

export function showTeam(ctx: RequestContext): Answer {
  const team = visibleTeam(ctx);
  return team ? teamsAnswer(ctx, [team], (one) => ({ data: one(team) })) : NOT_FOUND;
}

/**
 * docs/api.md, "Teams": a caller who cannot make secret teams (neither an owner nor holding
 * access-secret-teams) gets `organization`, whatever it asked; an owner's team is secret unless told
 * otherwise; anyone else's is `organization` unless it asks for secret.
 */
function visibilityOnCreate(authz: Authz, org: string, asked: TeamBody['visibility']): 'organization' | 'secret' {
  if (!authz.seesSecretTeams(org)) return 'organization';
  return asked ?? (authz.isOwner(org) ? 'secret' : 'organization');
}

function changesAny(before: Readonly<Record<string, boolean>>, after: Readonly<Record<string, boolean>>): boolean {
  return Object.keys(after).some((key) => (before[key] === true) !== after[key]);
}

/**
 * Why the current profile refuses a create's flags (docs/api.md, "Teams", "The prerequisite chain"):
 * a flag of the chain sent without its prerequisites (the provider's issue #1845), or flags from a
 * caller who may not set them (the emulator's reading of "the grantor must hold it"). The words are
 * the emulator's own; the issue shows only "invalid attribute".
 */
function flagRefusal(ctx: RequestContext, org: string, sent: Readonly<Record<string, boolean>>): Invalid | undefined {
  if (!changesAny({}, sent)) return undefined;
  if (!ctx.authz.canChangeOrganizationAccess(org)) return new Invalid(`${POINTER}/organization-access`, 'You are not allowed to set organization access');
  const broken = brokenChain(sent);
  if (!broken) return undefined;
  return new Invalid(`${POINTER}/organization-access/${broken.flag}`, `${broken.flag} requires ${broken.missing.join(' and ')}`);
}

export function createTeamRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.canCreateTeams(org) || !hasTeamsEndpoint(ctx, org)) return NOT_FOUND;
  const body = readTeamBody(ctx.body, ctx.store.profile, true);
  const name = body.name ?? '';
  if (ctx.store.teamNameTaken(org, name)) throw NAME_TAKEN();
  const sent = body.organizationAccess ?? {};
  const refused = ctx.store.profile.partialTeamCreate ? flagRefusal(ctx, org, sent) : undefined;
  const organizationAccess = refused ? {} : withCompanions(sent);
  if (changesAny({}, organizationAccess) && !ctx.authz.canChangeOrganizationAccess(org)) return NOT_FOUND;
  const team = createTeam(ctx.store, org, {
    name,
    visibility: visibilityOnCreate(ctx.authz, org, body.visibility),
    organizationAccess,
    ssoTeamId: body.ssoTeamId ?? null,
    allowMemberTokenManagement: body.allowMemberTokenManagement ?? true,
  });
  // #1845: the team is made, without the flags, and the answer is the 422 all the same.
  if (refused) throw refused;
  // The set-up endpoints' 201 (docs/api.md, "Teams": the docs' table says 200; clients take either).
  return teamsAnswer(ctx, [team], (one) => ({ data: one(team) }), CREATED);
}

/** The owners team's and a SCIM-linked team's refusals (docs/api.md, "Teams"), before anything changes. */
function checkUpdate(team: Team, body: TeamBody, merged: Readonly<Record<string, boolean>>): void {
  const renamed = body.name !== undefined && body.name !== team.name;
  if (team.name === OWNERS_TEAM && renamed) throw new Invalid(`${POINTER}/name`, 'The owners team cannot be renamed');
  if (team.name === OWNERS_TEAM && changesAny(team.organizationAccess, merged)) {
    throw new Invalid(`${POINTER}/organization-access`, 'The organization access of the owners team cannot be changed');
  }
  if (team.scim && renamed) throw new Invalid(`${POINTER}/name`, 'The name of a team linked to a SCIM group cannot be changed');
}

export function updateTeam(ctx: RequestContext): Answer {
  const team = visibleTeam(ctx);
  if (!team || !ctx.authz.canManageTeam(team)) return NOT_FOUND;
  const body = readTeamBody(ctx.body, ctx.store.profile, false);
  // Partial: flags the body leaves out keep their values; the companions follow what is set.
  const merged = withCompanions({ ...team.organizationAccess, ...body.organizationAccess });
  checkUpdate(team, body, merged);
  if (body.name !== undefined && ctx.store.teamNameTaken(team.org, body.name, team)) throw NAME_TAKEN();
  if (changesAny(team.organizationAccess, merged) && !ctx.authz.canChangeOrganizationAccess(team.org)) return NOT_FOUND;
  if (body.name !== undefined) ctx.store.renameTeam(team, body.name);
  team.organizationAccess = merged;
  // #1341/#1439: a PATCH to secret by a caller who may not make secret teams is answered 200 and ignored.
  if (body.visibility !== undefined && (body.visibility === 'organization' || ctx.authz.seesSecretTeams(team.org))) team.visibility = body.visibility;
  // A SCIM-linked team's SSO id is the identity provider's: a change is answered 200 and ignored.
  if (body.ssoTeamId !== undefined && !team.scim) team.ssoTeamId = body.ssoTeamId;
  if (body.allowMemberTokenManagement !== undefined) team.allowMemberTokenManagement = body.allowMemberTokenManagement;
  return teamsAnswer(ctx, [team], (one) => ({ data: one(team) }));
}

export function deleteTeam(ctx: RequestContext): Answer {
  const team = visibleTeam(ctx);
  // docs/api.md, "Teams": deleting a SCIM-linked team is a 404, as for a team not found.
  if (!team || team.scim || !ctx.authz.canManageTeam(team)) return NOT_FOUND;
  if (team.name === OWNERS_TEAM) throw new Invalid('/data', 'The owners team cannot be deleted');
  removeTeamServiceUser(ctx.store, team);
  ctx.store.removeTeam(team);
  return NO_CONTENT;
}
