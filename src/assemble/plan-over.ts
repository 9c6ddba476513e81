// The plan as one pure function over the files and what the run read (docs/architecture.md, "The
// pipeline"): resolve -> expand -> diff -> guard -> the policies -> effective changes, in that
// order, over one `RunReads` value. When a step needs a read the value lacks, the plan stops there
// and says which (`Need`, assemble/needs.ts); the gather loop (pipeline/reads/gather.ts) reads it and
// plans again, so the reads are made in the order the steps need them, and a plan over reads that
// hold everything (drift --adopt, review close, report --after) makes no request at all.

import type { ChangedFrom } from '../core/coverage.js';
import type { DesiredState, FilesState } from '../core/desired-state.js';
import { liveRequestOf } from '../core/live-request.js';
import type { LiveState } from '../core/model.js';
import { liveTarget } from '../core/organization.js';
import { changesOf, grantChanges, type Plan, type PlanWarning } from '../core/plan.js';
import { type GrantEnd, targetPolicies } from '../core/policy.js';
import type { Resolved } from '../core/resolved.js';
import type { RunReads } from '../core/run-reads.js';
import { scopeOf } from '../core/scope.js';
import type { ServerInfo } from '../core/server.js';
import { coverageOf, unevaluatedReasons, withReasons } from '../diff/completeness.js';
import { buildPlan, withViolations } from '../diff/plan.js';
import { supportFindings } from '../diff/support.js';
import { teamSupportFindings } from '../diff/team-support.js';
import { unseenTeamsOf } from '../diff/unseen.js';
import { effectiveChanges } from '../effective/changes.js';
import { CLIError } from '../errors.js';
import type { Expanded } from '../expand/expand.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import type { Affected } from './affected.js';
import { changeContextOver } from './change-context.js';
import { collectNames, settle } from './names.js';
import { done, needs, type Planned } from './needs.js';
import { needsPeople, prunedTeamIds, withPeople } from './people.js';
import { type PolicyState, type PolicyVerdict, policiesOf, policyListProblems } from './policies.js';
import { narrowExpanded, type TargetSelection, targetedOf } from './targets.js';
import { needsTokens, withTokens } from './tokens.js';
import { unseenTeamsMessage } from './unseen-teams.js';

/** The files a plan is made from. */
export interface PlanFiles {
  readonly paths: readonly string[];
  /** The files' desired state, narrowed to the targets named (what a saved plan's basis fingerprints). */
  readonly desired: FilesState;
  readonly targets: TargetSelection;
  /** plan --changed-from: the base and what the change touches; scoped, `desired` is already narrowed to it (assemble/affected.ts). */
  readonly changedFrom?: ChangedFromAsk;
}

/** plan --changed-from REF: the base as given and the change's affected set (or why the plan is the full one). */
export interface ChangedFromAsk {
  readonly ref: string;
  readonly affected: Affected;
}

/** The scope's account of --changed-from, once the read says how many targets it read. */
function changedFromOf(ask: ChangedFromAsk, read: number): ChangedFrom {
  const { ref, affected } = ask;
  if (affected.kind === 'full') return { ref, scoped: false, targets: [], teams: [], tokenPolicy: false, read, reason: affected.reason };
  const targets = affected.targets.map((t) => `${t.type}:${t.name}`);
  return { ref, scoped: true, targets, teams: [...affected.teams], tokenPolicy: affected.tokenPolicy, read };
}

/** What a plan is asked besides the files: the run's clock and the choices of pipeline/run/request.ts's PlanChoices. */
export interface PlanAsk {
  readonly now: number;
  readonly effectiveChanges?: boolean | undefined;
  readonly policyState?: PolicyState;
  readonly keepUnseenTeams?: boolean | undefined;
}

/** A plan and what it was made from. */
export interface PlanResult {
  readonly plan: Plan;
  /** When each grant of the files ends, by ids, when a policy reads it (`max-expiry`; else none): what a saved plan keeps for apply --plan. */
  readonly ends: readonly GrantEnd[];
  /** The files' desired state, narrowed to the targets named: what a saved plan's basis fingerprints. */
  readonly desired: FilesState;
  readonly resolved: Resolved;
  readonly live: LiveState;
  /** The targets whose unmanaged grants the plan removes (`prune`, decided once: expand/merge.ts), by id. */
  readonly pruned: ReadonlySet<string>;
}

/** Desired values the server does not support (src/diff/support.ts): one error before any write; the unknown ones, warnings. */
function checkSupport(desired: DesiredState, live: LiveState, server: ServerInfo): readonly PlanWarning[] {
  const grants = supportFindings(desired, live, server);
  // docs/files.md, "`teams`": a newer organization-access flag is refused the same way, from the team list already read.
  const teams = teamSupportFindings(desired, live, server);
  const problems = [...grants.problems, ...teams.problems];
  const warnings = [...grants.warnings, ...teams.warnings];
  if (problems.length === 0) return warnings;
  const head = problems.length === 1 ? 'a permission the server does not support' : `${problems.length} permissions the server does not support`;
  // With a team among them, in words that fit a refused rename too.
  const what = teams.problems.length > 0 ? `asks what the server does not support or refuses (${problems.length})` : `sets ${head}`;
  throw new CLIError(`the desired state ${what}; nothing was changed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** The live read holds every target of `resolved` (a second plan over the same reads names no other). */
const holds = (live: LiveState, resolved: Resolved): boolean => resolved.targets.every((t) => live.targets.has(t.id));

/** The managed targets of a read that holds more (the report's, of every target), as a plan's own read would give them. */
function managedOf(live: LiveState, resolved: Resolved): LiveState {
  if (live.targets.size === resolved.targets.length) return live;
  const targets = resolved.targets.map((t) => liveTarget(t, live.targets.get(t.id)?.grants ?? []));
  return { ...live, targets: new Map(targets.map((t) => [t.id, t])) };
}

/** What the diff stage made: the expanded files, the managed targets as read (with the people when the files manage members) and the guarded plan. */
interface Diffed {
  readonly expanded: Expanded;
  readonly live: LiveState;
  readonly built: Plan;
  readonly targeted: readonly string[];
}

/**
 * How far a plan got before a read it needs after the diff: plain data the gather loop hands back
 * with the read made, so the next call resumes there (the diff made once). The reads it was made
 * over only grow: nothing a stage read changes when a later read is added.
 */
export interface PlanStage {
  readonly diffed: Diffed;
  /** The plan with the policies' verdict, when only the effective changes wait for a read. */
  readonly checked?: PlanResult;
}

/** A plan, or the read it needs first (after the diff, with the stage to resume from). */
export type PlanOutcome = Planned<PlanResult, PlanStage>;

/** The files' names resolved, their sets expanded and their policies' names checked, over the lookup and the policies' lists. */
function expandedOf(files: PlanFiles, reads: RunReads): Planned<Expanded> {
  // Every name problem of the run in one error: the resolver's, the sets' and the policies' (issue 36).
  const collected = collectNames(files.desired, reads.organization);
  const policies = collected.expanded.desired.policies ?? [];
  // The policies' lists right after name resolution and before any grant, so their names' problems fail with the others'.
  if (targetPolicies(policies).length > 0 && !reads.policyLists) return needs({ kind: 'policy-lists', organization: collected.expanded.resolved, policies });
  const settled = settle(collected, files.targets, policyListProblems(collected.expanded, reads.policyLists));
  const affected = files.changedFrom?.affected;
  // A scoped plan: the targets the change touches, set matches included (its entries were narrowed before the lookup).
  return done(affected?.kind === 'scoped' ? { ...settled, ...narrowExpanded(settled.desired, settled.resolved, affected.targets) } : settled);
}

/** The managed targets as read, checked (an unseen team, what the server does not support), with the people when the files manage members. */
function liveOf(expanded: Expanded, reads: RunReads, ask: PlanAsk, targeted: boolean): Planned<{ live: LiveState; supportWarnings: readonly PlanWarning[] }> {
  const { resolved } = expanded;
  if (!reads.live || !holds(reads.live, resolved)) return needs({ kind: 'live', request: liveRequestOf(resolved) });
  const grants = managedOf(reads.live, resolved);
  // Issue 36, Build 1: a team the token may simply not see is never planned as new (diff/unseen.ts).
  const unseen = unseenTeamsOf(expanded.desired.teams, grants);
  if (unseen.length > 0 && ask.keepUnseenTeams !== true) throw new CLIError(unseenTeamsMessage(unseen));
  const supportWarnings = checkSupport(expanded.desired, grants, reads.server);
  // docs/files.md, "`token-policy`": the policy and the tokens once, only when the files have one (assemble/tokens.ts).
  if (needsTokens(expanded.desired) && !reads.tokens) return needs({ kind: 'tokens', organization: expanded.desired.organization });
  const withToken = reads.tokens && needsTokens(expanded.desired) ? withTokens(expanded.desired, grants, reads.tokens) : grants;
  // docs/plan.md, "Member changes": the people once, only when the files manage members (assemble/people.ts): a policy that counts members reads no second list.
  if (!needsPeople(expanded.desired, targeted)) return done({ live: withToken, supportWarnings });
  if (!reads.people)
    return needs({ kind: 'people', organization: expanded.desired.organization, for: 'members', pruned: prunedTeamIds(expanded.desired, withToken) });
  return done({ live: withPeople(expanded.desired, withToken, reads.people), supportWarnings });
}

/** resolve + expand + diff + the guards' verdict: the plan names every guard apply will refuse it by (docs/architecture.md, "The pipeline"). */
function diffOver(files: PlanFiles, reads: RunReads, ask: PlanAsk): Planned<Diffed> {
  const expanding = expandedOf(files, reads);
  if (expanding.kind === 'needs') return expanding;
  const expanded = expanding.value;
  const targeted = targetedOf(files.targets);
  const read = liveOf(expanded, reads, ask, targeted.length > 0);
  if (read.kind === 'needs') return read;
  const { live, supportWarnings } = read.value;
  // A --target plan says it covers part of the files, in every format (docs/plan.md, "Plan and drift"), as
  // `targeted` and in its scope; how the grants were read is reported too, never part of the
  // checksum (the same plan either way).
  const changedFrom = files.changedFrom ? { changedFrom: changedFromOf(files.changedFrom, live.targets.size) } : {};
  const scope = scopeOf({ paths: files.paths, targets: files.targets.given, ...changedFrom });
  const settings = { server: reads.server, supportWarnings, setWarnings: expanded.warnings, now: ask.now, scope, targeted: targeted.length > 0 };
  const built = guardPlan(buildPlan(expanded.desired, live, settings), guardInputsOf(expanded.desired, live));
  return done({ expanded, live, built, targeted });
}

/** One record of what the run read: a grant the token could not see on a target only the policies read hides a violation as surely as on a managed one (diff/completeness.ts, coverageOf). */
function coverageWith(live: LiveState, built: Plan, verdict: PolicyVerdict): Plan['coverage'] {
  // docs/effective-access.md, "Indirect access": a max-reach policy that could not read what it names says so.
  const unread = verdict.reachUnread ? [{ code: 'reach-unread' as const, reach: verdict.reachUnread }] : [];
  const read =
    verdict.read.length === 0 && verdict.projectsUnseen.length === 0 && verdict.people === undefined
      ? built.coverage
      : coverageOf(
          {
            ...live,
            ...(verdict.people ? { people: verdict.people } : {}),
            targets: new Map([...live.targets, ...verdict.read.map((t) => [t.id, t] as const)]),
          },
          verdict.projectsUnseen,
        );
  return withReasons(read, [...unevaluatedReasons(verdict.unevaluated), ...unread]);
}

/** The diffed plan with the policies' verdict: its violations, its warnings and its coverage. */
function checkedOver(files: PlanFiles, reads: RunReads, ask: PlanAsk, diffed: Diffed): Planned<PlanResult> {
  const { expanded, live, built, targeted } = diffed;
  const checked = policiesOf(reads, expanded, live, built, ask.policyState, ask.now);
  if (checked.kind === 'needs') return checked;
  const verdict = checked.value;
  // The checksum covers the policies' verdict as it covers the guards' (diff/checksum.ts).
  const plan = withViolations(
    {
      ...built,
      coverage: coverageWith(live, built, verdict),
      warnings: [...built.warnings, ...verdict.warnings],
      ...(targeted.length > 0 ? { targeted } : {}),
      ...(live.read ? { read: live.read } : {}),
    },
    expanded.desired,
    live,
    verdict.violations,
  );
  const { resolved } = expanded;
  const pruned = new Set(resolved.targets.filter((t) => t.desired.prune ?? files.desired.settings.prune).map((t) => t.id));
  return done({ plan, ends: verdict.ends, desired: files.desired, resolved, live, pruned });
}

/** The plan with its effective changes: who gains or loses what (docs/effective-access.md). */
function withEffective(reads: RunReads, expanded: Expanded, result: PlanResult): Planned<PlanResult> {
  const { resolved, live, plan } = result;
  // docs/plan.md, "Team changes": the teams as the plan leaves them (a created team, a new name).
  const known = expanded.desired.teams ? { ...resolved, teams: [...resolved.teamsByName.values()] } : resolved;
  const context = changeContextOver(reads, known, live, grantChanges(plan));
  if (context.kind === 'needs') return context;
  // docs/effective-access.md, "People": who gains or loses what, when the plan read people.
  const people = live.people && { people: live.people, memberChanges: changesOf(plan.changes, 'member') };
  return done({ ...result, plan: { ...plan, effectiveChanges: effectiveChanges(grantChanges(plan), context.value, people) } });
}

/**
 * resolve + expand + diff + the guards' verdict + the policies (+ effective changes when asked),
 * over the files and what the run read. The plan is made from the files' desired state once its
 * sets are expanded. Given the stage a need after the diff handed back (`from`), over the same
 * reads with that read added, it resumes there: the diff is made once per plan.
 */
export function planOver(files: PlanFiles, reads: RunReads, ask: PlanAsk, from?: PlanStage): PlanOutcome {
  const diffing = from ? done(from.diffed) : diffOver(files, reads, ask);
  if (diffing.kind === 'needs') return diffing;
  const diffed = diffing.value;
  const checked = from?.checked ? done(from.checked) : checkedOver(files, reads, ask, diffed);
  if (checked.kind === 'needs') return { ...checked, resume: { diffed } };
  if (ask.effectiveChanges !== true) return checked;
  const changed = withEffective(reads, diffed.expanded, checked.value);
  return changed.kind === 'needs' ? { ...changed, resume: { diffed, checked: checked.value } } : changed;
}
