// Random organizations for apply's end-to-end tests: a seed for the emulator (the live state) and a
// desired-state file that differs from it, both from one reproducible random seed.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TfeClient } from '../../src/api/client.js';
import type { LiveGrant, TargetType } from '../../src/core/model.js';
import { mulberry32 } from '../../src/emulator/prng.js';
import type { ProfileName } from '../../src/emulator/profile.js';
import { apiUrl } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';
import { numbered, oneOrganization } from '../support/seeds.js';

export const ORG = 'chaos';
export const ORG_TOKEN = 'chaos-org-token';
/** A client-side rate far above what the tests send: the emulator's own limit is off. */
export const FAST = 10_000;

const PROJECT_LEVELS = ['read', 'write', 'maintain', 'admin'] as const;
const WORKSPACE_LEVELS = ['read', 'plan', 'write', 'admin'] as const;

export interface Size {
  readonly teams: number;
  readonly projects: number;
  readonly workspaces: number;
  /** Chance that a team has a grant on a target, live and desired alike. */
  readonly density: number;
  /** The emulator profile (default seed); `current` custom grants use the newer permissions too. */
  readonly profile?: ProfileName;
}

export interface Scenario {
  readonly seed: SeedDocument;
  /** The desired-state file's text. */
  readonly yaml: string;
  readonly targets: ReadonlyArray<{ type: TargetType; name: string; id: string }>;
}

type Pick = <T>(items: readonly T[]) => T;

function projectAccess(pick: Pick, random: () => number, newer: boolean): { yaml: string; seed: Omit<SeedTeamProject, 'team' | 'project' | 'id'> } {
  if (random() < 0.2) {
    const runs = pick(['read', 'plan', 'apply'] as const);
    if (newer) {
      // Only the current profile draws these: the seed profile's worlds stay what they were.
      const sets = pick(['none', 'read', 'write'] as const);
      const overrides = pick([false, true] as const);
      return {
        yaml: `{ access: custom, project-access: { variable-sets: ${sets} }, workspace-access: { runs: ${runs}, locking: true, policy-overrides: ${overrides} } }`,
        seed: { access: 'custom', 'project-access': { 'variable-sets': sets }, 'workspace-access': { runs, locking: true, 'policy-overrides': overrides } },
      };
    }
    return {
      yaml: `{ access: custom, workspace-access: { runs: ${runs}, locking: true } }`,
      seed: { access: 'custom', 'workspace-access': { runs, locking: true } },
    };
  }
  const level = pick(PROJECT_LEVELS);
  return { yaml: level, seed: { access: level } };
}

function workspaceAccess(pick: Pick, random: () => number, newer: boolean): { yaml: string; seed: Omit<SeedTeamWorkspace, 'team' | 'workspace' | 'id'> } {
  if (random() < 0.2) {
    const variables = pick(['none', 'read', 'write'] as const);
    if (newer) {
      const overrides = pick([false, true] as const);
      return {
        yaml: `{ access: custom, runs: plan, variables: ${variables}, policy-overrides: ${overrides} }`,
        seed: { access: 'custom', runs: 'plan', variables, 'policy-overrides': overrides },
      };
    }
    return { yaml: `{ access: custom, runs: plan, variables: ${variables} }`, seed: { access: 'custom', runs: 'plan', variables } };
  }
  const level = pick(WORKSPACE_LEVELS);
  return { yaml: level, seed: { access: level } };
}

export function randomScenario(randomSeed: number, size: Size): Scenario {
  const random = mulberry32(randomSeed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
  const newer = size.profile === 'current';
  const teams = numbered(
    size.teams,
    (i) => `team-${i}`,
    (i) => `team-t${i}`,
  );
  const projects = numbered(
    size.projects,
    (i) => `project-${i}`,
    (i) => `prj-p${i}`,
  );
  const workspaces = numbered(
    size.workspaces,
    (i) => `workspace-${i}`,
    (i) => `ws-w${i}`,
  );
  const seedProjects: SeedTeamProject[] = [];
  const seedWorkspaces: SeedTeamWorkspace[] = [];
  const yaml: string[] = [`organization: ${ORG}`, 'settings:', '  max-removals: 100000', 'projects:'];
  for (const project of projects) {
    yaml.push(`  ${project.name}:`, '    teams:');
    teams.forEach((team, i) => {
      if (random() < size.density)
        seedProjects.push({ team: team.name, project: project.name, id: `tprj-${team.id}-${project.id}`, ...projectAccess(pick, random, newer).seed });
      // Every target keeps at least one desired team, so no `teams:` is ever empty.
      if (i === 0 || random() < size.density) yaml.push(`      ${team.name}: ${projectAccess(pick, random, newer).yaml}`);
    });
  }
  yaml.push('workspaces:');
  for (const workspace of workspaces) {
    yaml.push(`  ${workspace.name}:`, '    teams:');
    teams.forEach((team, i) => {
      if (random() < size.density)
        seedWorkspaces.push({ team: team.name, workspace: workspace.name, id: `tws-${team.id}-${workspace.id}`, ...workspaceAccess(pick, random, newer).seed });
      if (i === 0 || random() < size.density) yaml.push(`      ${team.name}: ${workspaceAccess(pick, random, newer).yaml}`);
    });
  }
  const seed = oneOrganization(
    {
      name: ORG,
      token: ORG_TOKEN,
      teams,
      projects,
      workspaces: workspaces.map((w) => ({ ...w, project: projects[0]?.name })),
      'team-projects': seedProjects,
      'team-workspaces': seedWorkspaces,
    },
    size.profile,
  );
  const targets = [...projects.map((p) => ({ type: 'project' as const, ...p })), ...workspaces.map((w) => ({ type: 'workspace' as const, ...w }))];
  return { seed, yaml: `${yaml.join('\n')}\n`, targets };
}

/** Writes the desired-state file into a fresh temporary directory; returns the directory. */
export async function writeDesired(yaml: string, name = 'tfe-access.yaml'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tfe-access-apply-'));
  await writeFile(join(dir, name), yaml);
  return dir;
}

/** Every grant of the scenario's targets, read with the organization token (faults off). */
export async function grantsOf(emulator: RunningEmulator, targets: Scenario['targets']): Promise<LiveGrant[]> {
  const client = new TfeClient({ baseUrl: apiUrl(emulator), token: ORG_TOKEN, rateLimit: FAST });
  try {
    const lists = await Promise.all(targets.map((t) => client.listGrants(t)));
    return lists.flat();
  } finally {
    await client.close();
  }
}

export const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

/** The writes of the emulator's log, as `METHOD path`. */
export function writesOf(emulator: RunningEmulator): string[] {
  return emulator.requests.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`);
}
