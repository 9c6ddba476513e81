// The public shapes of the emulator: options, the request log, the running handle and the seed
// document. Other parts of the project (tests, the demo, the benchmarks) code against these.
import type { AuditTrailMode } from './audit-log.js';
import type { ProfileName } from './profile.js';

export interface FaultOptions {
  /** Share of requests answered 500/502/503 (0..1), default 0. */
  errorRate?: number;
  /** Share of requests that start a burst of 429s, default 0. */
  rateLimitBurstRate?: number;
  /** Share of requests whose connection is destroyed mid-response (the change is not made). */
  dropRate?: number;
  /** Share of WRITES that are applied, then the connection destroyed. */
  lostAnswerRate?: number;
  /** Fixed latency added to every answer. */
  latencyMs?: number;
  /** Plus uniform random 0..jitterMs. */
  jitterMs?: number;
}

export interface EmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Default DEFAULT_ADMIN_TOKEN. */
  adminToken?: string;
  /** Initial state; `loadSeedFile(path)` reads YAML or JSON. */
  seed?: SeedDocument;
  /** How it answers (docs/emulator.md, "Profiles"); default the seed document's `profile`, else `seed`. */
  profile?: ProfileName;
  /** Requests per second per identity, default 30, 0 = off. */
  rateLimit?: number;
  /** The runs index's own limit, requests per minute per identity (docs/api.md, "Runs index"), default 30, 0 = off. */
  runsRateLimit?: number;
  /** Makes every fault decision (and every generated id) reproducible. */
  randomSeed?: number;
  faults?: FaultOptions;
  /** Called when each request is answered (or dropped), with its record: `--log-requests`. */
  onRequest?: (record: RequestRecord) => void;
  /**
   * The wall clock (epoch ms) audit events, their 14 days and organizations' `created-at` are dated
   * by; default Date.now. `POST /api/v2/emulator/clock` and `advanceClock` move the emulator past it.
   */
  now?: () => number;
  /**
   * How `GET /organization/audit-trail` answers (docs/emulator.md, "Audit trail"): default the seed
   * document's `audit-trail`, else `on` in the current profile and `off` (404) in the seed profile.
   */
  auditTrail?: AuditTrailMode;
}

export type FaultKind = 'error' | 'rate-limit' | 'drop' | 'lost-answer';

export interface RequestRecord {
  method: string;
  path: string;
  query: string;
  /** 0 when the connection was dropped. */
  status: number;
  /** 'admin' | 'org:<org>' | 'team:<team-id>' | 'user:<user-id>' | 'anonymous' | 'invalid' — never the token. */
  identity: string;
  /** ms, performance.now() relative to the emulator's start. */
  start: number;
  end: number;
  fault?: FaultKind;
}

export interface Counters {
  total: number;
  byStatus: Record<number, number>;
  rateLimited: number;
  faults: number;
}

export interface RunningEmulator {
  /** 'http://127.0.0.1:PORT'; the API is under `${url}/api/v2`. */
  url: string;
  readonly profile: ProfileName;
  /** The log, in arrival order. */
  requests: readonly RequestRecord[];
  counters(): Counters;
  resetLog(): void;
  setFaults(faults: FaultOptions): void;
  setRateLimit(perSecond: number): void;
  /** Moves the emulator's wall clock forward (audit events' time and retention). */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

// ---- seed document (docs/emulator.md, "Seed file") ----

export interface SeedTeam {
  name: string;
  id?: string;
  /** Default organization. */
  visibility?: 'organization' | 'secret';
  /** The profile's flags only; taken as written (no companion flag added). */
  'organization-access'?: Record<string, boolean>;
  /** The identity provider's group id; default null. */
  'sso-team-id'?: string | null;
  /** Default true. */
  'allow-member-token-management'?: boolean;
  /** Linked to a SCIM group: rename 422, delete 404, SSO id changes ignored; the organization then reports the `scim-*` attributes on every team. */
  'scim-linked'?: boolean;
  /** The SCIM group's name; default the team's. */
  'scim-group-name'?: string;
  tokens?: string[];
}

export interface SeedProject {
  name: string;
  id?: string;
  description?: string;
  /** Key-value tags its workspaces inherit (`current` profile only): key -> value. */
  'tag-bindings'?: Record<string, string>;
  /** Where its workspaces that set none run (`current` profile only; docs/api.md, "Indirect access"). */
  'default-execution-mode'?: 'remote' | 'local' | 'agent';
  /** The agent pool's name (with `default-execution-mode: agent`). */
  'default-agent-pool'?: string;
}

export interface SeedWorkspace {
  name: string;
  id?: string;
  /** Project name; default "Default Project". */
  project?: string;
  /** Flat tags. */
  'tag-names'?: string[];
  /** Key-value tags (`current` profile only): key -> value. */
  'tag-bindings'?: Record<string, string>;
  /** Sharing and execution (`current` profile only; docs/emulator.md, "Indirect access"). */
  'global-remote-state'?: boolean;
  'project-remote-state'?: boolean;
  /** Workspace names that may read its state (only while neither setting above is true). */
  'remote-state-consumers'?: string[];
  'execution-mode'?: 'remote' | 'local' | 'agent';
  /** An agent pool's name (with `execution-mode: agent`). */
  'agent-pool'?: string;
}

/** A variable set (`current` profile only): `project` makes it project-owned. */
export interface SeedVarset {
  name: string;
  id?: string;
  global?: boolean;
  project?: string;
  workspaces?: string[];
  projects?: string[];
  'var-count'?: number;
}

/** An agent pool (`current` profile only); `organization-scoped` defaults to true. */
export interface SeedAgentPool {
  name: string;
  id?: string;
  'organization-scoped'?: boolean;
  'allowed-workspaces'?: string[];
  'allowed-projects'?: string[];
  'excluded-workspaces'?: string[];
}

export interface SeedStack {
  name: string;
  project: string;
}

export interface SeedTeamProject {
  team: string;
  project: string;
  access: string;
  id?: string;
  'project-access'?: Record<string, string | boolean>;
  'workspace-access'?: Record<string, string | boolean>;
}

export interface SeedTeamWorkspace {
  team: string;
  workspace: string;
  access: string;
  id?: string;
  runs?: string;
  variables?: string;
  'state-versions'?: string;
  'sentinel-mocks'?: string;
  'workspace-locking'?: boolean;
  'run-tasks'?: boolean;
  'policy-overrides'?: boolean;
}

/** A member of the organization (docs/emulator.md, "Seed file"; docs/api.md, "People"). */
export interface SeedPerson {
  /** Required but for a hidden member or a service account; the same email in two organizations is one user. */
  email?: string;
  /** Default: an active member's from the email, an invitee's null (until they accept). */
  username?: string | null;
  /** Default active; an invitee is in no team until they accept, their `teams` the ones they were invited to. */
  status?: 'active' | 'invited';
  /** Team names. */
  teams?: string[];
  /** `is-service-account`. */
  'service-account'?: boolean;
  /** In its teams' `relationships.users`, in no membership the organization lists (the service's own staff). */
  hidden?: boolean;
  /** The membership's id (`ou-...`). */
  id?: string;
  'user-id'?: string;
  /** The person's own tokens (an active member's): they act as their teams do. */
  tokens?: string[];
}

export interface SeedOrganization {
  name: string;
  email?: string;
  token?: string;
  /** The organization's audit-trail token: reads the audit trail and `/account/details`, nothing else. */
  'audit-token'?: string;
  /** `created-at` (ISO 8601); default the emulator's clock at start. */
  'created-at'?: string;
  /** Uses HCP groups in place of teams (HCP Europe): its teams endpoints answer 404. */
  'hcp-groups'?: boolean;
  teams?: SeedTeam[];
  projects?: SeedProject[];
  workspaces?: SeedWorkspace[];
  'team-projects'?: SeedTeamProject[];
  'team-workspaces'?: SeedTeamWorkspace[];
  people?: SeedPerson[];
  varsets?: SeedVarset[];
  'agent-pools'?: SeedAgentPool[];
  stacks?: SeedStack[];
}

export interface SeedDocument {
  /** The profile to answer with, unless the caller names one (docs/emulator.md, "Profiles"). */
  profile?: ProfileName;
  /** How the audit trail answers, unless the caller says (EmulatorOptions.auditTrail). */
  'audit-trail'?: AuditTrailMode;
  organizations: SeedOrganization[];
}
