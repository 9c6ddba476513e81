// The executor: runs a plan's changes with bounded concurrency (p-limit) on top of the client's own
// rate limiter. Adds and updates go first, removes after, so a team is never left without access
// between two steps. One failure never stops the others; every change ends as a typed outcome.
// When the run stops (`signal`: a signal, --timeout, a dead server), no change starts any more: those
// in flight end (pipeline/run-control.ts bounds how long), the rest are `not-started`, and the next
// plan is exactly them (each change is one write, docs/reliability.md, "Reliability"). A write refused for the
// token's rights stops it the same way: the next change would meet the same refusal (docs/apply.md, "Apply").
import pLimit from 'p-limit';
import type { Change } from '../core/plan.js';
import { EXIT } from '../errors.js';
import { refusalLine } from '../render/token-refusal.js';
import { reportOf, stopOf } from './outcome.js';
import type { ApplyProgress, ApplyReport, ChangeOutcome, RefusedOutcome, Stop } from '../core/apply-outcome.js';
import type { GrantApi } from './ports.js';
import { runChange } from './steps.js';
import { DEFAULT_CONCURRENCY } from '../core/defaults.js';

export interface ApplyOptions {
  readonly concurrency?: number;
  /** Called after each change ends. */
  readonly onProgress?: (progress: ApplyProgress) => void;
  /** Called with each change's outcome as it ends (before onProgress), not-started ones too. */
  readonly onOutcome?: (outcome: ChangeOutcome) => void;
  /** Once aborted, no change starts; its reason is the report's `stopped`. */
  readonly signal?: AbortSignal;
  /**
   * The line of the first write refused for the token's rights, asked once, after the writes in
   * flight ended (apply names the token: render/token-refusal.ts); default: without the token's identity.
   */
  readonly describeRefusal?: (outcome: RefusedOutcome) => Promise<string>;
}

const withoutIdentity = (outcome: RefusedOutcome): string => refusalLine({ target: outcome.change.target, refusal: outcome.refused, identity: undefined });

async function refusalStop(outcome: RefusedOutcome, describe: ApplyOptions['describeRefusal']): Promise<Stop> {
  let reason: string;
  try {
    reason = describe ? await describe(outcome) : withoutIdentity(outcome);
  } catch {
    reason = withoutIdentity(outcome);
  }
  return { reason, exitCode: EXIT.error, refused: true };
}

const pairKey = (change: Change): string => `${change.target.type}\u0000${change.target.id}\u0000${change.team.id}`;

export async function applyChanges(changes: readonly Change[], api: GrantApi, options: ApplyOptions = {}): Promise<ApplyReport> {
  const limit = pLimit(Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY));
  const outcomes: ChangeOutcome[] = new Array<ChangeOutcome>(changes.length);
  const progress = { done: 0, total: changes.length, failures: 0 };
  let refused: RefusedOutcome | undefined;
  const settle = (index: number, outcome: ChangeOutcome): void => {
    outcomes[index] = outcome;
    // Synchronously, before p-limit starts the next change.
    if (outcome.status === 'failed' && outcome.refused) refused ??= { ...outcome, refused: outcome.refused };
    progress.done += 1;
    if (outcome.status === 'failed') progress.failures += 1;
    options.onOutcome?.(outcome);
    options.onProgress?.({ ...progress });
  };
  const indexed = changes.map((change, index) => ({ change, index }));
  const aborted = (): boolean => options.signal?.aborted === true;
  const stopped = (): boolean => aborted() || refused !== undefined;
  const start = async (change: Change): Promise<ChangeOutcome> => (stopped() ? { status: 'not-started', change } : runChange(api, change));
  const run = (items: typeof indexed): Promise<void[]> => Promise.all(items.map(({ change, index }) => limit(async () => settle(index, await start(change)))));

  await run(indexed.filter(({ change }) => change.action !== 'remove'));
  // A remove of a team whose add or update on the same target failed (the extra copies of a
  // duplicated grant) is held back: it could leave the team with no access at all.
  const failedPairs = new Set(outcomes.filter((o) => o !== undefined && o.status === 'failed').map((o) => pairKey(o.change)));
  const removes = indexed.filter(({ change }) => change.action === 'remove');
  for (const item of removes.filter(({ change }) => failedPairs.has(pairKey(change)))) {
    settle(item.index, stopped() ? { status: 'not-started', change: item.change } : { status: 'failed', change: item.change, reason: 'not removed: the change of the same team on this target failed first' });
  }
  await run(removes.filter(({ change }) => !failedPairs.has(pairKey(change))));
  if (aborted()) return reportOf(outcomes, stopOf(options.signal?.reason));
  return reportOf(outcomes, refused ? await refusalStop(refused, options.describeRefusal) : undefined);
}
