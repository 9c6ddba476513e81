// The policies (docs/effective-access.md, "Policies") checked on effective access: every target of the organization
// a policy's match selects, every team's effective access there (src/effective/), each rule by
// its kind's row (rules.ts), with what the row reads. The violations are data: a renderer phrases
// them. Pure.
import type { CanHolder } from '../core/can.js';
import type { EffectiveCell } from '../core/effective.js';
import { type IndirectRead, reachQuestionOf } from '../core/indirect.js';
import { type DesiredSet, type Project, RESOURCE_OF, type TargetRef, type TargetType, type Workspace } from '../core/model.js';
import { byKey, byName } from '../core/order.js';
import { personKey } from '../core/people.js';
import { permissionsOf } from '../core/permissions.js';
import type { LivePeople } from '../core/person.js';
import { type DesiredPolicy, type FoundViolation, type GrantEnd, type TargetPolicy, targetPolicies } from '../core/policy.js';
import type { Finding, FindingOf, OrganizationWideRule, RuleKind, RuleOf } from '../core/policy-rules.js';
import type { LiveToken } from '../core/token-policy.js';
import { EffectiveIndex, type OrganizationInput } from '../effective/compute.js';
import { isHuman } from '../effective/people.js';
import { type ReachInput, reachAnswer } from '../effective/reach.js';
import { projectMatches, workspaceMatches } from '../expand/match.js';
import { withExceptions } from './exceptions.js';
import { type ExpiringGrant, type OrganizationView, RULE_CHECKS, type ViewOf } from './rules.js';

/** The match as a set's, for the matchers sets use (src/expand/match.ts). */
function asSet(policy: TargetPolicy): DesiredSet {
  return { type: policy.type, name: policy.name, match: policy.match, prune: false, grants: [] };
}

/** The policies' matches as sets: what src/lookup/catalog.ts reads the workspaces for. */
export function policySets(policies: readonly DesiredPolicy[]): DesiredSet[] {
  return targetPolicies(policies).map(asSet);
}

/** Every target of the organization the policy selects. */
export function selectedBy(policy: TargetPolicy, projects: readonly Project[], workspaces: readonly Workspace[]): TargetRef[] {
  const set = asSet(policy);
  if (policy.type === 'project') return projects.filter((p) => projectMatches(set, p)).map((p) => ({ type: 'project', name: p.name, id: p.id }));
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  return workspaces.filter((w) => workspaceMatches(set, w, projectNames)).map((w) => ({ type: 'workspace', name: w.name, id: w.id }));
}

const cellKey = (type: TargetType, id: string): string => `${type}\u0000${id}`;
const endKey = (teamId: string, targetId: string): string => `${teamId}\u0000${targetId}`;

/** What the rules read beyond the organization's access: when each grant of the files ends, and the run's clock. */
export interface GrantClock {
  readonly ends: readonly GrantEnd[];
  /** Epoch milliseconds. */
  readonly now: number;
}

/** The organization as the check sees it, with the grants' ends, its people, its team tokens and its indirect access when a rule reads them (core/policy-rules.ts, `people`, `tokens`, `indirect`). */
export type PolicyInput = OrganizationInput &
  GrantClock & { readonly people?: LivePeople; readonly tokens?: readonly LiveToken[]; readonly indirect?: IndirectRead };

/** The team tokens read, for a rule that reads them. */
function tokensOf(tokens: readonly LiveToken[] | undefined): () => readonly LiveToken[] {
  return () => {
    if (!tokens) throw new Error('a policy reads the team tokens, and the run did not read them');
    return tokens;
  };
}

/** The reach walk's input over the grants checked and every workspace and project indirect access listed. */
function reachInputOf(input: PolicyInput, indirect: IndirectRead): ReachInput {
  const workspaces = (indirect.workspaces ?? []).map((w) => ({
    id: w.workspaceId,
    name: w.name,
    ...(w.projectId === undefined ? {} : { projectId: w.projectId }),
  }));
  const index = new EffectiveIndex({ teams: input.teams, projects: indirect.projects ?? [], workspaces, grants: input.grants });
  const can = {
    cells: index.all(),
    sourcesOf: (c: EffectiveCell) => index.sourcesOf(c.team.id, c.target.type, c.target.id),
    teams: input.teams,
    targets: [],
  };
  return { can, indirect, workspaces, seesEveryWorkspace: true };
}

/**
 * docs/effective-access.md, "Indirect access": who reaches what a `max-reach` rule names, over the
 * grants checked (after the plan, or as they are), every workspace and project indirect access
 * listed, through the one walk `report --can` makes (effective/reach.ts). The walk's effective
 * index is worked out once, when a rule first asks, and serves every rule of the check.
 */
function reachedOf(input: PolicyInput): (asked: string) => readonly CanHolder[] {
  let reach: ReachInput | undefined;
  return (asked) => {
    const indirect = input.indirect;
    if (!indirect) throw new Error('a policy reads indirect access, and the run did not read it');
    const question = reachQuestionOf(asked);
    if (!question) return [];
    reach ??= reachInputOf(input, indirect);
    const result = reachAnswer(question, reach);
    return 'answer' in result ? result.answer.holders : [];
  };
}

/** Each team's human members, active or invited (service accounts, hidden and inactive members not counted), by email: worked out once, when a rule first reads them. */
function membersOf(people: LivePeople | undefined): (teamId: string) => readonly string[] {
  let byTeam: Map<string, string[]> | undefined;
  return (teamId) => {
    if (!people) throw new Error('a policy reads people, and the run did not read them');
    if (!byTeam) {
      byTeam = new Map();
      for (const person of people.people) {
        if (!isHuman(person) || person.status === 'inactive') continue;
        for (const id of new Set(person.teamIds)) byTeam.set(id, [...(byTeam.get(id) ?? []), person.email]);
      }
      for (const emails of byTeam.values()) emails.sort(byKey(personKey));
    }
    return byTeam.get(teamId) ?? [];
  };
}

/** The grants on each target, with their teams and ends, in team-name order: worked out once, when a rule first reads them. */
function grantsByTarget(input: PolicyInput): (target: TargetRef) => readonly ExpiringGrant[] {
  let byTarget: Map<string, ExpiringGrant[]> | undefined;
  return (target) => {
    if (!byTarget) {
      byTarget = new Map();
      const teams = new Map(input.teams.map((t) => [t.id, t]));
      const ends = new Map(input.ends.map((e) => [endKey(e.teamId, e.targetId), e.at]));
      for (const grant of input.grants) {
        const team = teams.get(grant.teamId);
        // A grant of a team the token does not see is not counted, as effective access does not count it.
        if (!team) continue;
        const type: TargetType = grant.resource === RESOURCE_OF.project ? 'project' : 'workspace';
        const at = ends.get(endKey(grant.teamId, grant.targetId));
        const held: ExpiringGrant = {
          team: { name: team.name, id: team.id },
          access: grant.access.access,
          permissions: permissionsOf(grant.resource, grant.access),
          ...(at === undefined ? {} : { expires: at }),
        };
        const key = cellKey(type, grant.targetId);
        const list = byTarget.get(key) ?? [];
        list.push(held);
        byTarget.set(key, list);
      }
      for (const list of byTarget.values()) list.sort(byKey((c) => c.team.name));
    }
    return byTarget.get(cellKey(target.type, target.id)) ?? [];
  };
}

/** The rule checked by its kind's row; each hit, with the rule, is a finding of that kind (on the view's target; none: the organization). */
function check<K extends RuleKind>(name: string, rule: RuleOf<K>, view: ViewOf<K>): FoundViolation[] {
  return RULE_CHECKS[rule.kind](rule, view).map((hit) => {
    const found: FindingOf<K> = { kind: rule.kind, rule, ...hit.found };
    // A finding of kind K is one of Finding's members; the compiler cannot follow K through the union.
    return { policy: name, target: 'target' in view ? view.target : null, team: hit.team, found: found as unknown as Finding };
  });
}

/**
 * Every violation of every policy, sorted by policy (in file order), target, team, those an
 * exception accepts at `input.now` marked `accepted` (exceptions.ts). `input` is the
 * organization as the check sees it: every target the policies select, with their grants and, for
 * a workspace, its project's grants (what its effective access counts).
 */
export function checkPolicies(policies: readonly DesiredPolicy[], input: PolicyInput): FoundViolation[] {
  if (policies.length === 0) return [];
  const cells = cellsByTarget(input);
  const grants = grantsByTarget(input);
  // A policy of the whole organization is checked once, on the teams' organization access.
  const organization: OrganizationView = {
    teams: input.teams,
    members: membersOf(input.people),
    tokens: tokensOf(input.tokens),
    now: input.now,
    reached: reachedOf(input),
  };
  const violations = policies.flatMap((policy) =>
    policy.type === 'organization'
      ? check<OrganizationWideRule['kind']>(policy.name, policy.rule, organization)
      : selectedBy(policy, input.projects, input.workspaces)
          .sort(byName)
          .flatMap((target) => check(policy.name, policy.rule, { target, cells: () => cells(target), grants: () => grants(target), now: input.now })),
  );
  // docs/evidence.md, "Accepted exceptions": judged at the run's clock, as the grants' ends are.
  return withExceptions(policies, violations, input.now);
}

/** Every team's effective access on each target, in team-name order: worked out once, when a rule first reads it. */
function cellsByTarget(input: OrganizationInput): (target: TargetRef) => readonly EffectiveCell[] {
  let byTarget: Map<string, EffectiveCell[]> | undefined;
  return (target) => {
    if (!byTarget) {
      byTarget = new Map();
      for (const cell of new EffectiveIndex(input).all()) {
        const key = cellKey(cell.target.type, cell.target.id);
        const list = byTarget.get(key) ?? [];
        list.push(cell);
        byTarget.set(key, list);
      }
    }
    return byTarget.get(cellKey(target.type, target.id)) ?? [];
  };
}
