// The grants of some targets, one list each (all pages), a bounded number at a time: the plan's
// read by target, the blind spots a read by team reads again, and the other targets the policies
// and the effective changes need. A target whose grants can't be read fails them all: a 404 or 401
// read as "no grants" would make the plan add or remove access that is fine.
import pLimit from 'p-limit';
import type { LiveGrant, LiveTarget, TargetRef } from '../core/model.js';
import { liveTarget, type ReadTarget } from '../core/organization.js';
import { LiveReadError } from './live-read-error.js';

/** The one call reading live grants needs (the client, or a fake in tests). */
export interface GrantLister {
  listGrants(target: Pick<TargetRef, 'type' | 'id'>): Promise<readonly LiveGrant[]>;
  /** Requests sent so far, when the lister counts them (the read reports what it cost). */
  requestsSent?(): number;
}

/** (done, total) of a read, told after each target or team. */
export class ReadProgress {
  private done = 0;
  constructor(
    private total: number,
    private readonly report?: (done: number, total: number) => void,
  ) {
    report?.(0, total);
  }
  step(): void {
    this.done++;
    this.report?.(this.done, this.total);
  }
  extend(more: number): void {
    this.total += more;
    this.report?.(this.done, this.total);
  }
  restart(total: number): void {
    this.done = 0;
    this.total = total;
    this.report?.(0, total);
  }
}

/** One list per target; the first failure rejects at once, and reads already started finish in the background, ignored. */
export async function listTargets(client: GrantLister, targets: readonly ReadTarget[], concurrency: number, progress?: ReadProgress): Promise<LiveTarget[]> {
  const limit = pLimit(Math.max(1, concurrency));
  const read = async (target: ReadTarget): Promise<LiveTarget> => {
    let grants;
    try {
      grants = await client.listGrants({ type: target.type, id: target.id });
    } catch (error: unknown) {
      limit.clearQueue(); // targets not started yet are not read at all
      throw new LiveReadError(target, error);
    }
    progress?.step();
    return liveTarget(target, grants);
  };
  return Promise.all(targets.map((t) => limit(() => read(t))));
}
