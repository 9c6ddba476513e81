// Which managed targets may have been read only in part. Here, below the guards, because two
// stages decide from it: the incomplete-read guard (no removal there) and the plan's checksum
// (diff/checksum.ts), which a reviewer approves.
import type { LiveState } from '../core/model.js';

/**
 * Targets whose read may be partial: the reader said so, or a grant names a team the token can't
 * see (docs/api.md, "Effective access": a partial read must never remove what it could not see).
 */
export function incompleteTargetsOf(live: LiveState): Set<string> {
  const out = new Set<string>();
  for (const target of live.targets.values()) {
    if (target.complete === false || target.grants.some((grant) => !live.teams.has(grant.teamId))) out.add(target.id);
  }
  return out;
}
