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

export interface EvidenceManifest {
  readonly tool: { readonly name: string; readonly version: string };
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
