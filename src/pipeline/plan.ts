// The plan use case, in pipeline order: load -> validate -> lookup -> resolve -> expand -> read live
// -> diff -> guard (+ the policies, + effective changes). Every command that needs a plan (plan,
// drift, apply) calls this and never re-assembles the steps.
import type { TfeClient } from '../api/client.js';
import type { LiveState } from '../core/model.js';
import type { DesiredState, FilesState } from '../core/desired-state.js';
import type { GrantEnd } from '../core/policy.js';
import { changesOf, grantChanges, type Plan, type PlanWarning } from '../core/plan.js';
import type { Resolved } from '../core/resolved.js';
import type { ServerInfo } from '../core/server.js';
import { scopeOf } from '../core/scope.js';
import { buildPlan, withViolations } from '../diff/plan.js';
import { coverageOf } from '../diff/completeness.js';
import { supportFindings } from '../diff/support.js';
import { unseenTeamsOf } from '../diff/unseen.js';
import { unseenTeamsMessage } from '../render/unseen-teams.js';
import { teamSupportFindings } from '../diff/team-support.js';
import { effectiveChanges } from '../effective/changes.js';
import { CLIError } from '../errors.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { readChangeContext } from '../live/change-context.js';
import { liveRequestOf } from '../live/live-request.js';
import { readLive } from '../live/read-live.js';
import { RunReader } from '../live/run-reader.js';
import { planFiles, type PlanFiles } from './files.js';
import { collectNames, settle } from './names.js';
import { lookUpNames } from '../lookup/names.js';
import { policiesOf, policyListsOf } from './policies.js';
import { liveReadOptions, withClient, withClock, type ClockedRun, type PlanChoices, type PlanRequest, type RunConnection } from './request.js';
import { underControl, type RunControl } from './run-control.js';
import { targetedOf } from './targets.js';
import { withPeople } from './people.js';
import { attributePlan, type AuditRequest } from './attribution.js';
import { openAuditTrail } from './audit-trail.js';
import type { SelfIdentity } from '../core/audit.js';
import { selfIdentityOf } from '../triage/attribute.js';

/** A plan and what it was made from; its client is closed (a caller that writes opens its own: openClient). */
export interface PlanResult {
  readonly plan: Plan;
  /** When each grant of the files ends, by ids, when a policy reads it (`max-expiry`; else none): what a saved plan keeps for apply --plan. */
  readonly ends: readonly GrantEnd[];
  /** The files' desired state, narrowed to the targets named: what a saved plan's basis fingerprints. */
  readonly desired: FilesState;
  readonly resolved: Resolved;
  readonly live: LiveState;
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

/**
 * lookup + resolve + expand + read live + diff + the guards' verdict + the policies (+ effective
 * changes when asked), for files already loaded. The plan is made from the files' desired state
 * once its sets are expanded.
 */
export async function planAgainstLive(client: TfeClient, files: PlanFiles, read: PlanChoices, run: ClockedRun): Promise<PlanResult> {
  const { desired, targets } = files;
  // Here rather than when loading: every plan (plan, drift, a fresh apply) passes through.
  run.afterLoad?.();
  // Once per run, before anything else: the versions, and a lower rate limit before the first burst.
  const server = await client.serverInfo();
  // Every name problem of the run in one error: the resolver's, the sets' and the policies' (issue 36).
  const collected = collectNames(desired, await lookUpNames(client, desired));
  const policyLists = await policyListsOf(client, collected.expanded);
  const expanded = settle(collected, targets, policyLists?.problems);
  const { resolved } = expanded;
  // Every grant read of the plan through one reader: no target listed twice (live/run-reader.ts).
  const reader = new RunReader(client);
  const grants = await readLive(reader, liveRequestOf(resolved), liveReadOptions(read, run));
  reader.remember(grants);
  // Issue 36, Build 1: a team the token may simply not see is never planned as new (diff/unseen.ts).
  const unseen = unseenTeamsOf(expanded.desired.teams, grants);
  if (unseen.length > 0 && read.keepUnseenTeams !== true) throw new CLIError(unseenTeamsMessage(unseen));
  const supportWarnings = checkSupport(expanded.desired, grants, server);
  // diff -> guard: the plan names every guard apply will refuse it by (docs/architecture.md, "The pipeline").
  const targeted = targetedOf(targets);
  // docs/plan.md, "Member changes": the people once, only when the files manage members (pipeline/people.ts), through the run's reader: a policy that counts members reads no second list.
  const live = await withPeople(reader, expanded.desired, grants, targeted.length > 0);
  // A --target plan says it covers part of the files, in every format (docs/plan.md, "Plan and drift"), as
  // `targeted` and in its scope; how the grants were read is reported too, never part of the
  // checksum (the same plan either way).
  const scope = scopeOf({ paths: files.paths, targets: targets.given });
  const diffPlan = buildPlan(expanded.desired, live, {
    server,
    supportWarnings,
    setWarnings: expanded.warnings,
    now: run.now,
    scope,
    targeted: targeted.length > 0,
  });
  const built = guardPlan(diffPlan, guardInputsOf(expanded.desired, live));
  const policies = await policiesOf(reader, expanded, live, built, read, run.now, policyLists);
  // One record of what the run read: a grant the token could not see on a target only the policies
  // read hides a violation as surely as on a managed one (diff/completeness.ts, coverageOf).
  const policyRead = policies.read.length > 0 || policies.projectsUnseen.length > 0 || policies.people !== undefined;
  const coverage = policyRead
    ? coverageOf(
        {
          ...live,
          ...(policies.people ? { people: policies.people } : {}),
          targets: new Map([...live.targets, ...policies.read.map((t) => [t.id, t] as const)]),
        },
        policies.projectsUnseen,
      )
    : built.coverage;
  // The checksum covers the policies' verdict as it covers the guards' (diff/checksum.ts).
  const plan = withViolations(
    {
      ...built,
      coverage,
      warnings: [...built.warnings, ...policies.warnings],
      ...(targeted.length > 0 ? { targeted } : {}),
      ...(live.read ? { read: live.read } : {}),
    },
    expanded.desired,
    live,
    policies.violations,
  );
  const { ends } = policies;
  if (!read.effectiveChanges) return { plan, ends, desired, resolved, live };
  // docs/plan.md, "Team changes": the teams as the plan leaves them (a created team, a new name).
  const known = expanded.desired.teams ? { ...resolved, teams: [...resolved.teamsByName.values()] } : resolved;
  const context = await readChangeContext(reader, known, live, grantChanges(plan), read.concurrency);
  // docs/effective-access.md, "People": who gains or loses what, when the plan read people.
  const people = live.people && { people: live.people, memberChanges: changesOf(plan.changes, 'member') };
  return { plan: { ...plan, effectiveChanges: effectiveChanges(grantChanges(plan), context, people) }, ends, desired, resolved, live };
}

export async function planFromFiles(unclocked: PlanRequest): Promise<PlanResult> {
  const request = withClock(unclocked);
  const { run, read } = request;
  return underControl(run, async (control) => {
    const files = await planFiles(request.paths, request.cwd, read.targets ?? [], run.now);
    return withClient(request.connection, control, async (client) => {
      const result = await planAgainstLive(client, files, read, run);
      const { audit, connection } = request;
      return audit === undefined ? result : { ...result, plan: await attributed(result.plan, { audit, connection, now: run.now }, client, control) };
    });
  });
}

/**
 * docs/drift.md, "Who changed it": `plan` with each drift item's attribution, read through the audit
 * token on a client of its own (none: no audit token); a caller's own reader (a test's, a library's)
 * is used as given. What plan, drift and drift --adopt share.
 */
export async function attributed(
  plan: Plan,
  request: { readonly audit: AuditRequest; readonly connection: RunConnection; readonly now: number },
  client: TfeClient,
  control: RunControl,
): Promise<Plan> {
  const trail = request.audit.reader ? ({ kind: 'none' } as const) : openAuditTrail(request.connection, control);
  try {
    const createdAt = request.audit.createdAt ?? ((organization: string) => client.organizationCreatedAt(organization));
    const audit = { ...request.audit, createdAt, ...(trail.kind === 'token' ? { reader: trail.reader } : {}) };
    // The tool's own token, as the trail names it, asked only when an event matched.
    const self = async (): Promise<SelfIdentity> => selfIdentityOf(await client.accountDetails());
    return await attributePlan(plan, audit, { self, now: request.now, signal: control.requests });
  } finally {
    if (trail.kind === 'token') await trail.close();
  }
}
