// What one run read, as plain data (docs/architecture.md, "The pipeline"): the organization as the
// lookup read it, the server, the managed targets' grants with who read them and how (what the read
// could not see follows from the viewer: diff/completeness.ts), the people, the policies' lists and
// every other target's grant list the policies and the effective changes asked for. Gathered stage
// by stage (pipeline/reads/gather.ts); the plan is one pure function over the files and this value
// (assemble/plan-over.ts, planOver), so a second plan over the same reads (drift --adopt, review
// close) costs no request.
import type { IndirectRead } from './indirect.js';
import type { LiveGrant, LiveState, Project, TargetType, Workspace } from './model.js';
import type { OrganizationRead, SetCatalog } from './organization.js';
import type { LivePeople } from './person.js';
import type { ServerInfo } from './server.js';
import type { ListedTokens, LiveTokens } from './token-policy.js';

/** The organization's membership list as the service answered it (the hidden members are worked out over the teams of the run). */
export type PeopleListed = Pick<LivePeople, 'people' | 'statusCounts' | 'serviceAccountFilter'>;

/** The people, or the status the service refused them with (404 or 403: docs/api.md, "People"). */
export type PeopleRead = { readonly kind: 'listed'; readonly listed: PeopleListed } | { readonly kind: 'refused'; readonly status: number };

/** The tokens, or the status the service refused the policy with (404: none on this server; 403: not an owner). */
export type TokensRead = { readonly kind: 'read'; readonly tokens: LiveTokens } | { readonly kind: 'refused'; readonly status: number };

export interface RunReads {
  readonly server: ServerInfo;
  /** What name resolution matches the files' names against (lookup/names.ts). */
  readonly organization: OrganizationRead;
  /** The lists the policies' matches select from, once read (files with a policy with a match). */
  readonly policyLists?: SetCatalog;
  /** The managed targets as read, with the viewer and how they were read. */
  readonly live?: LiveState;
  /** The organization's people, once read (the files manage members, or a policy counts them). */
  readonly people?: PeopleRead;
  /** The token policy and the tokens, once read (the files have `token-policy:`, or a report lists tokens); a status when the service refused the policy. */
  readonly tokens?: TokensRead;
  /** The tokens the caller can list, once read for a policy that reads them (`max-token-age`) when the files have no `token-policy:`. */
  readonly teamTokens?: ListedTokens;
  /** Every other grant list of the run, by `listKey`: the policies', the effective changes', a blind spot's project, the workspaces a read by team saw whole. */
  readonly lists: ReadonlyMap<string, readonly LiveGrant[]>;
  /** Indirect access, once read (a `max-reach` policy: docs/effective-access.md, "Indirect access"). */
  readonly indirect?: IndirectRead;
  /** The project list: the lookup's when it listed them, else read for the effective changes (a changed workspace in an unmanaged project). */
  readonly projects?: readonly Project[];
  /** Projects read one by id for the effective changes, by id; null: the token cannot see it (404), as when a list leaves it out. */
  readonly shownProjects?: ReadonlyMap<string, Project | null>;
  /** The workspaces of a changed project, listed for the effective changes, by project id. */
  readonly projectWorkspaces: ReadonlyMap<string, readonly Workspace[]>;
}

/** A grant list's key in `RunReads.lists`: a project and a workspace of one id are two targets. */
export const listKey = (target: { readonly type: TargetType; readonly id: string }): string => `${target.type} ${target.id}`;

/** A run's reads before anything but the server and the lookup. */
export function firstReads(server: ServerInfo, organization: OrganizationRead): RunReads {
  // The lookup's project list, when it read one, is the one the effective changes would read again.
  const projects = organization.projectsListed === true ? { projects: organization.projects } : {};
  return { server, organization, lists: new Map(), projectWorkspaces: new Map(), ...projects };
}
