// Emulator-throughput scenarios: a seed for the emulator and the GET paths the load generator
// cycles through. The plan and apply scenarios are in reconcile/scenarios.ts.
import type { SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../src/emulator/types.js';

export interface Scenario {
  readonly description: string;
  readonly seed: SeedDocument;
  readonly paths: readonly string[];
}

function organization(teams: number, projects: number, workspaces: number, grantsPerTarget: number): SeedDocument {
  const teamList = Array.from({ length: teams }, (_, i) => ({ name: `team-${i}`, id: `team-${i}` }));
  const projectList = Array.from({ length: projects }, (_, i) => ({ name: `project-${i}`, id: `prj-${i}` }));
  const workspaceList = Array.from({ length: workspaces }, (_, i) => ({ name: `ws-${i}`, id: `ws-${i}`, project: `project-${i % projects}` }));
  const teamProjects: SeedTeamProject[] = [];
  const teamWorkspaces: SeedTeamWorkspace[] = [];
  for (let p = 0; p < projects; p += 1) {
    for (let k = 0; k < grantsPerTarget; k += 1)
      teamProjects.push({ team: `team-${(p + k) % teams}`, project: `project-${p}`, access: 'read', id: `tprj-${p}-${k}` });
  }
  for (let w = 0; w < workspaces; w += 1) {
    for (let k = 0; k < grantsPerTarget; k += 1)
      teamWorkspaces.push({ team: `team-${(w + k) % teams}`, workspace: `ws-${w}`, access: 'write', id: `tws-${w}-${k}` });
  }
  return {
    organizations: [
      { name: 'bench', teams: teamList, projects: projectList, workspaces: workspaceList, 'team-projects': teamProjects, 'team-workspaces': teamWorkspaces },
    ],
  };
}

/** The reads a reconciler makes: show a grant, list a target's grants, resolve a name. */
function readPaths(projects: number, workspaces: number, grantsPerTarget: number, count: number): string[] {
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const p = i % projects;
    const w = (i * 7) % workspaces;
    const k = i % grantsPerTarget;
    paths.push(`/api/v2/team-projects/tprj-${p}-${k}`);
    paths.push(`/api/v2/team-workspaces/tws-${w}-${k}`);
    paths.push(`/api/v2/team-projects?filter%5Bproject%5D%5Bid%5D=prj-${p}&page%5Bsize%5D=100`);
    paths.push(`/api/v2/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-${w}`);
    paths.push(`/api/v2/organizations/bench/workspaces/ws-${w}`);
  }
  return paths;
}

export const THROUGHPUT_SCENARIOS: Readonly<Record<string, () => Scenario>> = {
  'emulator-small': () => ({
    description: 'emulator plain GET throughput: 20 projects, 200 workspaces, 5 grants each; faults, latency and rate limit off',
    seed: organization(20, 20, 200, 5),
    paths: readPaths(20, 200, 5, 200),
  }),
  'emulator-large': () => ({
    description: 'emulator plain GET throughput at scale: 100 projects, 10,000 workspaces, 5 grants each (50,500 grants)',
    seed: organization(100, 100, 10_000, 5),
    paths: readPaths(100, 10_000, 5, 1000),
  }),
};
