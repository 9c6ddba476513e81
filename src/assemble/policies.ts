// docs/effective-access.md, "Policies": the files' policies checked on effective access, the one
// policy path of plan, drift and `apply --plan`, over what the run read: their names checked against
// the lists they select from, the targets they select (policy-context.ts), the people a rule counts,
// then the check (src/policy/). A read the value lacks is a need, never a request.

import { type IndirectRead, reachQuestionName, reachQuestionOf } from '../core/indirect.js';
import type { LiveState, LiveTarget, Team } from '../core/model.js';
import type { ReadTarget, SetCatalog } from '../core/organization.js';
import type { LivePeople } from '../core/person.js';
import { grantChanges, managedChanges, type Plan, type PlanWarning } from '../core/plan.js';
import { type DesiredPolicy, type GrantEnd, type PolicyViolation, targetPolicies } from '../core/policy.js';
import { POLICY_RULES, rulesRead } from '../core/policy-rules.js';
import { listKey, type RunReads } from '../core/run-reads.js';
import type { LiveToken } from '../core/token-policy.js';
import type { TokensUnseen } from '../diff/completeness.js';
import { grantsAfter } from '../effective/after.js';
import { peopleAfter } from '../effective/people-after.js';
import { leadingWorkspaces, walkedWhole } from '../effective/reach.js';
import { teamsAfter } from '../effective/teams-after.js';
import { InternalError } from '../errors.js';
import type { Expanded } from '../expand/expand.js';
import { checkPolicies, type GrantClock } from '../policy/check.js';
import { grantEnds } from '../policy/ends.js';
import { policyNameFindings } from '../policy/selectors.js';
import { withStatus } from '../policy/status.js';
import { nameProblemsError } from './name-problems.js';
import { done, needs, type Planned, type PolicyOrganization } from './needs.js';
import { peopleOf } from './people.js';
import { type PolicyContext, policyContextOver } from './policy-context.js';

/** The state checked: after the plan (plan, apply) or as it is (drift). */
export type PolicyState = 'after' | 'live' | undefined;

/** The policies' verdict, and the targets read for it beyond `live`'s (what the run's coverage counts too). */
export interface PolicyVerdict {
  readonly violations: PolicyViolation[];
  readonly read: readonly LiveTarget[];
  /** The workspaces the policies select whose project the token cannot see (policy-context.ts). */
  readonly projectsUnseen: readonly string[];
  /**
   * The people as read for a rule that reads them (`max-members`), when the run had not read them:
   * what the token could not see of them counts in the run's coverage as its own read's would
   * (diff/completeness.ts, coverageOf with `people`).
   */
  readonly people?: LivePeople;
  /** docs/effective-access.md, "Token lifetimes: `max-token-age`": the policies that read the team tokens, when the caller could not list every one: said so, never "no violation". */
  readonly unevaluated?: TokensUnseen;
  /** What the `max-reach` rules name whose indirect access was not read whole (docs/effective-access.md, "Indirect access"): the run's coverage says so. */
  readonly reachUnread?: readonly string[];
}

/** What a plan changes: its grant changes, its team changes when the files manage teams, its member changes when they manage members. */
export interface PlannedChanges extends Pick<Plan, 'changes' | 'manages'> {
  /** The teams as they are, when the organization passed names them as the plan leaves them (docs/plan.md, "Team changes"): what "as it is" is checked on. */
  readonly teamsAsIs?: readonly Team[];
}

/** What the policies are checked on and how: the one value violationsOf takes. */
export interface PolicyCheck {
  readonly organization: PolicyOrganization;
  readonly policies: readonly DesiredPolicy[];
  /** The managed targets as just read: only the other targets the policies select are more. */
  readonly live: LiveState;
  readonly planned: PlannedChanges;
  readonly clock: GrantClock;
  readonly state: PolicyState;
  /** The lists the policies select from, when the caller holds them (else the reads' own). */
  readonly lists?: SetCatalog;
}

type PeopleFor = { people?: LivePeople; asIs?: LivePeople; read?: LivePeople };

/**
 * docs/effective-access.md, "People": the people a rule reads (`max-members`), after the plan's
 * member changes (or as they are): the run's own read when it made one (LiveState.people), else the
 * membership list read for the policies. None when no rule reads them.
 */
function peopleFor(reads: RunReads, check: PolicyCheck): Planned<PeopleFor> {
  const { live, planned, organization } = check;
  if (
    !rulesRead(
      check.policies.map((p) => p.rule),
      'people',
    )
  )
    return done({});
  let read = live.people;
  if (!read) {
    const listed = reads.people;
    if (!listed) return needs({ kind: 'people', organization: organization.organization, for: 'policies' });
    if (listed.kind === 'refused') throw new InternalError('the people were refused to the member diff, which stops the plan first');
    read = peopleOf(listed.listed, organization.teams);
  }
  return done({
    people: check.state === 'live' ? read : peopleAfter(read, managedChanges(planned, 'member') ?? []),
    asIs: read,
    ...(live.people ? {} : { read }),
  });
}

/**
 * The team tokens a rule reads (`max-token-age`): the token policy's read when the run made one,
 * else the list alone. Not listed, or listed by a token that is not an owner's (it lists the
 * tokens of the teams it manages), the policies that read them did not see every one.
 */
function tokensFor(reads: RunReads, check: PolicyCheck): Planned<{ tokens?: readonly LiveToken[]; unevaluated?: TokensUnseen }> {
  const policies = check.policies.filter((p) => POLICY_RULES[p.rule.kind].reads === 'tokens').map((p) => p.name);
  if (policies.length === 0) return done({});
  const listed = reads.tokens?.kind === 'read' ? reads.tokens.tokens : reads.teamTokens;
  if (!listed) return needs({ kind: 'team-tokens', organization: check.organization.organization });
  if (!listed.teamTokensListed) return done({ tokens: [], unevaluated: { policies, cause: 'no-list' } });
  const whole = check.live.viewer?.seesEveryTeam === true;
  return done({ tokens: listed.tokens, ...(whole ? {} : { unevaluated: { policies, cause: 'not-every-team' } }) });
}

/** What the policies of the organization's teams read: the teams as listed, nothing more. */
function teamsOnly(org: PolicyOrganization, live: LiveState): PolicyContext {
  return { teams: org.teams, projects: [], workspaces: [], grants: [...live.targets.values()].flatMap((t) => t.grants), read: [], projectsUnseen: [] };
}

/**
 * docs/effective-access.md, "Indirect access": for a rule that reads it (`max-reach`), the edges,
 * then the grants of every workspace that leads to what a rule names and of its project, each read
 * once (a need for those the run has not listed), added to what the check counts.
 */
function reachFor(
  reads: RunReads,
  check: PolicyCheck,
  input: PolicyContext,
): Planned<{ indirect: IndirectRead; input: PolicyContext; unread: readonly string[] } | undefined> {
  const rules = check.policies.map((p) => p.rule);
  if (!rulesRead(rules, 'indirect')) return done(undefined);
  const indirect = reads.indirect;
  if (!indirect) return needs({ kind: 'indirect', organization: check.organization.organization });
  const workspaces = (indirect.workspaces ?? []).map((w) => ({
    id: w.workspaceId,
    name: w.name,
    ...(w.projectId === undefined ? {} : { projectId: w.projectId }),
  }));
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  const projectName = new Map((indirect.projects ?? []).map((p) => [p.id, p.name]));
  const questions = rules.flatMap((rule) => {
    const question = rule.kind === 'max-reach' ? reachQuestionOf(rule.reach) : undefined;
    return question ? [question] : [];
  });
  const leads = questions.flatMap((q) => leadingWorkspaces(q, indirect, workspaces));
  const sees = check.live.viewer?.seesEveryTeam === true;
  const unread = [...new Set(questions.filter((q) => !walkedWhole(q, indirect, workspaces, sees)).map(reachQuestionName))];
  const targets = new Map<string, ReadTarget>();
  for (const id of leads) {
    const w = byId.get(id);
    if (!w) continue;
    targets.set(listKey({ type: 'workspace', id }), { type: 'workspace', id, name: w.name, ...(w.projectId === undefined ? {} : { projectId: w.projectId }) });
    if (w.projectId !== undefined)
      targets.set(listKey({ type: 'project', id: w.projectId }), { type: 'project', id: w.projectId, name: projectName.get(w.projectId) ?? w.projectId });
  }
  // What the check counts already: the managed targets and those the policies read.
  const counted = new Set([...check.live.targets.keys(), ...input.read.map((t) => t.id)]);
  const missing = [...targets.values()].filter((t) => !counted.has(t.id) && !reads.lists.has(listKey(t)));
  if (missing.length > 0) return needs({ kind: 'grants', targets: missing });
  const more = [...targets.values()].filter((t) => !counted.has(t.id)).flatMap((t) => reads.lists.get(listKey(t)) ?? []);
  const projects = [...new Map([...input.projects, ...(indirect.projects ?? [])].map((p) => [p.id, p])).values()];
  const known = [...new Map([...input.workspaces, ...workspaces].map((w) => [w.id, w])).values()];
  return done({ indirect, unread, input: { ...input, projects, workspaces: known, grants: [...input.grants, ...more] } });
}

/**
 * The violations of the policies, on the access after the planned changes (or as it is), over
 * `reads`; none to check, nothing needed. A policy of the organization's teams needs nothing more
 * (the team list is read).
 */
export function violationsOf(check: PolicyCheck, reads: RunReads): Planned<PolicyVerdict> {
  const { policies, organization: org, live, planned, clock } = check;
  if (policies.length === 0) return done({ violations: [], read: [], projectsUnseen: [] });
  let input: PolicyContext = teamsOnly(org, live);
  if (targetPolicies(policies).length > 0) {
    const lists = check.lists ?? reads.policyLists;
    if (!lists) return needs({ kind: 'policy-lists', organization: org, policies });
    const context = policyContextOver(reads, org, live, policies, lists);
    if (context.kind === 'needs') return context;
    input = context.value;
  }
  const reach = reachFor(reads, check, input);
  if (reach.kind === 'needs') return reach;
  if (reach.value) input = reach.value.input;
  const peopleRead = peopleFor(reads, check);
  if (peopleRead.kind === 'needs') return peopleRead;
  const { people, asIs, read: readNow } = peopleRead.value;
  const tokenRead = tokensFor(reads, check);
  if (tokenRead.kind === 'needs') return tokenRead;
  const { tokens, unevaluated } = tokenRead.value;
  const seen = tokens ? { tokens } : {};
  // After the plan: its grant changes and its team changes (docs/effective-access.md, "Organization powers").
  const after =
    check.state === 'live'
      ? {}
      : { grants: grantsAfter(input.grants, grantChanges(planned)), teams: teamsAfter(input.teams, managedChanges(planned, 'team') ?? []) };
  const indirect = reach.value ? { indirect: reach.value.indirect } : {};
  const found = checkPolicies(policies, { ...clock, ...input, ...after, ...seen, ...(people ? { people } : {}), ...indirect });
  // docs/evidence.md, "New and live violations": the same read checked as it is, so each
  // violation says whether the change makes it (no read more).
  const violations =
    check.state === 'live'
      ? found
      : withStatus(
          found,
          checkPolicies(policies, {
            ...clock,
            ...input,
            ...seen,
            ...(planned.teamsAsIs ? { teams: planned.teamsAsIs } : {}),
            ...(asIs ? { people: asIs } : {}),
            ...indirect,
          }),
        );
  const reachUnread = reach.value && reach.value.unread.length > 0 ? { reachUnread: reach.value.unread } : {};
  return done({
    violations,
    read: input.read,
    projectsUnseen: input.projectsUnseen,
    ...(readNow ? { people: readNow } : {}),
    ...(unevaluated ? { unevaluated } : {}),
    ...reachUnread,
  });
}

/** The problems of the policies' names against the lists they select from; none for files without a policy with a match. */
export function policyListProblems(expanded: Expanded, lists: SetCatalog | undefined): ReturnType<typeof policyNameFindings>['problems'] {
  const policies = expanded.desired.policies ?? [];
  if (targetPolicies(policies).length === 0 || !lists) return [];
  return policyNameFindings(policies, lists, expanded.resolved.organization).problems;
}

/** When each grant of the files ends, by ids: what the rules read (core/policy-rules.ts), only for a rule that compares them (max-expiry). */
export function policyEnds(expanded: Expanded): GrantEnd[] {
  const rules = (expanded.desired.policies ?? []).map((p) => p.rule);
  return rulesRead(rules, 'grant-expiries') ? grantEnds(expanded.resolved.targets, expanded.resolved.teamsByName) : [];
}

/**
 * The violations of the files' policies, on the access after `planned` (or as it is), and the
 * warnings of their names. A name of a match the organization does not have fails the run.
 */
export function policiesOf(
  reads: RunReads,
  expanded: Expanded,
  live: LiveState,
  planned: PlannedChanges,
  state: PolicyState,
  now: number,
): Planned<PolicyVerdict & { warnings: PlanWarning[]; ends: GrantEnd[] }> {
  const policies = expanded.desired.policies ?? [];
  if (policies.length === 0) return done({ violations: [], read: [], projectsUnseen: [], warnings: [], ends: [] });
  // The lists only for a policy with a match: one of the organization's teams reads none.
  const withMatch = targetPolicies(policies).length > 0;
  if (withMatch && !reads.policyLists) return needs({ kind: 'policy-lists', organization: expanded.resolved, policies });
  const lists = (withMatch ? reads.policyLists : undefined) ?? { projects: [], workspaces: [], complete: true, keyValueTags: false };
  const { problems, warnings } = policyNameFindings(policies, lists, expanded.resolved.organization);
  if (problems.length > 0) throw nameProblemsError(problems);
  const ends = policyEnds(expanded);
  // docs/plan.md, "Team changes": the access once applied is held by the teams as the plan leaves
  // them (a team it creates or renames, by its new name); drift checks the teams as they are.
  const after = state !== 'live' && expanded.desired.teams !== undefined;
  const org = after ? { ...expanded.resolved, teams: [...expanded.resolved.teamsByName.values()] } : expanded.resolved;
  const verdict = violationsOf(
    { organization: org, policies, live, planned: after ? { ...planned, teamsAsIs: expanded.resolved.teams } : planned, clock: { ends, now }, state, lists },
    reads,
  );
  if (verdict.kind === 'needs') return verdict;
  const ignored = new Set<string>(expanded.desired.settings.ignoreWarnings ?? []);
  return done({ ...verdict.value, warnings: warnings.filter((w) => !ignored.has(w.code)), ends });
}
