// `apply --plan`: the policies of a saved plan checked again before its first write
// (docs/effective-access.md, "Policies"), as `plan` checks them: the same pure function
// (assemble/policies.ts, violationsOf) over what this run read, on the access once the plan's
// changes are applied: the basis's targets as apply just read them for the staleness check, the
// team list, and every other target the policies select, read as the check asks (pipeline/reads/gather.ts).
// The violations the file holds are only compared with those found, never trusted.
import type { TfeClient } from '../../api/client.js';
import { type PolicyState, violationsOf } from '../../assemble/policies.js';
import type { LiveState, LiveTarget } from '../../core/model.js';
import type { Plan } from '../../core/plan.js';
import { firstReads } from '../../core/run-reads.js';
import { CLIError } from '../../errors.js';
import { listTeamsOf } from '../../lookup/teams.js';
import type { SavedPlan } from '../../saved-plan/saved-plan.js';
import { satisfy } from '../reads/gather.js';

const count = (n: number): string => `${n} violation${n === 1 ? '' : 's'}`;

/**
 * The saved plan with the violations found now. A plan saved with violations that are no longer
 * found is stale (exit 1): it was reviewed as refused. Found ones refuse it as a fresh plan's do
 * (exit 3, pipeline/use-cases/apply.ts).
 */
/** `now`: apply's clock, what the grants' ends as planned are judged at (a rule that reads them: max-expiry). */
export async function recheckPolicies(
  client: TfeClient,
  file: string,
  saved: SavedPlan,
  fresh: readonly LiveTarget[],
  read: { readonly concurrency: number; readonly policyState?: PolicyState },
  now: number,
): Promise<Plan> {
  const { policies } = saved.basis;
  const organization = saved.plan.organization;
  const teams = policies.length === 0 ? [] : await listTeamsOf(client, organization);
  const live: LiveState = { organization, teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(fresh.map((t) => [t.id, t])) };
  // What this run read so far: the server, the teams and the basis's targets.
  const first = firstReads(await client.serverInfo(), { organization, teams, projects: [], workspaces: [], allWorkspaces: false, pinned: [] });
  const check = {
    organization: { organization, teams },
    policies,
    live,
    planned: saved.plan,
    clock: { ends: saved.basis.expiries ?? [], now },
    state: read.policyState,
  };
  const { value } = await satisfy(client, first, (reads) => violationsOf(check, reads), { concurrency: read.concurrency });
  const found = value.violations;
  const stored = saved.plan.violations ?? [];
  if (found.length === 0 && stored.length > 0) {
    throw new CLIError(
      `the saved plan ${file} is stale: it was planned breaking policies (${count(stored.length)}), and the access once applied now breaks none; nothing was changed. Plan again and review the new plan.`,
    );
  }
  return { ...saved.plan, violations: found };
}
