// The evidence bundle (docs/evidence.md, "Evidence bundle"): what `report --evidence DIR` and
// `review close` write beside their files so an auditor can tell what was extracted, when, from
// where, by whom, whether it is whole, and that no byte changed since. Plain data; `manifest.json`
// is its JSON form (render/), `report verify DIR` re-checks it (pipeline/).

/** One file of the bundle: its name in DIR, its size, its SHA-256, and for a table its data rows. */
export interface EvidenceFile {
  readonly name: string;
  readonly bytes: number;
  /** Lowercase hex. */
  readonly sha256: string;
  /** CSV files: the data rows (the header not counted), re-counted by `report verify`. */
  readonly rows?: number;
}

/** A count of the bundle beside the service's own total of the same thing, where the service gives one. */
export interface ReconciledCount {
  /** `teams`, `projects`, `workspaces`, `grants`, `people`, ... */
  readonly what: string;
  /** As extracted. */
  readonly extracted: number;
  /** The service's own total (pagination `total-count`), only when the token reads the whole population; null otherwise, or when it gives none. */
  readonly service: number | null;
  /**
   * Whose view `extracted` is (docs/evidence.md, "What complete means"): `service` when the token is
   * proven to read the whole population, `token` when it counts only what the token sees; absent
   * for a count that is no read of the service (a review's rows).
   */
  readonly seenBy?: 'token' | 'service';
}

/**
 * Which build wrote it: the git commit it was built from (`modified`: the checkout had changes
 * then), else the SHA-256 of the installed dist/cli files; null each where not known.
 */
export interface ToolBuild {
  readonly commit: string | null;
  readonly modified: boolean | null;
  readonly contentSha256: string | null;
}

/** Who ran it: the CI job and run from the environment where there is one, else the OS user. Never a secret. */
export type Operator =
  | {
      readonly type: 'github-actions';
      readonly repository: string | null;
      readonly workflow: string | null;
      readonly job: string | null;
      readonly runId: string | null;
    }
  | { readonly type: 'gitlab-ci'; readonly project: string | null; readonly pipelineId: string | null; readonly jobId: string | null }
  | { readonly type: 'user'; readonly name: string | null };

/** One desired-state file read by the run: its path (as the run named it) and the SHA-256 of its bytes. */
export interface InputFile {
  readonly path: string;
  readonly sha256: string;
}

/** The desired-state files and policies that produced the bundle (none for a report of no files). */
export interface Inputs {
  readonly files: readonly InputFile[];
  /** Of the files' `sha256sum` lines (`HEX  PATH\n`, in the order listed); null with no file. */
  readonly sha256: string | null;
  /** Of the policies in their canonical form (what a saved plan seals); null with no file. */
  readonly policiesSha256: string | null;
}

/** One exception of a policy of the files, as the register lists it: active or lapsed when the extraction started. */
export interface RegisteredException {
  readonly policy: string;
  readonly team: string | null;
  readonly person: string | null;
  readonly workspace: string | null;
  readonly project: string | null;
  readonly reason: string;
  /** RFC 3339, UTC. */
  readonly expires: string;
  readonly status: 'active' | 'lapsed';
}

/** Where the bundle comes from (format_version 2 on): absent from a manifest of format_version 1. */
export interface Provenance {
  readonly build: ToolBuild;
  readonly operator: Operator;
  readonly inputs: Inputs;
  readonly exceptions: readonly RegisteredException[];
}

export interface EvidenceManifest {
  readonly tool: { readonly name: string; readonly version: string };
  readonly provenance?: Provenance;
  /** The server's address, its API version and its Terraform Enterprise release when it says. */
  readonly server: { readonly address: string; readonly apiVersion: string | null; readonly release: string | null };
  readonly organization: string;
  /** Type (`user`, `team`, `organization`) and name of the token's owner; never the token. */
  readonly token: { readonly type: string; readonly name: string } | null;
  /** RFC 3339, UTC. */
  readonly extraction: { readonly startedAt: string; readonly finishedAt: string };
  /** What the extraction was asked: paths, --team, --project, --workspace, --person, --can, --after. */
  readonly scope: Readonly<Record<string, unknown>>;
  readonly complete: boolean;
  readonly reasons: readonly string[];
  readonly counts: readonly ReconciledCount[];
  readonly files: readonly EvidenceFile[];
}
