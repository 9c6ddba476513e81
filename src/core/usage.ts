// Usage as the tool reads it (docs/recommend.md): the organization's runs in one vocabulary, the
// actions a run shows, and the permission each action needs, one row each (docs/api.md, "Runs
// index"). Plain data: the client translates the wire into `UsageRun`, the rule
// (effective/recommend.ts) reads the rows.

/** A run of the runs index as the client translates it. */
export interface UsageRun {
  readonly id: string;
  readonly workspaceId: string;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
  readonly status: string;
  readonly planOnly: boolean;
  readonly autoApply: boolean;
  /** `tfe-ui`, `tfe-api`, `tfe-configuration-version` (VCS), or what the service says. */
  readonly source: string;
  /** The user id who queued it (a team token's service user); null when none is named. */
  readonly createdBy: string | null;
  /** The user id who confirmed the apply; null when nobody did. */
  readonly confirmedBy: string | null;
}

/** What a read of the runs index holds: the runs (newest first), the pages and whether it reached back past the window. */
export interface RunsRead {
  readonly runs: readonly UsageRun[];
  readonly pages: number;
}

/** The actions the tool reads: from runs (plan, apply), and reads of state and variables, which only the audit trail shows. */
export const USAGE_ACTIONS = ['plan', 'apply', 'read-state', 'read-variables'] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

/** One row per action: the workspace permission it needs and its value (core/access.ts keys), and whether runs show it. */
export interface ActionNeed {
  readonly action: UsageAction;
  readonly permission: string;
  readonly value: string;
  /** Read from the runs index; false: never seen there, only in the audit trail, so never lowered on the runs alone. */
  readonly fromRuns: boolean;
  readonly description: string;
}

// docs/api.md, "Runs index": queueing a plan needs `runs: plan`, confirming an apply `runs: apply`;
// reads of state and variables never show in the index, only in the audit trail (docs/recommend.md,
// "Reads from the audit trail").
export const ACTION_NEEDS: { readonly [A in UsageAction]: ActionNeed } = {
  plan: { action: 'plan', permission: 'runs', value: 'plan', fromRuns: true, description: 'queued a run (a plan)' },
  apply: { action: 'apply', permission: 'runs', value: 'apply', fromRuns: true, description: 'confirmed an apply, or queued a run that applied by itself' },
  'read-state': { action: 'read-state', permission: 'state-versions', value: 'read', fromRuns: false, description: 'read state versions' },
  'read-variables': { action: 'read-variables', permission: 'variables', value: 'read', fromRuns: false, description: 'read variables' },
};

/** Run sources a person's own action stands behind: a VCS-made run shows nothing of a person (docs/api.md, "Runs index"). */
export const PERSON_SOURCES: readonly string[] = ['tfe-ui', 'tfe-api'];

/** Statuses of a run whose apply ran: what a confirmer or an auto-applied run's creator needed `runs: apply` for. */
export const APPLIED_STATUSES: readonly string[] = ['confirmed', 'apply_queued', 'applying', 'applied', 'errored'];

/** The actions the audit trail shows, by `resource.type` of its events (docs/api.md, "Audit trail as evidence of reads"). */
export const READ_EVENT_ACTIONS: Readonly<Record<string, 'read-state' | 'read-variables'>> = { state_version: 'read-state', var: 'read-variables' };
/** The `resource.action`s of those events that read: a show, or a list. */
export const READ_EVENT_VERBS: readonly string[] = ['show', 'index'];

/**
 * A read of state or variables the audit trail shows: who (the accessor's user id), when, and the
 * workspace it maps to; null when nothing maps it (a variable, whose id no path shows alone; a state
 * version since deleted; a list).
 */
export interface UsageRead {
  readonly action: 'read-state' | 'read-variables';
  readonly userId: string;
  readonly at: string;
  readonly workspaceId: string | null;
}
