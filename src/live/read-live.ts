// The live state of every managed target: one list call per target (all pages), with bounded
// concurrency and a progress callback. A target whose grants can't be read fails the whole read:
// a 404 or 401 read as "no grants" would make the plan add or remove access that is fine.
import pLimit from 'p-limit';
import { DEFAULT_CONCURRENCY } from '../api/session.js';
import type { LiveGrant, LiveState, LiveTarget, TargetRef } from '../core/model.js';
import type { Resolved, ResolvedTarget } from '../resolve/resolve.js';
import { LiveReadError } from './live-read-error.js';


export interface ReadOptions {
  /** Targets read at the same time (the client bounds its own requests too). */
  readonly concurrency?: number;
  /** Called after each target is read: (done, total). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The one call reading live grants needs (the client, or a fake in tests). */
export interface GrantLister {
  listGrants(target: Pick<TargetRef, 'type' | 'id'>): Promise<readonly LiveGrant[]>;
}

export async function readLive(client: GrantLister, resolved: Resolved, options: ReadOptions = {}): Promise<LiveState> {
  const limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  const total = resolved.targets.length;
  let done = 0;
  options.onProgress?.(0, total);
  const read = async (target: ResolvedTarget): Promise<LiveTarget> => {
    let grants;
    try {
      grants = await client.listGrants({ type: target.type, id: target.id });
    } catch (error: unknown) {
      limit.clearQueue(); // targets not started yet are not read at all
      throw new LiveReadError(target, error);
    }
    done++;
    options.onProgress?.(done, total);
    return { type: target.type, id: target.id, name: target.name, ...(target.projectId ? { projectId: target.projectId } : {}), grants };
  };
  // The first failure rejects at once; reads already started finish in the background and are ignored.
  const targets = await Promise.all(resolved.targets.map((t) => limit(() => read(t))));
  return {
    organization: resolved.organization,
    teams: new Map(resolved.teams.map((t) => [t.id, t])),
    targets: new Map(targets.map((t) => [t.id, t])),
  };
}
