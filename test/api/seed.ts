// Seeds for the client's end-to-end tests against the emulator.
import type { SeedDocument } from '../../src/emulator/types.js';
import { numbered, oneOrganization, spreadOver } from '../support/seeds.js';
import { CANARY } from './script-server.js';

export const ORG = 'bigcorp';
export const TEAMS = 250; // plus `owners`, which every organization has
export const PROJECTS = 130;
export const WORKSPACES = 260;
/** Grants on project p-000: more than two pages of 100. */
export const BIG_PROJECT_GRANTS = 230;

const pad = (n: number): string => String(n).padStart(3, '0');
export const teamName = (n: number): string => `team-${pad(n)}`;
export const projectName = (n: number): string => `p-${pad(n)}`;
export const workspaceName = (n: number): string => `ws-${pad(n)}`;

/** One organization whose token is the canary: every request of these tests carries it. */
export function bigSeed(): SeedDocument {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const projects = numbered(PROJECTS, projectName, (i) => `prj-${i}`);
  return oneOrganization({
    name: ORG,
    token: CANARY,
    teams: numbered(TEAMS, teamName, (i) => `team-${i}`).map((team, i) => (i === 1 ? { ...team, tokens: ['team-1-token'] } : team)),
    projects,
    // The first ten projects hold every workspace.
    workspaces: spreadOver(
      numbered(WORKSPACES, workspaceName, (i) => `ws-${i}`),
      projects.slice(0, 10),
    ),
    'team-projects': [
      ...range(BIG_PROJECT_GRANTS).map((i) => ({ team: teamName(i), project: projectName(0), access: i % 2 ? 'read' : 'write' })),
      { team: teamName(1), project: projectName(1), access: 'admin' },
      { team: teamName(2), project: projectName(1), access: 'custom', 'workspace-access': { runs: 'apply' } },
    ],
    'team-workspaces': [
      { team: teamName(3), workspace: workspaceName(5), access: 'plan' },
      { team: teamName(4), workspace: workspaceName(5), access: 'custom', runs: 'apply', 'workspace-locking': true },
    ],
  });
}
