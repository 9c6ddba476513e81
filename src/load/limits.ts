// Limits on what one desired-state file may cost to load. A realistic organization of a few
// thousand workspaces is a few hundred kilobytes; these leave ample room and stop hostile input
// (a huge file, a YAML "billion laughs" of nested aliases) before it costs memory or time.

/** Files larger than this are refused before they are read. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Alias dereferences (`*name`) allowed per file while building its data. */
export const MAX_ALIAS_EXPANSIONS = 1000;

/** YAML nodes (after alias expansion) allowed per file while building its data. */
export const MAX_NODES = 200_000;

/** Nesting depth allowed per file; the format itself never goes deeper than 7. */
export const MAX_DEPTH = 64;

export interface LoadLimits {
  readonly maxFileBytes: number;
  readonly maxAliasExpansions: number;
  readonly maxNodes: number;
  readonly maxDepth: number;
}

export const DEFAULT_LIMITS: LoadLimits = {
  maxFileBytes: MAX_FILE_BYTES,
  maxAliasExpansions: MAX_ALIAS_EXPANSIONS,
  maxNodes: MAX_NODES,
  maxDepth: MAX_DEPTH,
};
