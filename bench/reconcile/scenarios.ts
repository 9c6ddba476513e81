// The plan and apply scenarios (docs/performance.md, "Performance"): a generated organization, the emulator's latency and
// rate limit, and the client's concurrency. Every figure here is a scenario parameter, named once.
import type { OrganizationSpec } from '../generate/index.js';

/** The rate limit of a scenario that turns it off: `--rate-limit 0` for the client, 0 for the emulator. */
export const RATE_LIMIT_OFF = 0;
/** Shares of grants the desired state adds, changes and removes. */
const DIFFERENCES = { addShare: 0.02, updateShare: 0.02, removeShare: 0.01 } as const;
const MIX = { customShare: 0.2, secretShare: 0.1, organizationAccessShare: 0.05 } as const;
const SEED = 8;

export interface ReconcileScenario {
  readonly description: string;
  readonly organization: OrganizationSpec;
  /** Requests per second, the emulator's and the client's; RATE_LIMIT_OFF = off. */
  readonly rateLimit: number;
  readonly latencyMs: number;
  readonly jitterMs: number;
  readonly concurrency: number;
  /** False for a development check: the targets are defined on the larger scenarios. */
  readonly judged: boolean;
  /** Issue 18: the requests of a plan read by team (emulator `current`), at most. */
  readonly maxRequestsByTeam?: number;
}

const org = (projects: number, workspaces: number, teams: number, teamsPerProject: number, teamsPerWorkspace: number): OrganizationSpec => ({
  organization: 'bench',
  projects,
  workspaces,
  teams,
  teamsPerProject,
  teamsPerWorkspace,
  ...MIX,
  ...DIFFERENCES,
  seed: SEED,
});

export const RECONCILE_SCENARIOS: Readonly<Record<string, ReconcileScenario>> = {
  small: {
    description: 'quick check for development: 10 projects, 200 workspaces, 40 teams; R=30, L=20 ms',
    organization: org(10, 200, 40, 2, 3),
    rateLimit: 30,
    latencyMs: 20,
    jitterMs: 0,
    concurrency: 8,
    judged: false,
  },
  'provider-2000': {
    description: 'the 2,000-workspace organization of the issue: 5 teams on each workspace, 50 projects, 200 teams; R=30, L=20 ms',
    organization: org(50, 2000, 200, 2, 5),
    rateLimit: 30,
    latencyMs: 20,
    jitterMs: 0,
    concurrency: 8,
    judged: true,
    maxRequestsByTeam: 400,
  },
  'sets-2000': {
    description: 'provider-2000 written as 5 sets instead of 2,050 entries: 50 projects, 2,000 tagged workspaces (5 teams each), 200 teams; R=30, L=20 ms',
    organization: { ...org(50, 2000, 200, 2, 5), managedBy: 'sets' },
    rateLimit: 30,
    latencyMs: 20,
    jitterMs: 0,
    concurrency: 8,
    judged: true,
  },
  'scale-10000': {
    description: '10,000 workspaces x 5 teams (50,000 grants) plus 100 projects x 5, 500 teams; rate limit off, L=5 ms, concurrency 8',
    organization: org(100, 10_000, 500, 5, 5),
    rateLimit: RATE_LIMIT_OFF,
    latencyMs: 5,
    jitterMs: 0,
    concurrency: 8,
    judged: true,
    maxRequestsByTeam: 1100,
  },
};

/** The pure core's input: 1,000 projects and 19,000 workspaces with 5 grants each, 100,000 grants. */
export const CORE_ORGANIZATION: OrganizationSpec = org(1000, 19_000, 1000, 5, 5);
