// The plan use case, in pipeline order: load -> validate -> lookup -> resolve -> expand -> read live
// -> diff -> guard (+ the policies, + effective changes). Every command that needs a plan (plan,
// drift, apply) calls this and never re-assembles the steps.
import type { TfeClient } from '../../api/client.js';
import type { PlanFiles, PlanResult } from '../../assemble/plan-over.js';
import type { SelfIdentity } from '../../core/audit.js';
import type { Plan } from '../../core/plan.js';
import type { RunReads } from '../../core/run-reads.js';
import type { ParsedFiles } from '../../load/files.js';
import { selfIdentityOf } from '../../triage/attribute.js';
import { changedFromFiles } from '../disk/base-files.js';
import { planFiles } from '../disk/files.js';
import { type AuditRequest, attributePlan } from '../reads/attribution.js';
import { gatherAndPlan } from '../reads/gather.js';
import { openAuditTrail } from '../run/audit-trail.js';
import { type ClockedRun, liveReadOptions, type PlanChoices, type PlanRequest, type RunConnection, withClient, withClock } from '../run/request.js';
import { type RunControl, underControl } from '../run/run-control.js';

/**
 * The reads of the plan (pipeline/reads/gather.ts), then the plan, one pure call over the files and those
 * reads (assemble/plan-over.ts, planOver): lookup + resolve + expand + read live + diff + the guards'
 * verdict + the policies (+ effective changes when asked), for files already loaded. Its reads are
 * returned too, for a caller that plans again over them (drift --adopt, review close).
 */
export async function planAndReads(client: TfeClient, files: PlanFiles, read: PlanChoices, run: ClockedRun): Promise<{ reads: RunReads; result: PlanResult }> {
  // Here rather than when loading: every plan (plan, drift, a fresh apply) passes through.
  run.afterLoad?.();
  return gatherAndPlan(client, files, { ...read, now: run.now }, { ...liveReadOptions(read, run), concurrency: read.concurrency });
}

/** The plan of `files` against live access (planAndReads, without its reads). */
export async function planAgainstLive(client: TfeClient, files: PlanFiles, read: PlanChoices, run: ClockedRun): Promise<PlanResult> {
  return (await planAndReads(client, files, read, run)).result;
}

export async function planFromFiles(unclocked: PlanRequest): Promise<PlanResult> {
  const request = withClock(unclocked);
  const { run, read } = request;
  return underControl(run, async (control) => {
    // docs/plan.md, "Scoped plans": the base read and compared offline, before any request; a file unchanged since REF parsed once.
    const parsed: ParsedFiles | undefined = read.changedFrom === undefined ? undefined : new Map();
    const given = await planFiles(request.paths, request.cwd, read.targets ?? [], run.now, parsed);
    const files = read.changedFrom === undefined ? given : await changedFromFiles(given, read.changedFrom, request.cwd, run.now, 'plan', parsed);
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
