// `apply --plan`: the policies of a saved plan checked again before its first write (docs/effective-access.md,
// "Policies"), as `plan` checks them: the same function (plan.ts, violationsOf) on the access once
// the plan's changes are applied, the basis's targets as apply just read them for the staleness
// check, every other target the policies select read now. The violations the file holds are only
// compared with those found, never trusted.
import type { TfeClient } from '../api/client.js';
import type { LiveState, LiveTarget } from '../core/model.js';
import type { Plan } from '../core/plan.js';
import { CLIError } from '../errors.js';
import { listTeamsOf } from '../resolve/teams.js';
import type { SavedPlan } from '../saved-plan/saved-plan.js';
import { violationsOf, type PlanRequest } from './plan.js';

const count = (n: number): string => `${n} violation${n === 1 ? '' : 's'}`;

/**
 * The saved plan with the violations found now. A plan saved with violations that are no longer
 * found is stale (exit 1): it was reviewed as refused. Found ones refuse it as a fresh plan's do
 * (exit 3, pipeline/apply.ts).
 */
export async function recheckPolicies(client: TfeClient, file: string, saved: SavedPlan, fresh: readonly LiveTarget[], request: Pick<PlanRequest, 'concurrency'> & { readonly now: number }): Promise<Plan> {
  const { policies } = saved.basis;
  const organization = saved.plan.organization;
  const teams = policies.length === 0 ? [] : await listTeamsOf(client, organization);
  const resolved = { organization, teams, teamsByName: new Map(teams.map((t) => [t.name, t])), targets: [] };
  const live: LiveState = { organization, teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(fresh.map((t) => [t.id, t])) };
  // The grants' ends as planned (a rule that reads them: max-expiry), judged at apply's clock.
  const { violations: found } = await violationsOf(client, resolved, policies, live, saved.plan.changes, { ends: saved.basis.expiries ?? [], now: request.now }, request);
  const stored = saved.plan.violations ?? [];
  if (found.length === 0 && stored.length > 0) {
    throw new CLIError(
      `the saved plan ${file} is stale: it was planned breaking policies (${count(stored.length)}), and the access once applied now breaks none; nothing was changed. Plan again and review the new plan.`,
    );
  }
  return { ...saved.plan, violations: found };
}
