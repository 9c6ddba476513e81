// What a plan or report could not see and what it was asked, in words (docs/plan.md, "Plan and drift" and
// "Effective access"): the one place these are phrased. Every format reads coverageWords: the text
// and HTML titles its `tags`, the banners and Markdown notes its sentences, the JSON documents
// coverageDocument (each reason with its sentence as `message`), the CSV its `complete` and the
// scope's items (report-csv.ts). A reader must never take a partial or narrowed output for the whole.
import type { ChangedFrom, Coverage, IncompleteReason, IndirectUnread, Scope, TokensUnlisted } from '../../core/coverage.js';
import { coverageFacts, reasonFacts } from '../../core/coverage-document.js';
import type { JsonObject } from '../../core/json-value.js';
import { quote } from '../../core/printable.js';

/** How many targets a sentence names before it counts the rest (the JSON lists them all). */
export const TARGETS_NAMED = 10;

/** The output the words are for: a plan is narrowed by --target, a report by its filters. */
export type CoverageKind = 'plan' | 'report';

function named(targets: readonly string[]): string {
  const shown = targets.slice(0, TARGETS_NAMED).join(', ');
  return targets.length > TARGETS_NAMED ? `${shown} and ${targets.length - TARGETS_NAMED} more` : shown;
}

/** One reason as a clause: the `message` of its JSON form, and a part of the "Partial:" sentence. */
export function reasonText(reason: IncompleteReason): string {
  switch (reason.code) {
    case 'secret-teams-unseen':
      return `the token does not see every team (it is not an owner's): on ${reason.targets === 1 ? '1 target' : `${reason.targets} targets`} of those read it does not manage team access, so a secret team's grant there is not seen`;
    case 'grants-of-unseen-teams':
      return `grants on ${named(reason.targets)} name teams the token cannot see`;
    case 'identity-unknown':
      return 'the server did not say who the token is, so whether it sees every team is not known';
    case 'projects-unseen':
      return `the token cannot see the project of ${named(reason.workspaces)}, so the access a project grant gives there is not counted`;
    case 'people-teams-unseen':
      return "the token does not see every team (it is not an owner's), so a person's membership of a secret team it is not in, and the access that team gives, is not seen";
    case 'teams-not-proven':
      return "the token's list of teams is not proven whole (it is not an owner's or the organization's, and sees no secret team it is not in), so a secret team, its organization powers and its grants may be missing";
    case 'targets-not-proven':
      return `the token cannot read every ${reason.lists.map((l) => l.slice(0, -1)).join(' and every ')} of the organization (no organization-wide read), so one none of its teams is granted is not listed`;
    case 'no-targets-seen':
      return 'the token could see no project and no workspace: none seen is not none there';
    case 'team-tokens-unlisted':
      return tokensUnlistedText(reason.policies, reason.cause);
    case 'reach-unread':
      return `the indirect access of ${reason.reach.join(', ')} was not read whole (a list not given to the token, consumers it cannot see, or no such name), so a team that reaches it may not be counted`;
    case 'indirect-unread':
      return indirectUnreadText(reason.unread);
  }
}

const LIST_WORDS: Readonly<Record<IndirectUnread['lists'][number], string>> = {
  varsets: 'variable sets',
  'agent-pools': 'agent pools',
  stacks: 'Stacks',
  workspaces: "workspaces' sharing and execution",
};

/** docs/effective-access.md, "Indirect access": what the report's read of the edges missed, so a cell may reach more than it says. */
function indirectUnreadText(u: IndirectUnread): string {
  const parts = [
    ...(u.lists.length > 0
      ? [`the list of ${u.lists.map((l) => LIST_WORDS[l]).join(', ')} was not given to the token (404 or 403), or this server has none`]
      : []),
    ...(u.consumers.length > 0 ? [`the remote-state consumers of ${named(u.consumers.map((w) => `workspace ${quote(w)}`))} were not given`] : []),
    ...(u.short.length > 0 ? [`variable set ${named(u.short.map(quote))} lists fewer workspaces or projects than its counts`] : []),
    ...(u.unnamed.length > 0 ? [`the service does not name the agent pool of ${named(u.unnamed.map((w) => `workspace ${quote(w)}`))}`] : []),
    ...(u.partialToken ? ['the token does not see every workspace, so consumers it cannot read are left out'] : []),
  ];
  return `indirect access was not read whole (${parts.join(', ')}), so a team may reach more through what was not read than its "reaches through" entries and derived rows say`;
}

/** docs/effective-access.md, "Token lifetimes: `max-token-age`": the policies that did not see every team token, and why. */
function tokensUnlistedText(policies: readonly string[], cause: TokensUnlisted): string {
  const named = `${policies.length === 1 ? 'policy' : 'policies'} ${policies.map((p) => quote(p)).join(', ')} (max-token-age)`;
  return cause === 'no-list'
    ? `the team tokens could not be listed (the server has no team-token list, or the token may not read it), so ${named} ${policies.length === 1 ? 'was' : 'were'} not evaluated`
    : `the token lists only the tokens of the teams it manages (it is not an owner's), so ${named} ${policies.length === 1 ? 'was' : 'were'} evaluated on those alone`;
}

/** Every narrowing of the scope as `kind name` (`target workspace:web`, `team sre`), in the order of the flags; repeats once. */
export function filterItems(scope: Scope): string[] {
  const items = [
    ...scope.targets.map((t) => `target ${t}`),
    ...scope.teams.map((t) => `team ${t}`),
    ...scope.projects.map((p) => `project ${p}`),
    ...scope.workspaces.map((w) => `workspace ${w}`),
    ...(scope.people ?? []).map((p) => `person ${p}`),
  ];
  return [...new Set(items)];
}

export interface CoverageWords {
  /** For a title, in this order: `partial` when not complete, `filtered: ITEMS` when narrowed; empty for the whole. */
  readonly tags: readonly string[];
  /** `Partial: REASONS.` when not complete. */
  readonly partial?: string;
  /** `Filtered: ITEMS; what was left out.` when narrowed. */
  readonly filtered?: string;
  /** A plan given --changed-from: what it read and that drift elsewhere was not, or why it is the full plan. */
  readonly changed?: string;
}

const LEFT_OUT: { readonly [K in CoverageKind]: string } = {
  plan: 'the other targets of the files were not read',
  report: 'the rest of the organization is not shown',
};

/** The words every format says of a plan's or report's coverage and scope (unescaped: each format escapes them its way). */
export function coverageWords(coverage: Coverage, scope: Scope, kind: CoverageKind): CoverageWords {
  const items = filterItems(scope);
  const partial = coverage.complete
    ? undefined
    : `Partial: ${coverage.reasons.length > 0 ? coverage.reasons.map(reasonText).join('; ') : 'the read is not known to be whole'}.`;
  const filtered = items.length > 0 ? `Filtered: ${items.join(', ')}; ${LEFT_OUT[kind]}.` : undefined;
  const changed = scope.changedFrom ? changedText(scope.changedFrom) : undefined;
  const tags = [
    ...(partial ? ['partial'] : []),
    ...(filtered ? [`filtered: ${items.join(', ')}`] : []),
    ...(scope.changedFrom?.scoped ? [`scoped: changed from ${scope.changedFrom.ref}`] : []),
  ];
  return { tags, ...(partial ? { partial } : {}), ...(filtered ? { filtered } : {}), ...(changed ? { changed } : {}) };
}

const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** docs/plan.md, "Scoped plans": one sentence, so no reader takes a scoped plan for the whole. */
export function changedText(c: ChangedFrom): string {
  if (!c.scoped) return `Changed from ${c.ref}: the full plan, because ${c.reason ?? 'the change could not be scoped'}.`;
  const more = [...(c.teams.length > 0 ? [count(c.teams.length, 'team')] : []), ...(c.tokenPolicy ? ['the token policy'] : [])];
  const touched = `${count(c.targets.length, 'target')}${more.length > 0 ? ` and ${more.join(' and ')}` : ''}`;
  return `Scoped to the change from ${c.ref}: it touches ${touched}; the plan read ${count(c.read, 'target')}, and drift elsewhere was not read (a full plan reads it).`;
}

/** The JSON form (plan, drift, report): `complete`, `incomplete` (empty when complete) and `scope`. Not part of any checksum. */
export function coverageDocument(coverage: Coverage, scope: Scope): JsonObject {
  // Each reason's facts with its words last.
  return { ...coverageFacts(coverage, scope), incomplete: coverage.reasons.map((reason) => ({ ...reasonFacts(reason), message: reasonText(reason) })) };
}
