// Every default a run takes when neither a flag, a setting of the files nor the environment says
// otherwise, in one place. The help texts, the desired-state schema and the code read them here,
// so a default changed here is changed everywhere it is used and said.

/** `--concurrency`: requests in flight at once while reading, and apply's changes at once. */
export const DEFAULT_CONCURRENCY = 8;

/** `--rate-limit`: requests per second; the real service allows 30 per user (docs/api.md, "Rate limiting"). */
export const DEFAULT_RATE_LIMIT = 30;

/** Retries of a request after a 5xx or a lost connection: the official provider's 10 (docs/api.md, "Rate limiting"). */
export const DEFAULT_RETRIES = 10;

/**
 * `TFE_ACCESS_ANSWER_TIMEOUT`: how long an answer may keep silent (its headers, then each chunk of
 * its body). Per request, never per run; with one retry after it (api/retry.ts,
 * `unansweredRetries`), a server that accepts and never answers ends the run in under a minute.
 */
export const DEFAULT_ANSWER_TIMEOUT_MS = 25_000;

/** The host without `--address`, `TFE_ADDRESS` or `TFE_HOSTNAME`: HCP Terraform. */
export const DEFAULT_HOSTNAME = 'app.terraform.io';

/** The file read when no PATHS are given. */
export const DEFAULT_PATH = 'tfe-access.yaml';

/** `settings.prune`: grants of teams a listed target does not name are removed. */
export const DEFAULT_PRUNE = true;

/** `settings.max-removals`: apply refuses to remove more grants than this without `--force`. */
export const DEFAULT_MAX_REMOVALS = 10;

/** plan --changed-from: above this many touched targets the plan is the full one, saying why (docs/plan.md, "Scoped plans"). */
export const MAX_SCOPED_TARGETS = 500;

/** `settings.expiry-warning-days`: grants that expire within this many days are warned of. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 7;

/** `settings.prune-teams`: teams the files do not name are left alone. */
export const DEFAULT_PRUNE_TEAMS = false;
/**
 * The visibility tfe-access sends for a team the files create without one (docs/files.md, "`teams`"):
 * the service would make an owner's team secret, which the read-only CI token of docs/ci.md then
 * cannot see (its next plan would propose the create again). Secret is asked for in the files.
 */
export const DEFAULT_TEAM_VISIBILITY = 'organization';

/** `settings.max-team-deletions`: apply refuses to delete any team without `--force`. */
export const DEFAULT_MAX_TEAM_DELETIONS = 0;
/** docs/files.md, "`token-policy`": live tokens a policy change may end at once without --force. */
export const DEFAULT_MAX_TOKEN_REVOCATIONS = 0;

/** `members-prune` of a team's `members:`: members the list does not name are removed. */
export const DEFAULT_MEMBERS_PRUNE = true;

/** `settings.invite`: a listed person not in the organization is not invited unless the files say so. */
export const DEFAULT_INVITE = false;

/** `settings.prune-people`: nobody is removed from the organization unless the files say so. */
export const DEFAULT_PRUNE_PEOPLE = false;

/** `settings.max-member-removals`: 25% of a team's current members, at least 1 (peribolos' limit). */
export const DEFAULT_MAX_MEMBER_REMOVALS = { percent: 25 } as const;

/** `settings.min-owners`: human members left in owners (two break-glass owners); the floor of 1 holds even with --force. */
export const DEFAULT_MIN_OWNERS = 2;

/** `settings.max-people-removals`: apply refuses to remove anyone from the organization without --force. */
export const DEFAULT_MAX_PEOPLE_REMOVALS = 0;
