// What the plan asks of the reads when the value it was given lacks one (assemble/plan-over.ts): a
// typed value, not a request. The gather loop (pipeline/reads/gather.ts) makes the read, adds it to the
// run's reads and plans again; a second plan over reads that are meant to be whole (drift --adopt,
// review close) takes a need as a bug.

import type { LiveRequest } from '../core/live-request.js';
import type { ReadTarget } from '../core/organization.js';
import type { DesiredPolicy } from '../core/policy.js';
import type { Resolved } from '../core/resolved.js';

/** What the policies know of the organization: the names resolved, narrowed to its teams and, with sets, the lists they were expanded from. */
export type PolicyOrganization = Pick<Resolved, 'organization' | 'teams' | 'catalog'>;

export type Need =
  /** The lists the policies' matches select from (live/policy-context.ts, readPolicyLists). */
  | { readonly kind: 'policy-lists'; readonly organization: PolicyOrganization; readonly policies: readonly DesiredPolicy[] }
  /** The managed targets' grants (live/read-live.ts). */
  | { readonly kind: 'live'; readonly request: LiveRequest }
  /** The organization's people: for the member diff (a refusal is then the files' problem) or for a policy that counts them. */
  | {
      readonly kind: 'people';
      readonly organization: string;
      readonly for: 'members' | 'policies';
      /** The live teams the plan may remove members from: their service accounts are asked of the service too (live/service-accounts.ts). */
      readonly pruned?: readonly string[];
    }
  /** The grant lists of targets beyond the managed ones (the policies', the effective changes'). */
  | { readonly kind: 'grants'; readonly targets: readonly ReadTarget[] }
  /** Indirect access: variable sets, pools, Stacks, each workspace's sharing and execution (a `max-reach` policy). */
  | { readonly kind: 'indirect'; readonly organization: string }
  /** The token policy and the tokens (the files have `token-policy:`). */
  | { readonly kind: 'tokens'; readonly organization: string }
  /** The tokens the caller can list, for a policy that reads them (`max-token-age`), without the token policy. */
  | { readonly kind: 'team-tokens'; readonly organization: string }
  /** The organization's project list (the effective changes: a changed workspace's unmanaged project). */
  | { readonly kind: 'projects'; readonly organization: string }
  /** One project by id, when it is the only one the effective changes need: no list costs less (`GET /projects/:id`). */
  | { readonly kind: 'project'; readonly id: string }
  /** The workspaces of changed projects, when the lookup did not list them all (the effective changes). */
  | { readonly kind: 'workspaces'; readonly organization: string; readonly projectIds: readonly string[] };

/**
 * One step of planning: a value over what was read, or the read it needs first, with what the step
 * made before it (`resume`, plain data) for the next call to start from once the read is made.
 */
export type Planned<T, R = never> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'needs'; readonly need: Need; readonly resume?: R };

export const done = <T>(value: T): Planned<T> => ({ kind: 'done', value });
export const needs = (need: Need): { readonly kind: 'needs'; readonly need: Need } => ({ kind: 'needs', need });
