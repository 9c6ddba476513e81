// What `plan` and `drift` share: flags, the plan use case, rendering. One place, two commands.

import type { PlanResult } from '../assemble/plan-over.js';
import type { Adoption } from '../core/adoption.js';
import type { Plan } from '../core/plan.js';
import { blocks } from '../core/policy.js';
import type { AuditRequest } from '../pipeline/reads/attribution.js';
import type { ClockedRun, PlanRequest, RunOptions } from '../pipeline/run/request.js';
import { planFromFiles } from '../pipeline/use-cases/plan.js';
import type { PlanKind } from '../render/plan/markdown.js';
import { PLAN_FORMATS, renderPlan } from '../render/render.js';
import { type Options, type Parsed, stringFlag } from './args.js';
import { CONNECTION_OPTIONS, type ConnectionFlags, connectionFlags, formatFlag, requestPieces, TARGET_OPTIONS, targetFlags } from './common-flags.js';
import type { IO } from './io.js';
import { collectGarbage } from './memory.js';
import { PLAN_VIEW_OPTIONS, planViewOf } from './plan-view.js';
import { progress } from './progress.js';
import { stoppableRead } from './reading-stop.js';

export const PLAN_OPTIONS: Options = {
  ...CONNECTION_OPTIONS,
  ...TARGET_OPTIONS,
  ...PLAN_VIEW_OPTIONS,
  format: { type: 'string' },
};

/** A plan's result, with what `drift --adopt` wrote into the files when it was asked to. */
export type RunResult = PlanResult & { readonly adoption?: Adoption };

/**
 * Plans from the parsed flags (with `adopt`, drift --adopt's use case: pipeline/use-cases/adopt.ts, loaded only
 * then), prints the plan to stdout, and returns it for the command's exit code.
 */
export async function runPlan(parsed: Parsed, io: IO, kind: PlanKind = 'plan', options: { readonly adopt?: boolean } = {}): Promise<RunResult> {
  const format = formatFlag(parsed, PLAN_FORMATS, 'text');
  const flags = connectionFlags(parsed, io);
  const view = planViewOf(parsed, flags.color, kind);
  const bar = progress(io, 'Reading live access');
  const undone = options.adopt ? 'no file was changed' : kind === 'drift' ? 'drift was not checked' : 'no plan was printed';
  const useCase: (request: PlanRequest) => Promise<RunResult> = options.adopt ? (await import('../pipeline/use-cases/adopt.js')).adoptFromFiles : planFromFiles;
  const { result, now } = await stoppableRead(
    io,
    undone,
    (done, total) => bar.update(done, total),
    async ({ signal, onProgress }) => {
      try {
        // plan and drift show what the changes do to effective access; apply shows the changes alone.
        const request = planRequestOf(parsed, io, flags, onProgress);
        // Drift is about now: the policies are checked on live access, not on the plan's after-state.
        const read = { ...request.read, effectiveChanges: true, policyState: kind === 'drift' ? 'live' : 'after' } as const;
        const audit = auditRequestOf(parsed, kind);
        return { result: await useCase({ ...request, run: { ...request.run, signal }, read, audit }), now: request.run.now };
      } finally {
        bar.done();
      }
    },
  );
  io.stdout.write(renderPlan(result.plan, format, { ...view, now, ...(result.adoption ? { adoption: result.adoption } : {}) }));
  return result;
}

/** The plan request of a command's flags: PATHS, --target and the connection flags. */
export function planRequestOf(
  parsed: Parsed,
  io: IO,
  flags: ConnectionFlags,
  onProgress: RunOptions['onProgress'],
): PlanRequest & { readonly run: ClockedRun } {
  const { connection, run, read } = requestPieces(io, flags);
  return {
    paths: parsed.positionals,
    cwd: io.cwd,
    connection,
    run: { ...run, ...(onProgress ? { onProgress } : {}), afterLoad: collectGarbage },
    read: { ...read, targets: targetFlags(parsed), changedFrom: stringFlag(parsed, 'changed-from') },
  };
}

/**
 * docs/drift.md, "Who changed it": drift attributes every item (each says `no-audit-token` without
 * the audit token) and keeps `--audit-log`; plan attributes only with an audit token.
 */
export function auditRequestOf(parsed: Parsed, kind: PlanKind): AuditRequest {
  if (kind !== 'drift') return { always: false };
  return { always: true, log: stringFlag(parsed, 'audit-log') };
}

export function hasChanges(plan: Plan): boolean {
  // docs/plan.md, "Member changes": a pending invitation is no change, so no drift.
  return plan.changes.length > 0;
}

/**
 * docs/effective-access.md, "Policies": how many violations block: those the plan's change makes
 * (or live access has, for drift), an exception's accepted ones aside (docs/evidence.md).
 */
export function violationCount(plan: Plan): number {
  return (plan.violations ?? []).filter(blocks).length;
}
