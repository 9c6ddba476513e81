// The line `apply --plan` prints for each guard limit of a saved plan it did not trust (docs/apply.md,
// "Saved plans": who can change one): looser than its default, and neither sealed with the key,
// vouched for by the reviewed checksum nor given by the files. Pure.

/** A limit of the saved plan looser than its default, left for the default. */
export interface LooseLimit {
  /** The setting's name under `settings:`. */
  readonly setting: string;
  readonly saved: string;
  readonly used: string;
}

export function looseLimitLine(file: string, limit: LooseLimit): string {
  return `settings.${limit.setting} (${limit.saved}) of the saved plan ${file} is looser than the default (${limit.used}), and neither TFE_ACCESS_PLAN_KEY nor --checksum vouches for it: the default holds. To apply the files' own limit, give the desired-state files as PATHS too, or the reviewed --checksum, or seal the plan with the key.`;
}
