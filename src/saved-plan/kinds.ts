// The saved plan's kinds of change, one row each (docs/architecture.md, "Where a change goes": a
// new kind of managed object): which format versions hold the kind, where its changes are in the
// file, how they are read, what of the basis goes with them, what they add to the checksum, and
// the check that the file's documents of them are exactly those of what was read. parse.ts runs
// every row the same way, so a new kind adds a row here (and its `parse-<kind>.ts`), not a step to
// the reader.
import type { JsonValue } from '../core/json-value.js';
import type { PendingInvite } from '../core/people.js';
import type { ChangeOf, PlanChangeKind } from '../core/plan.js';
import { changeDocument, teamChangeDocument } from '../core/plan-document.js';
import { tokenPolicyChangeDocument } from '../core/token-document.js';
import type { ChecksumInput } from '../diff/checksum.js';
import { changeOf } from './parse-changes.js';
import { basisMembersOf, memberChangesOf, pendingInvitesOf, sameMemberDocuments } from './parse-members.js';
import { basisTeamsOf, teamChangesOf } from './parse-teams.js';
import { basisTokenPolicyOf, tokenPolicyChangesOf } from './parse-token-policy.js';
import type { Reader } from './reader.js';
import {
  type PlanBasis,
  SAVED_PLAN_FORMAT_VERSION,
  SAVED_PLAN_MEMBERS_FORMAT_VERSION,
  SAVED_PLAN_SCOPED_FORMAT_VERSION,
  SAVED_PLAN_TEAMS_FORMAT_VERSION,
  SAVED_PLAN_TOKENS_FORMAT_VERSION,
} from './saved-plan.js';

/** What a kind's documents add to the plan read beside its changes (the members' pending invitations). */
export interface KindExtra {
  readonly pendingInvites?: PendingInvite[];
}

export interface SavedKind<K extends PlanChangeKind> {
  /** The format versions whose files always hold it. */
  readonly versions: readonly number[];
  /** The versions whose files hold it when its key is there (5: teams only when the files manage them). */
  readonly whenPresent?: readonly number[];
  /** The key of `plan` its changes are under. */
  readonly key: string;
  /** Its changes; `created`, the teams the plan creates, by name (a change may name one before it has an id). */
  readonly read: (plan: Reader, created: ReadonlySet<string>) => ChangeOf<K>[];
  /** The names of the teams its changes create: a kind that creates is read before the others. */
  readonly creates?: (changes: readonly ChangeOf<K>[]) => string[];
  /** Its part of the basis. */
  readonly basis?: (basis: Reader) => Partial<PlanBasis>;
  /** Its part of the checksum's input; undefined when the basis lacks what it needs (an edit, refused by the sum). */
  readonly checksum?: (changes: readonly ChangeOf<K>[], basis: PlanBasis) => Partial<ChecksumInput> | undefined;
  /** What its documents add, when they are exactly those of `changes`; undefined when the file says more or other. */
  readonly documents: (plan: Reader, changes: readonly ChangeOf<K>[], created: ReadonlySet<string>) => KindExtra | undefined;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const documentsOf =
  <C>(key: string, document: (change: C) => JsonValue) =>
  (plan: Reader, changes: readonly C[]): KindExtra | undefined =>
    same(changes.map(document), plan.array(key)) ? {} : undefined;

export const SAVED_KINDS: { readonly [K in PlanChangeKind]: SavedKind<K> } = {
  grant: {
    versions: [
      SAVED_PLAN_FORMAT_VERSION,
      SAVED_PLAN_TEAMS_FORMAT_VERSION,
      SAVED_PLAN_MEMBERS_FORMAT_VERSION,
      SAVED_PLAN_TOKENS_FORMAT_VERSION,
      SAVED_PLAN_SCOPED_FORMAT_VERSION,
    ],
    key: 'changes',
    read: (plan, created) => plan.objects('changes').map((c) => changeOf(c, created)),
    documents: documentsOf('changes', changeDocument),
  },
  team: {
    versions: [SAVED_PLAN_TEAMS_FORMAT_VERSION],
    whenPresent: [SAVED_PLAN_MEMBERS_FORMAT_VERSION, SAVED_PLAN_TOKENS_FORMAT_VERSION, SAVED_PLAN_SCOPED_FORMAT_VERSION],
    key: 'team_changes',
    read: (plan) => teamChangesOf(plan),
    creates: (changes) => changes.flatMap((c) => (c.action === 'create' ? [c.name] : [])),
    basis: (basis) => ({ teams: basisTeamsOf(basis) }),
    checksum: (changes, basis) => basis.teams && { teams: { changes, maxTeamDeletions: basis.teams.maxTeamDeletions } },
    documents: documentsOf('team_changes', teamChangeDocument),
  },
  member: {
    versions: [SAVED_PLAN_MEMBERS_FORMAT_VERSION],
    whenPresent: [SAVED_PLAN_TOKENS_FORMAT_VERSION, SAVED_PLAN_SCOPED_FORMAT_VERSION],
    key: 'member_changes',
    read: memberChangesOf,
    basis: (basis) => ({ members: basisMembersOf(basis) }),
    checksum: (changes, basis) => basis.members && { members: { changes, guards: basis.members.guards } },
    documents: (plan, changes, created) => {
      const pendingInvites = pendingInvitesOf(plan, created);
      return sameMemberDocuments(plan, changes, pendingInvites) ? { pendingInvites } : undefined;
    },
  },
  // docs/apply.md, "Saved plans": format 6, with the tokens each change ends and the policy it was planned from.
  'token-policy': {
    versions: [SAVED_PLAN_TOKENS_FORMAT_VERSION],
    whenPresent: [SAVED_PLAN_SCOPED_FORMAT_VERSION],
    key: 'token_policy_changes',
    read: (plan) => tokenPolicyChangesOf(plan),
    basis: (basis) => ({ tokenPolicy: basisTokenPolicyOf(basis) }),
    checksum: (changes, basis) => basis.tokenPolicy && { tokenPolicy: { changes, maxTokenRevocations: basis.tokenPolicy.maxTokenRevocations } },
    documents: documentsOf('token_policy_changes', tokenPolicyChangeDocument),
  },
};

/** The format versions a reader takes: every one some row holds. */
export const READABLE_VERSIONS: readonly number[] = [...new Set(Object.values(SAVED_KINDS).flatMap((k) => [...k.versions, ...(k.whenPresent ?? [])]))].sort();

/** Whether a file of `version` whose plan is `plan` holds the kind. */
export const fileHoldsKind = (row: SavedKind<PlanChangeKind>, version: number, plan: Readonly<Record<string, unknown>> | undefined): boolean =>
  row.versions.includes(version) || (row.whenPresent?.includes(version) === true && plan?.[row.key] !== undefined);
