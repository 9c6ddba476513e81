// `POST /emulator/organizations/:org/runs` (docs/emulator.md, "Runs"), admin only: runs as the
// service would have recorded them, `{"runs": [{"workspace", "created-by", "confirmed-by"?,
// "created-at", "status"?, "plan-only"?, "auto-apply"?, "source"?}]}`. `created-by` and
// `confirmed-by` are a username of the organization or `team:NAME`, that team's token (its
// service user, docs/api.md, "Runs index", brought into the team as its first token would);
// `created-by` may be null for a run made from a VCS commit. 201 with the runs made.
import { type Answer, Invalid, NOT_FOUND, ok } from './answers.js';
import { param, type RequestContext } from './context.js';
import { optionalString, readPlainBody } from './people-body.js';
import { RUN_SOURCES, RUN_STATUS_GROUPS, type RunSource, type StoredRun } from './run-book.js';
import { addTeamServiceUser, teamServiceUserId } from './service-users.js';

const CREATED = 201;
const TEAM_PREFIX = 'team:';

/** A username of `org` or `team:NAME` as a user id; a 422 at `at` when neither. */
function userIdOf(ctx: RequestContext, org: string, who: string, at: string): string {
  if (who.startsWith(TEAM_PREFIX)) {
    const team = ctx.store.teamByName(org, who.slice(TEAM_PREFIX.length));
    if (!team) throw new Invalid(at, `no team ${JSON.stringify(who.slice(TEAM_PREFIX.length))} in ${org}`);
    addTeamServiceUser(ctx.store, team);
    return teamServiceUserId(team.id);
  }
  const user = ctx.store.people.userByUsername(who);
  if (!user || ctx.store.people.membershipOf(org, user.id) === undefined) throw new Invalid(at, `no user ${JSON.stringify(who)} in ${org}`);
  return user.id;
}

function flag(body: Record<string, unknown>, key: string, at: string): boolean {
  const value = body[key] ?? false;
  if (typeof value !== 'boolean') throw new Invalid(`${at}/${key}`, `${key} must be true or false`);
  return value;
}

function runOf(ctx: RequestContext, org: string, raw: unknown, at: string): StoredRun {
  const body = readPlainBody(raw);
  const workspace = ctx.store.workspaceByName(org, optionalString(body, 'workspace') ?? '');
  if (!workspace) throw new Invalid(`${at}/workspace`, 'workspace must name a workspace of the organization');
  const createdAt = Date.parse(optionalString(body, 'created-at') ?? '');
  if (Number.isNaN(createdAt)) throw new Invalid(`${at}/created-at`, 'created-at must be an ISO 8601 time');
  const planOnly = flag(body, 'plan-only', at);
  const status = optionalString(body, 'status') ?? (planOnly ? 'planned_and_finished' : 'applied');
  if (RUN_STATUS_GROUPS[status] === undefined) throw new Invalid(`${at}/status`, `status must be one of ${Object.keys(RUN_STATUS_GROUPS).join(', ')}`);
  const source = optionalString(body, 'source') ?? 'tfe-api';
  if (!(RUN_SOURCES as readonly string[]).includes(source)) throw new Invalid(`${at}/source`, `source must be one of ${RUN_SOURCES.join(', ')}`);
  const creator = optionalString(body, 'created-by');
  if (creator === undefined && source !== 'tfe-configuration-version') throw new Invalid(`${at}/created-by`, 'created-by is required but for a VCS-made run');
  const confirmer = optionalString(body, 'confirmed-by');
  return {
    id: ctx.store.newId('run'),
    org,
    workspaceId: workspace.id,
    createdAt,
    status,
    planOnly,
    autoApply: flag(body, 'auto-apply', at),
    source: source as RunSource,
    createdBy: creator === undefined ? null : userIdOf(ctx, org, creator, `${at}/created-by`),
    confirmedBy: confirmer === undefined ? null : userIdOf(ctx, org, confirmer, `${at}/confirmed-by`),
  };
}

export function addRunsRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (ctx.authz.identity.kind !== 'admin' || !ctx.store.orgs.has(org)) return NOT_FOUND;
  const runs = readPlainBody(ctx.body).runs;
  if (!Array.isArray(runs)) throw new Invalid('/runs', 'runs must be a list');
  const made = runs.map((raw: unknown, i) => runOf(ctx, org, raw, `/runs/${i}`));
  ctx.store.runs.add(made);
  return ok({ data: made.map((run) => ({ id: run.id, workspace: run.workspaceId, 'created-by': run.createdBy, 'confirmed-by': run.confirmedBy })) }, CREATED);
}
