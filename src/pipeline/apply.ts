// The apply use case, in pipeline order: plan (afresh, or load a saved plan and check it is not
// stale) -> guard -> confirm -> execute. The command only parses flags and prints; the steps are
// here, once (docs/architecture.md, "The pipeline": one composition function per use case).
import { addressFrom } from '../api/address.js';
import type { TfeClient } from '../api/client.js';
import type { Plan } from '../core/plan.js';
import { CLIError } from '../errors.js';
import { checkGuards, type GuardContext } from '../guard/guards.js';
import { guardInputsOf, planRefusalOf } from '../guard/plan-refusals.js';
import { GuardRefusedError } from '../guard/refusal.js';
import { desiredFromFiles, openClient, planAgainstLive, type PlanRequest } from './plan.js';
import { assertFresh } from '../saved-plan/stale.js';
import { fingerprintDesired } from '../saved-plan/fingerprint.js';
import { readSavedPlan } from '../saved-plan/file.js';
import { applyChanges, type Progress } from '../apply/executor.js';
import type { ApplyResult } from '../apply/outcome.js';

export interface ApplyRequest extends PlanRequest {
  /** `--plan FILE`: apply exactly this saved plan. */
  readonly savedPlan?: string | undefined;
  /** `--checksum SUM`: the checksum of the reviewed plan. */
  readonly checksum?: string | undefined;
  /** `--force`: lifts the removal-count guard only. */
  readonly force: boolean;
}

export interface ApplyHooks {
  /** The plan about to be applied, before the guards and the question. */
  readonly show: (plan: Plan) => void;
  /** Asked once, when there are changes the guards allow; false stops with nothing changed. */
  readonly confirm: (plan: Plan) => Promise<boolean>;
  readonly onProgress?: (progress: Progress) => void;
}


export class ChecksumMismatchError extends CLIError {
  override readonly name: string = 'ChecksumMismatchError';
  constructor(actual: string, expected: string) {
    super(
      `the plan is not the reviewed one: its checksum is ${actual}, --checksum is ${expected}; nothing was changed. Live access or the files changed since the review: plan again and review the new plan.`,
    );
  }
}

function checkChecksum(plan: Plan, expected: string | undefined): void {
  if (expected === undefined) return;
  const wanted = expected.trim().toLowerCase();
  if (plan.checksum !== wanted) throw new ChecksumMismatchError(plan.checksum, wanted);
}

async function execute(client: TfeClient, planned: Plan, guards: GuardContext, request: ApplyRequest, hooks: ApplyHooks): Promise<ApplyResult> {
  const refusals = checkGuards(planned.changes, guards);
  // The plan shown carries what this apply refuses: with --force, not the removal count.
  const plan: Plan = { ...planned, refusals: refusals.map(planRefusalOf) };
  hooks.show(plan);
  if (plan.changes.length === 0) return { kind: 'no-changes', plan };
  if (refusals.length > 0) throw new GuardRefusedError(refusals);
  if (!(await hooks.confirm(plan))) return { kind: 'cancelled', plan };
  const report = await applyChanges(plan.changes, client, { concurrency: request.concurrency, ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}) });
  return { kind: 'applied', plan, report };
}

async function applyFresh(request: ApplyRequest, hooks: ApplyHooks): Promise<ApplyResult> {
  const desired = await desiredFromFiles(request.paths, request.cwd, request.targets);
  const client = openClient(request);
  try {
    const { plan, live } = await planAgainstLive(client, desired, request);
    checkChecksum(plan, request.checksum);
    // The inputs `plan` reported its refusals from (guard/plan-refusals.ts): plan and apply agree.
    return await execute(client, plan, { ...guardInputsOf(desired, live), force: request.force }, request, hooks);
  } finally {
    await client.close();
  }
}

async function applySaved(file: string, request: ApplyRequest, hooks: ApplyHooks): Promise<ApplyResult> {
  if (request.targets.length > 0) throw new CLIError('--target cannot be used with --plan: a saved plan applies all of its changes or none.');
  const saved = await readSavedPlan(file);
  checkChecksum(saved.plan, request.checksum);
  const baseUrl = addressFrom({ address: request.address }, request.env).baseUrl;
  if (saved.address !== undefined && saved.address !== baseUrl) {
    throw new CLIError(`the saved plan ${file} was made against ${saved.address}, not ${baseUrl}; nothing was changed.`);
  }
  // Files named next to --plan must still say what the plan was made from.
  if (request.paths.length > 0) {
    const desired = await desiredFromFiles(request.paths, request.cwd, []);
    request.afterLoad?.();
    if (fingerprintDesired(desired) !== saved.basis.desired) {
      throw new CLIError(`the saved plan ${file} is stale: the desired-state files changed since it was planned; nothing was changed. Plan again and review the new plan.`);
    }
  }
  const client = openClient(request);
  try {
    await assertFresh(saved, client, request.concurrency);
    const incompleteTargets = new Set(saved.basis.targets.filter((t) => !t.complete).map((t) => t.id));
    return await execute(client, saved.plan, { maxRemovals: saved.basis.maxRemovals, force: request.force, incompleteTargets }, request, hooks);
  } finally {
    await client.close();
  }
}

export function applyUseCase(request: ApplyRequest, hooks: ApplyHooks): Promise<ApplyResult> {
  return request.savedPlan === undefined ? applyFresh(request, hooks) : applySaved(request.savedPlan, request, hooks);
}
