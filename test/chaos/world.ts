// One chaos run's world, from one seed: a random organization and desired-state file (built on
// test/apply/scenario.ts), plus targets the file does not manage, and the faults to inject. The same
// seed always gives the same world, so a failing run is replayed with TFE_ACCESS_CHAOS_SEED=N. Even
// seeds run against the emulator's seed profile, odd ones against current (whose custom grants use
// the newer permissions too): both kinds of server, at no extra runs.

import { mulberry32 } from '../../src/emulator/prng.js';
import type { ProfileName } from '../../src/emulator/profile.js';
import type { FaultOptions, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';
import { randomScenario, type Scenario } from '../apply/scenario.js';

export type Target = Scenario['targets'][number];

export interface World {
  readonly scenario: Scenario;
  /** Targets in the emulator with grants that no desired-state file names. */
  readonly unmanaged: readonly Target[];
  readonly faults: FaultOptions;
  /**
   * For one seed in DENIED_EVERY, the first apply runs with AUDITOR_TOKEN: it reads everything but
   * may change nothing, so every change fails at once (404) and must be reported; the re-run has
   * the organization token. Faults alone rarely make a change fail: retries win.
   */
  readonly denied: boolean;
  /** The apply's --concurrency. */
  readonly concurrency: number;
  readonly profile: ProfileName;
}

/** Which emulator profile a seed's run is against: the runs are split, not doubled. */
export function profileOf(seed: number): ProfileName {
  return seed % 2 === 0 ? 'seed' : 'current';
}

export const AUDITOR_TOKEN = 'chaos-auditor-token';
export const DENIED_EVERY = 5;
/** A team that may read every project and workspace and their grants, and change none. */
const AUDITOR = { name: 'auditors', id: 'team-auditors', tokens: [AUDITOR_TOKEN], 'organization-access': { 'read-projects': true, 'read-workspaces': true } };

const between = (random: () => number, low: number, high: number): number => low + random() * (high - low);
const int = (random: () => number, low: number, high: number): number => Math.floor(between(random, low, high + 1));

export function chaosWorld(seed: number): World {
  const random = mulberry32(seed * 7919 + 17);
  const size = { teams: int(random, 3, 8), projects: int(random, 1, 3), workspaces: int(random, 1, 4), density: between(random, 0.3, 0.7) };
  const profile = profileOf(seed);
  const base = randomScenario(seed, { ...size, profile });
  const org = base.seed.organizations[0];
  if (!org) throw new Error('randomScenario made no organization');
  // Outside the file: one project and one workspace (in that project), granted to random teams.
  const outsideProject = { name: 'outside-project', id: 'prj-outside' };
  const outsideWorkspace = { name: 'outside-workspace', id: 'ws-outside', project: outsideProject.name };
  const teams = org.teams ?? [];
  const projectGrants: SeedTeamProject[] = teams
    .filter(() => random() < 0.6)
    .map((t) => ({ team: t.name, project: outsideProject.name, id: `tprj-${t.id ?? t.name}-outside`, access: random() < 0.5 ? 'read' : 'maintain' }));
  const workspaceGrants: SeedTeamWorkspace[] = teams
    .filter(() => random() < 0.6)
    .map((t) => ({ team: t.name, workspace: outsideWorkspace.name, id: `tws-${t.id ?? t.name}-outside`, access: random() < 0.5 ? 'plan' : 'write' }));
  const scenario: Scenario = {
    ...base,
    seed: {
      ...base.seed,
      organizations: [
        {
          ...org,
          teams: [...teams, AUDITOR],
          projects: [...(org.projects ?? []), outsideProject],
          workspaces: [...(org.workspaces ?? []), outsideWorkspace],
          'team-projects': [...(org['team-projects'] ?? []), ...projectGrants],
          'team-workspaces': [...(org['team-workspaces'] ?? []), ...workspaceGrants],
        },
      ],
    },
  };
  const unmanaged: Target[] = [
    { type: 'project', ...outsideProject },
    { type: 'workspace', name: outsideWorkspace.name, id: outsideWorkspace.id },
  ];
  // Latency spikes: a small fixed latency with a wide random jitter.
  const faults: FaultOptions = {
    errorRate: between(random, 0.05, 0.25),
    rateLimitBurstRate: between(random, 0, 0.1),
    dropRate: between(random, 0, 0.1),
    lostAnswerRate: between(random, 0.05, 0.3),
    latencyMs: int(random, 0, 3),
    jitterMs: int(random, 0, 40),
  };
  return { scenario, unmanaged, faults, denied: seed % DENIED_EVERY === 0, concurrency: [1, 4, 8][int(random, 0, 2)] ?? 4, profile };
}
