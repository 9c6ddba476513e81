// `GET /organizations/:org/runs` (docs/api.md, "Runs index"): the organization's runs newest first,
// in pages of up to 100 whose `meta.pagination` has no totals and whose `links` have no first or
// last; the filters `filter[workspace_names]`, `filter[timeframe]` (a year, or `year`: the last 12
// months, the default), `filter[status_group]`, `filter[status]`, `filter[operation]`,
// `filter[source]` and `search[user]` (the VCS username: never an HCP Terraform user's, so
// nothing the emulator's runs carry); its own limit of 30 requests per minute per caller. A caller
// sees the runs of the workspaces it can see; outside the organization, 404; in the seed profile, 404.

import { DAY_MS } from '../core/expiry.js';
import { type Answer, failure, NOT_FOUND, ok, rateLimited } from './answers.js';
import { param, type RequestContext } from './context.js';
import { MAX_PAGE_SIZE, PAGE_NUMBER_PARAM, PAGE_SIZE_PARAM } from './pagination.js';
import { RUN_STATUS_GROUPS, STATUS_GROUPS, type StoredRun } from './run-book.js';

const YEAR_DAYS = 365;
const DEFAULT_SIZE = 20;

type RunFilter = (run: StoredRun) => boolean;

function list(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** `plan_only` for a plan-only run, else `plan_and_apply`: the operations the emulator's runs can be. */
const operationOf = (run: StoredRun): string => (run.planOnly ? 'plan_only' : 'plan_and_apply');

/** `filter[timeframe]`: a calendar year, or `year` (the default) for the last 12 months; undefined when neither. */
function timeframe(raw: string | null, now: number): RunFilter | undefined {
  if (raw === null || raw === 'year') return (run) => run.createdAt >= now - YEAR_DAYS * DAY_MS;
  if (!/^\d{4}$/.test(raw)) return undefined;
  const year = Number(raw);
  return (run) => new Date(run.createdAt).getUTCFullYear() === year;
}

function filters(ctx: RequestContext): RunFilter[] | Answer {
  const out: RunFilter[] = [];
  const within = timeframe(ctx.query.get('filter[timeframe]'), ctx.store.audit.now());
  if (!within) return failure(400, 'bad request', 'filter[timeframe] must be a year or "year"');
  out.push(within);
  const group = ctx.query.get('filter[status_group]');
  if (group !== null && !(STATUS_GROUPS as readonly string[]).includes(group))
    return failure(400, 'bad request', `filter[status_group] must be one of ${STATUS_GROUPS.join(', ')}`);
  if (group !== null) out.push((run) => RUN_STATUS_GROUPS[run.status] === group);
  const names = list(ctx.query.get('filter[workspace_names]'));
  if (names) out.push((run) => names.includes(ctx.store.workspaces.get(run.workspaceId)?.name ?? ''));
  const byList = (key: string, of: (run: StoredRun) => string): void => {
    const values = list(ctx.query.get(key));
    if (values) out.push((run) => values.includes(of(run)));
  };
  byList('filter[status]', (run) => run.status);
  byList('filter[operation]', operationOf);
  byList('filter[source]', (run) => run.source);
  if (ctx.query.get('search[user]') !== null) out.push(() => false);
  return out;
}

function user(id: string | null): unknown {
  return { data: id === null ? null : { id, type: 'users' } };
}

function runJson(run: StoredRun): unknown {
  const at = new Date(run.createdAt).toISOString();
  const applied = run.status === 'applied';
  return {
    id: run.id,
    type: 'runs',
    attributes: {
      'created-at': at,
      status: run.status,
      'plan-only': run.planOnly,
      'auto-apply': run.autoApply,
      source: run.source,
      'is-destroy': false,
      'refresh-only': false,
      'has-changes': true,
      'trigger-reason': 'manual',
      'status-timestamps': { 'planned-at': at, ...(applied ? { 'applied-at': at } : {}), ...(run.confirmedBy !== null ? { 'confirmed-at': at } : {}) },
    },
    relationships: {
      workspace: { data: { id: run.workspaceId, type: 'workspaces' } },
      'created-by': user(run.createdBy),
      'confirmed-by': user(run.confirmedBy),
    },
  };
}

function positive(raw: string | null): number | undefined {
  return raw !== null && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

/** One page, and the envelope without totals: `next-page` is null on the last page. */
function page(ctx: RequestContext, runs: readonly StoredRun[]): unknown {
  const size = Math.min(positive(ctx.query.get(PAGE_SIZE_PARAM)) ?? DEFAULT_SIZE, MAX_PAGE_SIZE);
  const number = positive(ctx.query.get(PAGE_NUMBER_PARAM)) ?? 1;
  const data = runs.slice((number - 1) * size, number * size).map(runJson);
  const more = number * size < runs.length;
  const pagination = { 'current-page': number, 'page-size': size, 'prev-page': number > 1 ? number - 1 : null, 'next-page': more ? number + 1 : null };
  return { data, links: { self: ctx.selfUrl }, meta: { pagination } };
}

export function listRuns(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  // The seed's API has no runs (docs/emulator.md, "Runs"): an unknown path there.
  if (ctx.store.profile.name === 'seed' || !ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return NOT_FOUND;
  const wait = ctx.store.runsLimiter?.take(`runs:${JSON.stringify(ctx.authz.identity)}`);
  if (wait !== undefined) return rateLimited(wait);
  const chosen = filters(ctx);
  if (!Array.isArray(chosen)) return chosen;
  const seen = (run: StoredRun): boolean => {
    const workspace = ctx.store.workspaces.get(run.workspaceId);
    return workspace !== undefined && ctx.authz.canSeeWorkspace(workspace);
  };
  const runs = ctx.store.runs.of(org).filter((run) => seen(run) && chosen.every((f) => f(run)));
  return ok(page(ctx, runs));
}
