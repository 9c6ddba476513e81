// The codes of the plan's warnings, apart from the plan itself: the desired-state model names them
// (`ignore-warnings`), and the model sits below the plan.

/** The plan's warnings (README, "Warnings"); a file may silence any of them (`ignore-warnings`). */
export const WARNING_CODES = ['shadowed-by-organization-access', 'custom-equals-level', 'below-project-access', 'permission-support-unknown', 'grant-expires-soon', 'grant-expired', 'set-matches-nothing', 'key-value-tags-not-read'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];
/** The warnings a target may silence: the sets' two (README, "Sets") name no target. */
export const TARGET_WARNING_CODES: readonly WarningCode[] = WARNING_CODES.filter((code) => code !== 'set-matches-nothing' && code !== 'key-value-tags-not-read');
