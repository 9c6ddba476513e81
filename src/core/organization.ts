// The organization as a run read it: plain data, what name resolution and set expansion are pure
// functions over (src/resolve/, src/expand/). The reads are src/lookup/'s; the report and export
// read the whole lists and build the same data. No I/O here.
import type { LiveGrant, LiveTarget, Project, TargetType, Team, Workspace } from './model.js';

/**
 * What a run read to resolve the names the files give (lookup/names.ts); the report builds the
 * same from the whole lists it reads (pipeline/use-cases/report.ts, organizationRead).
 */
export interface OrganizationRead {
  readonly organization: string;
  /** Every team the token sees. */
  readonly teams: readonly Team[];
  /** Every project, when a project is managed or a set given; else none were listed. */
  readonly projects: readonly Project[];
  /** Whether `projects` was listed (the whole list the token sees), so no later stage lists it again. */
  readonly projectsListed?: boolean;
  /** The organization's whole workspace list when `allWorkspaces`, else the workspaces found by the names the files give. */
  readonly workspaces: readonly Workspace[];
  /** Whether `workspaces` is the whole list: only then can a name be near another, or there in another Unicode normalisation. */
  readonly allWorkspaces: boolean;
  /** Workspaces not found by their name, looked up by the id the files pin (to say "renamed?"). */
  readonly pinned: readonly Workspace[];
  /** What the sets are expanded from, when the files give sets. */
  readonly catalog?: SetCatalog;
  /** A scoped plan's lookup read only the teams of these names (`filter[names]`), not every team the token sees. */
  readonly teamsNamed?: readonly string[];
}

/** A project or workspace to read the grants of: what the live read takes (no desired state). */
export interface ReadTarget {
  readonly type: TargetType;
  readonly id: string;
  readonly name: string;
  /** A workspace's project, when the service reported it. */
  readonly projectId?: string;
}

/** What the sets (and the policies' matches) select from: the projects and the workspaces read for them. */
export interface SetCatalog {
  /** Every project of the organization the token sees. */
  readonly projects: readonly Project[];
  /** The workspaces read for the workspace sets: all of them, or those of the projects the sets name. */
  readonly workspaces: readonly Workspace[];
  /** Whether `workspaces` is the organization's whole list. */
  readonly complete: boolean;
  /** Whether every workspace came with its key-value tags (false: the server did not report them). */
  readonly keyValueTags: boolean;
}

/** A target as read: what it is, and its grants. */
export const liveTarget = (target: ReadTarget, grants: readonly LiveGrant[]): LiveTarget => ({
  type: target.type,
  id: target.id,
  name: target.name,
  ...(target.projectId ? { projectId: target.projectId } : {}),
  grants,
});
