// docs/effective-access.md, "Policies": the files' policies checked on effective access, the one policy path of plan,
// drift and `apply --plan`: their names checked against the lists they select from, the targets
// they select that the plan did not read read now (live/policy-context.ts), then the check (pure).
import { grantChanges, managedChanges, type Plan, type PlanWarning } from '../core/plan.js';
import type { SetCatalog } from '../core/organization.js';
import type { LiveState, LiveTarget, Team } from '../core/model.js';
import { targetPolicies, type DesiredPolicy, type GrantEnd, type PolicyViolation } from '../core/policy.js';
import { teamsAfter } from '../effective/teams-after.js';
import { rulesRead } from '../core/policy-rules.js';
import { grantsAfter } from '../effective/after.js';
import type { Expanded } from '../expand/expand.js';
import { readPolicyContext, readPolicyLists, type PolicyContext, type PolicyOrganization, type PolicyReader } from '../live/policy-context.js';
import { checkPolicies, type GrantClock } from '../policy/check.js';
import { grantEnds } from '../policy/ends.js';
import { withStatus } from '../policy/status.js';
import { policyNameFindings } from '../policy/selectors.js';
import { nameProblemsError } from './name-problems.js';
import type { NameProblem } from '../resolve/check-names.js';
import type { PlanChoices } from './request.js';
import type { LivePeople } from '../core/person.js';
import { peopleAfter } from '../effective/people-after.js';
import { readPeople } from '../live/people.js';

/** The reads' width and the state checked. */
export type PolicyChoices = Pick<PlanChoices, 'concurrency' | 'policyState'>;

/** The policies' verdict, and the targets read for it beyond `live`'s (what the run's coverage counts too). */
export interface PolicyVerdict {
  readonly violations: PolicyViolation[];
  readonly read: readonly LiveTarget[];
  /** The workspaces the policies select whose project the token cannot see (live/policy-context.ts). */
  readonly projectsUnseen: readonly string[];
  /**
   * The people as read for a rule that reads them (`max-members`), when the run had not read them:
   * what the token could not see of them counts in the run's coverage as its own read's would
   * (diff/completeness.ts, coverageOf with `people`).
   */
  readonly people?: LivePeople;
}

/** What a plan changes: its grant changes, its team changes when the files manage teams, its member changes when they manage members. */
export interface PlannedChanges extends Pick<Plan, 'changes' | 'manages'> {
  /** The teams as they are, when the organization passed names them as the plan leaves them (docs/plan.md, "Team changes"): what "as it is" is checked on. */
  readonly teamsAsIs?: readonly Team[];
}

/**
 * docs/effective-access.md, "People": the people a rule reads (`max-members`), after the plan's
 * member changes (or as they are): the run's own read when it made one (LiveState.people), else one
 * membership list now. None when no rule reads them.
 */
async function peopleFor(
  client: PolicyReader,
  org: PolicyOrganization,
  policies: readonly DesiredPolicy[],
  live: LiveState,
  planned: PlannedChanges,
  state: PolicyChoices['policyState'],
): Promise<{ people?: LivePeople; asIs?: LivePeople; read?: LivePeople }> {
  const rules = policies.map((p) => p.rule);
  if (!rulesRead(rules, 'people')) return {};
  const read = live.people ?? (await readPeople(client, org.organization, org.teams));
  return { people: state === 'live' ? read : peopleAfter(read, managedChanges(planned, 'member') ?? []), asIs: read, ...(live.people ? {} : { read }) };
}

/**
 * The violations of `policies`, on the access after `planned` (or as it is); none to check, no
 * request. `live` holds the managed targets as just read: only the other targets the policies
 * select are read; a policy of the organization's teams reads nothing more (the team list is read).
 */
export async function violationsOf(
  client: PolicyReader,
  org: PolicyOrganization,
  policies: readonly DesiredPolicy[],
  live: LiveState,
  planned: PlannedChanges,
  clock: GrantClock,
  read: PolicyChoices,
  lists?: SetCatalog,
): Promise<PolicyVerdict> {
  if (policies.length === 0) return { violations: [], read: [], projectsUnseen: [] };
  const input = targetPolicies(policies).length > 0 ? await readPolicyContext(client, org, live, policies, read.concurrency, lists) : teamsOnly(org, live);
  // After the plan: its grant changes and its team changes (docs/effective-access.md, "Organization powers").
  const after =
    read.policyState === 'live'
      ? {}
      : { grants: grantsAfter(input.grants, grantChanges(planned)), teams: teamsAfter(input.teams, managedChanges(planned, 'team') ?? []) };
  const { people, asIs, read: peopleRead } = await peopleFor(client, org, policies, live, planned, read.policyState);
  const found = checkPolicies(policies, { ...clock, ...input, ...after, ...(people ? { people } : {}) });
  // docs/evidence.md, "New and live violations": the same read checked as it is, so each
  // violation says whether the change makes it (no request more).
  const violations =
    read.policyState === 'live'
      ? found
      : withStatus(
          found,
          checkPolicies(policies, { ...clock, ...input, ...(planned.teamsAsIs ? { teams: planned.teamsAsIs } : {}), ...(asIs ? { people: asIs } : {}) }),
        );
  return { violations, read: input.read, projectsUnseen: input.projectsUnseen, ...(peopleRead ? { people: peopleRead } : {}) };
}

/** What the policies of the organization's teams read: the teams as listed, nothing more. */
function teamsOnly(org: PolicyOrganization, live: LiveState): PolicyContext {
  return { teams: org.teams, projects: [], workspaces: [], grants: [...live.targets.values()].flatMap((t) => t.grants), read: [], projectsUnseen: [] };
}

/** The lists the policies' matches select from, and the problems of their names. */
export interface PolicyLists {
  readonly lists: SetCatalog;
  readonly problems: readonly NameProblem[];
}

/**
 * The policies' lists, read right after name resolution and before any grant, so that their names'
 * problems fail the run with the other stages' (pipeline/names.ts, settle); none for files without
 * a policy with a match (one of the organization's teams reads none).
 */
export async function policyListsOf(client: PolicyReader, expanded: Expanded): Promise<PolicyLists | undefined> {
  const policies = expanded.desired.policies ?? [];
  if (targetPolicies(policies).length === 0) return undefined;
  const lists = await readPolicyLists(client, expanded.resolved, policies);
  return { lists, problems: policyNameFindings(policies, lists, expanded.resolved.organization).problems };
}

/**
 * The violations of the files' policies, on the access after `changes` (or as it is), and the
 * warnings of their names; none to check, no request. A name of a match the organization does not
 * have fails the run before any grant is read for the policies. `known`: the lists policyListsOf
 * read already.
 */
export async function policiesOf(
  client: PolicyReader,
  expanded: Expanded,
  live: LiveState,
  planned: PlannedChanges,
  read: PolicyChoices,
  now: number,
  known?: PolicyLists,
): Promise<PolicyVerdict & { warnings: PlanWarning[]; ends: GrantEnd[] }> {
  const policies = expanded.desired.policies ?? [];
  if (policies.length === 0) return { violations: [], read: [], projectsUnseen: [], warnings: [], ends: [] };
  // The lists only for a policy with a match: one of the organization's teams reads none.
  const lists =
    known?.lists ??
    (targetPolicies(policies).length > 0
      ? await readPolicyLists(client, expanded.resolved, policies)
      : { projects: [], workspaces: [], complete: true, keyValueTags: false });
  const { problems, warnings } = policyNameFindings(policies, lists, expanded.resolved.organization);
  if (problems.length > 0) throw nameProblemsError(problems);
  // What the rules read (core/policy-rules.ts): the files' grants' ends only for a rule that compares them.
  const ends = rulesRead(
    policies.map((p) => p.rule),
    'grant-expiries',
  )
    ? grantEnds(expanded.resolved.targets, expanded.resolved.teamsByName)
    : [];
  // docs/plan.md, "Team changes": the access once applied is held by the teams as the plan leaves
  // them (a team it creates or renames, by its new name); drift checks the teams as they are.
  const after = read.policyState !== 'live' && expanded.desired.teams !== undefined;
  const org = after ? { ...expanded.resolved, teams: [...expanded.resolved.teamsByName.values()] } : expanded.resolved;
  const verdict = await violationsOf(
    client,
    org,
    policies,
    live,
    after ? { ...planned, teamsAsIs: expanded.resolved.teams } : planned,
    { ends, now },
    read,
    lists,
  );
  const ignored = new Set<string>(expanded.desired.settings.ignoreWarnings ?? []);
  return { ...verdict, warnings: warnings.filter((w) => !ignored.has(w.code)), ends };
}
