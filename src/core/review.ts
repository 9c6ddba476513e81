// An access review (docs/evidence.md, "Access reviews"): `review start` writes one sheet per owner,
// a row per team or person with access and per team and organization power; the reviewer fills each row's decision; `review close`
// checks the sheets and carries out the revokes through the files. Plain data shared by review/,
// its renderers (render/review/) and the use cases pipeline/use-cases/review-start.ts and review-close.ts.
import type { Access, GrantOrigin, SourceRef, TargetRef, TargetType } from './model.js';

/** `review-owners:` in the files: who reviews the access on which projects or tagged workspaces. */
export interface ReviewOwner {
  /** The owner's name as the sheet file is named (`platform-leads` -> `review-platform-leads.csv`). */
  readonly owner: string;
  /** The reviewers' emails or names, as the files write them. */
  readonly reviewers: readonly string[];
  readonly projects?: readonly string[];
  readonly tags?: readonly string[];
  /** `organization: true`: this owner reviews the organization powers of the teams (the first such owner does). */
  readonly organization?: boolean;
  /** Where the owner is written (its key under `review-owners:`). */
  readonly source?: SourceRef;
  /** Where each of `projects` is written, index by index (the name checker's FILE:LINE:COL). */
  readonly projectSources?: readonly SourceRef[];
  /** Where each of `tags` is written, index by index. */
  readonly tagSources?: readonly SourceRef[];
}

export const REVIEW_DECISIONS = ['keep', 'revoke'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * What a row is of: a team's access on a target, a person's through a team, a team's organization
 * power (an `organization-access` flag it holds; the owners team holds every one), or an inactive
 * person's membership of a team (deactivated in the identity provider, still in the team: the
 * team's access comes back with re-activation; docs/api.md, "Identity-provider lifecycles"), or
 * what a team reaches through indirect access from the row's target (`derived`: a variable set, the
 * outputs of a workspace, an agent pool, a Stack; docs/evidence.md, "Derived rows").
 */
export const REVIEW_KINDS = ['team', 'person', 'power', 'membership', 'derived'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** A row of a person in a team (`person`, `membership`): its revoke takes the person out of the team. */
export const isMemberRow = (row: { readonly kind: ReviewKind }): boolean => row.kind === 'person' || row.kind === 'membership';

/** The target of a power row: the organization, by its name (the organization's name is its id in the API). */
export interface OrganizationRef {
  readonly type: 'organization';
  readonly name: string;
  readonly id: string;
}

/** A row's target: a project or workspace, or for a power the organization. */
export type ReviewTarget = TargetRef | OrganizationRef;

/** One row of a sheet: who has what where, and the decision once filled. */
export interface ReviewRow {
  readonly kind: ReviewKind;
  /** The team's name, or the person's email. */
  readonly subject: string;
  /** For a person: the team it has the access through (for a membership: the team it is in). */
  readonly via?: string;
  readonly target: ReviewTarget;
  /** The effective level and its short form (`custom: apply, vars rw, state r`); for a power, the flag (`manage-workspaces`); for a membership, `inactive`. */
  readonly access: string;
  readonly sources: string;
  readonly decision: ReviewDecision | '';
  readonly reviewer: string;
  readonly rationale: string;
  /** RFC 3339 as the reviewer wrote it. */
  readonly decidedAt: string;
}

export const SHEET_COLUMNS = [
  'review',
  'owner',
  'kind',
  'subject',
  'via',
  'team-id',
  'target-type',
  'target',
  'target-id',
  'access',
  'sources',
  'row-check',
  'decision',
  'reviewer',
  'rationale',
  'decided-at',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** The columns the reviewer fills; every other column is `review start`'s and covered by `row-check`. */
export const FILLED_COLUMNS: readonly SheetColumn[] = ['decision', 'reviewer', 'rationale', 'decided-at'];

/** A row of a sheet: the review row with its round, its owner, its team's id and its check. */
export interface SheetRow extends ReviewRow {
  /** The review round: `ORGANIZATION@STARTED-AT`. */
  readonly review: string;
  /** The owner whose sheet it is (empty: `review-unowned.csv`). */
  readonly owner: string;
  /** The team's id: the subject's, or for a person the team it has the access through. */
  readonly teamId: string;
  readonly check: string;
}

/** What `review start` wrote of a row, in column order. */
export function writtenFields(row: Omit<SheetRow, 'check'>): string[] {
  return [row.review, row.owner, row.kind, row.subject, row.via ?? '', row.teamId, row.target.type, row.target.name, row.target.id, row.access, row.sources];
}

/** A row's fields in SHEET_COLUMNS order. */
export function sheetFields(row: SheetRow): string[] {
  return [...writtenFields(row), row.check, row.decision, row.reviewer, row.rationale, row.decidedAt];
}

/** One decision of a closed review, as the bundle's `decisions.csv` and `decisions.json` give it. */
export interface DecisionRecord {
  /** Where the row is: `review-platform.csv:3` (the header is row 1). */
  readonly at: string;
  readonly row: SheetRow;
  /** A revoke: the file it edits and the edit as a unified diff; absent for a keep. */
  readonly edit?: { readonly file: string; readonly diff: string };
  /** A revoke: the change of the edited files' plan that carries it out (render/review/review-decisions.ts says it: `remove grant of team dev on workspace w01`). */
  readonly change?: RevokeChange;
  /** A derived row's revoke: what carries it out, never a write of its own (review/derived.ts). */
  readonly derived?: DerivedRevoke;
}

/**
 * What carries out the revoke of a derived row: the grant's own revoke on the row at `at` (written
 * into the files as every grant's), or a setting beside it to change by hand (`change`: in the
 * workspace, the variable set or the pool; tfe-access edits no setting).
 */
export type DerivedRevoke = { readonly kind: 'grant'; readonly at: string } | { readonly kind: 'setting'; readonly change: string };

/** The removal of the edited files' plan that carries out a revoke: a team's grant on a target, or a person from a team. */
export type RevokeChange =
  | { readonly kind: 'grant'; readonly team: string; readonly target: { readonly type: TargetType; readonly name: string } }
  | { readonly kind: 'member'; readonly email: string; readonly team: string }
  | { readonly kind: 'power'; readonly flag: string; readonly team: string };

/** How a round was started: a row per person for every team (`--by person`), or for the teams whose members the files list. */
export const REVIEW_BY = ['team', 'person'] as const;
export type ReviewBy = (typeof REVIEW_BY)[number];

/** One sheet of a round, as `review.json` names it: its owner (none for `review-unowned.csv`), reviewers and row count. */
export interface RoundSheet {
  readonly name: string;
  readonly owner?: string;
  readonly reviewers: readonly string[];
  readonly rows: number;
}

/** A round of review as `review start` records it in `review.json` (render/review/review-round.ts). */
export interface RoundRecord {
  readonly review: string;
  readonly organization: string;
  readonly startedAt: string;
  readonly by: ReviewBy;
  /** Whether the live read was known to be whole. */
  readonly complete: boolean;
  readonly sheets: readonly RoundSheet[];
  /** Whether start read the edges of indirect access for derived rows (`--no-indirect`: false; absent in rounds before it: false). */
  readonly indirect?: boolean;
}

/**
 * What a revoke takes out of the files (review/revokes.ts; adopt/revoke.ts writes it): a team's grant
 * on a target (the grant the files give, and the set it comes from), a person from a team's
 * `members:`, or a power from a team's `organization-access`.
 */
export type Revocation =
  | {
      readonly kind: 'grant';
      readonly team: { readonly id: string; readonly name: string };
      readonly target: TargetRef;
      readonly access: Access;
      readonly origin?: GrantOrigin;
    }
  | { readonly kind: 'member'; readonly team: { readonly id: string; readonly name: string }; readonly email: string }
  | { readonly kind: 'power'; readonly team: { readonly id: string; readonly name: string }; readonly flag: string };
