// What a use case is asked, in three pieces: how to reach the service (`RunConnection`), how the run
// is driven and watched (`RunOptions`), and what it reads and how (`ReadChoices`; a plan's
// `PlanChoices`). Plan, apply, report and export requests are each built from the same three; the
// CLI builds them from its flags (cli/common-flags.ts), a library caller or a test by hand.
import { homedir } from 'node:os';
import { TfeClient } from '../../api/client.js';
import { type Connection, connectionFrom } from '../../api/credentials.js';
import type { ReadBy } from '../../core/model.js';
import type { ReadOptions } from '../../live/read-live.js';
import type { AuditRequest } from '../reads/attribution.js';
import type { RunControl, StopRequest } from './run-control.js';

/** How the run reaches the service: what opens its client. */
export interface RunConnection {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly address?: string | undefined;
  /** Where the CLI's credentials file is looked for (default: HOME, else the user's home). */
  readonly homeDir?: string;
  /** Requests per second, 0 for none. */
  readonly rateLimit: number;
  /** Requests the client keeps in flight at once (and apply's changes at once). */
  readonly concurrency: number;
  /** How long one answer may keep silent (api/http.ts, ANSWER_TIMEOUT_MS, the default). */
  readonly answerTimeoutMs?: number | undefined;
  /** Told when the server announces a rate limit below --rate-limit: (announced, previous). */
  readonly onRateLimit?: (announced: number, previous: number) => void;
}

/** How the run is driven and watched: its stops (`signal`, `--timeout`), its clock, what it tells as it goes. */
export interface RunOptions extends StopRequest {
  /** Progress of the live read: (done, total) targets. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Told, in one line, when reading by team is given up for reading by target (src/live/read-live.ts), or a saved plan's HMAC is not verified. */
  readonly onNotice?: (line: string) => void;
  /**
   * Called once the desired state is loaded and before the first request, when the parse's garbage
   * is no longer referenced: the CLI collects it there (src/cli/memory.ts), a library caller need not.
   */
  readonly afterLoad?: () => void;
  /**
   * The clock the run judges expiries by (epoch milliseconds; docs/files.md, "Grants that expire"): the
   * CLI passes the process's, tests their own. Absent: Date.now() when the run starts.
   */
  readonly now?: number;
}

/** The run's options with its clock read once, so every stage of one run judges expiries at one instant. */
export type ClockedRun = RunOptions & { readonly now: number };

/** What the run reads, and how. */
export interface ReadChoices {
  /** Targets read at the same time. */
  readonly concurrency: number;
  /** `--read-by` (docs/connecting.md, "Reading by team"); default auto. */
  readonly readBy?: ReadBy | undefined;
}

/** What a plan reads besides: a part of the files, the effective changes, the policies' state. */
export interface PlanChoices extends ReadChoices {
  /** `--target`, as given: parsed once, with the files (pipeline/disk/files.ts). */
  readonly targets?: readonly string[];
  /** `--changed-from REF` (docs/plan.md, "Scoped plans"): read only what the change from REF's files touches. */
  readonly changedFrom?: string | undefined;
  /**
   * Also work out what the changes do to effective access (`plan.effectiveChanges`): a few more reads
   * when a change touches targets the files do not manage (assemble/change-context.ts).
   */
  readonly effectiveChanges?: boolean;
  /**
   * docs/effective-access.md, "Policies": check them on the access once the plan is applied (`after`, the default:
   * plan, apply) or as it is (`live`: drift).
   */
  readonly policyState?: 'after' | 'live';
  /**
   * drift --adopt only: a `teams:` entry a partial read of teams cannot see is kept in the plan (adopt
   * lists it as not visible) instead of refusing the run, as every other plan does (diff/unseen.ts).
   */
  readonly keepUnseenTeams?: boolean;
}

export interface PlanRequest {
  /** The desired-state files and directories, and where relative ones are. */
  readonly paths: string[];
  readonly cwd: string;
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: PlanChoices;
  /** docs/drift.md, "Who changed it": attribute the plan's drift items from the audit trail (drift always; plan with an audit token). */
  readonly audit?: AuditRequest;
}

/** `request` with its clock read once (ClockedRun). */
export function withClock<R extends { readonly run?: RunOptions }>(request: R): R & { readonly run: ClockedRun } {
  return { ...request, run: { ...request.run, now: request.run?.now ?? Date.now() } };
}

/** Where the run's credentials files are: the connection's home, else HOME, else the user's. */
export function homeOf(connection: RunConnection): string {
  return connection.homeDir ?? connection.env.HOME ?? homedir();
}

/** The client of a run; with `control`, its requests end when the run stops, and a dead server stops the run. */
export function openClient(connection: RunConnection, control?: RunControl): TfeClient {
  return clientOf(connection, connectionFrom({ address: connection.address }, connection.env, homeOf(connection)), control);
}

/** A client on `found`'s address and token with the run's rate limit, concurrency, timeouts and stop (the audit token's too). */
export function clientOf(connection: RunConnection, found: Pick<Connection, 'baseUrl' | 'token'>, control?: RunControl): TfeClient {
  const silence = connection.answerTimeoutMs;
  return new TfeClient({
    baseUrl: found.baseUrl,
    token: found.token,
    concurrency: connection.concurrency,
    rateLimit: connection.rateLimit,
    ...(silence === undefined ? {} : { timeouts: { headersMs: silence, bodyMs: silence } }),
    ...(connection.onRateLimit ? { onRateLimit: connection.onRateLimit } : {}),
    ...(control ? { signal: control.requests, onUnreachable: (error) => control.stop(error) } : {}),
  });
}

/** `use` with a client of the run, closed after. */
export async function withClient<T>(connection: RunConnection, control: RunControl, use: (client: TfeClient) => Promise<T>): Promise<T> {
  const client = openClient(connection, control);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** The options of a run's live read: --concurrency, --read-by, the notice of a fallback, the progress. */
export function liveReadOptions(read: ReadChoices, run: RunOptions = {}): ReadOptions {
  const { onNotice, onProgress } = run;
  return {
    concurrency: read.concurrency,
    ...(read.readBy ? { readBy: read.readBy } : {}),
    ...(onNotice ? { onNotice } : {}),
    ...(onProgress ? { onProgress } : {}),
  };
}
