// The organization's runs (docs/api.md, "Runs index"): what `GET /organizations/:org/runs` lists,
// set up through `POST /emulator/organizations/:org/runs` (runs are not made any other way here).
// Kept per organization, newest first (the order the index answers in), each with the user ids of
// who queued and who confirmed it: a person's, or a team token's service user's.

/** The statuses the emulator takes, each with its `filter[status_group]` (docs/api.md, "Runs index"). */
export const RUN_STATUS_GROUPS: Readonly<Record<string, 'non_final' | 'discardable' | 'final'>> = {
  pending: 'non_final',
  plan_queued: 'non_final',
  planning: 'non_final',
  planned: 'discardable',
  cost_estimated: 'discardable',
  policy_checked: 'discardable',
  policy_override: 'discardable',
  policy_soft_failed: 'discardable',
  post_plan_completed: 'discardable',
  confirmed: 'non_final',
  apply_queued: 'non_final',
  applying: 'non_final',
  applied: 'final',
  planned_and_finished: 'final',
  planned_and_saved: 'final',
  discarded: 'final',
  errored: 'final',
  canceled: 'final',
  force_canceled: 'final',
};

export const STATUS_GROUPS = ['non_final', 'discardable', 'final'] as const;

/** `source` of a run (docs/api.md, "Runs index"). */
export const RUN_SOURCES = ['tfe-ui', 'tfe-api', 'tfe-configuration-version'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export interface StoredRun {
  readonly id: string;
  readonly org: string;
  readonly workspaceId: string;
  /** Epoch ms. */
  readonly createdAt: number;
  readonly status: string;
  readonly planOnly: boolean;
  readonly autoApply: boolean;
  readonly source: RunSource;
  /** The user who queued it (a team token's service user for a team token); null for a VCS-made run. */
  readonly createdBy: string | null;
  /** Who confirmed the apply; null when nobody did (a plan, an auto-applied run). */
  readonly confirmedBy: string | null;
}

export class RunBook {
  private readonly byOrg = new Map<string, StoredRun[]>();

  /** Adds runs, keeping each organization's list newest first (ties in the order added). */
  add(runs: readonly StoredRun[]): void {
    for (const run of runs) {
      const list = this.byOrg.get(run.org) ?? [];
      list.push(run);
      this.byOrg.set(run.org, list);
    }
    for (const list of this.byOrg.values()) list.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Newest first. */
  of(org: string): readonly StoredRun[] {
    return this.byOrg.get(org) ?? [];
  }
}
