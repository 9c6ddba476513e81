// The line `apply --plan` prints for each guard limit of a saved plan it did not trust (docs/apply.md,
// "Saved plans": who can change one): looser than its default, and neither sealed with the key,
// vouched for by the reviewed checksum nor given by the files. Pure.
import type { LooseLimit } from '../../guard/saved-limits.js';

export function looseLimitLine(file: string, limit: LooseLimit): string {
  return `settings.${limit.setting} (${limit.saved}) of the saved plan ${file} is looser than the default (${limit.used}), and neither TFE_ACCESS_PLAN_KEY nor --checksum vouches for it: the default holds. To apply the files' own limit, give the desired-state files as PATHS too, or the reviewed --checksum, or seal the plan with the key.`;
}
