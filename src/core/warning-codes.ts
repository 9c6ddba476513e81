// The codes of the plan's warnings, apart from the plan itself: the desired-state model names them
// (`ignore-warnings`), and the model sits below the plan.

/** The plan's warnings (docs/plan.md, "Warnings"); a file may silence any of them (`ignore-warnings`). */
export const WARNING_CODES = [
  'shadowed-by-organization-access',
  'custom-equals-level',
  'below-project-access',
  'permission-support-unknown',
  'grant-expires-soon',
  'grant-expired',
  'set-matches-nothing',
  'key-value-tags-not-read',
  'policy-matches-nothing',
  'name-normalisation',
  'team-setting-ignored',
  'members-not-planned',
  'team-near-miss',
  'team-looks-renamed',
  'team-recreated',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];
/** The warnings about the files as a whole, not a target: only `settings.ignore-warnings` silences them. */
const FILE_WIDE: readonly WarningCode[] = [
  'set-matches-nothing',
  'key-value-tags-not-read',
  'policy-matches-nothing',
  'name-normalisation',
  'team-setting-ignored',
  'members-not-planned',
  'team-near-miss',
  'team-looks-renamed',
  'team-recreated',
];
/** The warnings a target may silence: those of sets, policies and names name no target (docs/plan.md, "Warnings"). */
export const TARGET_WARNING_CODES: readonly WarningCode[] = WARNING_CODES.filter((code) => !FILE_WIDE.includes(code));
