// Which way to read the grants of the managed workspaces (docs/connecting.md, "Reading by team"), from what is
// known before the first grant list: per target, one list per managed target, a page per 100
// grants; per team (docs/api.md, "Listing by team"), one probe, then every team the token sees, a
// page per 100 of its grants across the organization. Project grants are read per project either
// way: the team filter of team-projects only narrows one project's list.
import { PAGE_SIZE } from '../api/paginate.js';
import type { LiveRequest } from '../core/live-request.js';
import type { ReadBy } from '../core/model.js';
import type { ReadTarget } from '../core/organization.js';

export interface ReadEstimate {
  readonly byTarget: number;
  /** Absent when reading by team is not possible (no workspace target). */
  readonly byTeam?: number;
}

const pages = (items: number): number => Math.max(1, Math.ceil(items / PAGE_SIZE));
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** What the files expect on a target: how many grants. */
type Expected = LiveRequest['expected'];
const given = (target: ReadTarget, expected: Expected): number => expected.get(target.id)?.length ?? 0;

/** The lists reading `targets` one by one takes: a page per 100 grants, the live ones taken to be about as many as the files give. */
export const listsOf = (targets: readonly ReadTarget[], expected: Expected): number => sum(targets.map((t) => pages(given(t, expected))));

/**
 * The grants of the organization's workspaces, G, before reading any: the files' grants on the
 * managed workspaces, scaled to the organization's workspace count when resolution listed them all
 * (the live grants of a managed target are mostly what the files say: a plan is a few changes).
 * Without files (export, report) that is 0, the least reading by team can cost: the first pages
 * then tell the true cost, and readLive goes back to targets when that is dearer.
 */
function organizationGrants(request: LiveRequest, workspaces: readonly ReadTarget[]): number {
  const expected = sum(workspaces.map((t) => given(t, request.expected)));
  const known = request.workspaces?.length ?? workspaces.length;
  return Math.round((expected * Math.max(known, workspaces.length)) / workspaces.length);
}

export function estimateRead(request: LiveRequest): ReadEstimate {
  const projects = request.targets.filter((t) => t.type === 'project');
  const workspaces = request.targets.filter((t) => t.type === 'workspace');
  const projectPages = listsOf(projects, request.expected);
  const byTarget = projectPages + listsOf(workspaces, request.expected);
  if (workspaces.length === 0 || request.teams.length === 0) return { byTarget };
  // The probe, one page per team, and the pages beyond the first: about G / 100 at most.
  const byTeam = projectPages + 1 + request.teams.length + Math.ceil(organizationGrants(request, workspaces) / PAGE_SIZE);
  return { byTarget, byTeam };
}

/**
 * Whether to read by team. `auto` needs the organization's workspace list from resolution (every
 * grant read by team is checked against it); without it, resolution looked workspaces up by name,
 * which it does only when they are few beside the organization's, and reading by team would not pay.
 */
export function chooseByTeam(readBy: ReadBy, request: LiveRequest, estimate: ReadEstimate): boolean {
  if (readBy === 'target' || estimate.byTeam === undefined) return false;
  if (readBy === 'team') return true;
  return request.workspaces !== undefined && estimate.byTeam < estimate.byTarget;
}
