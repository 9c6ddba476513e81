// An organization with every edge of indirect access (docs/effective-access.md, "Indirect access") in
// the emulator's `current` profile: a global variable set and one applied to a project, a producer
// `network-prod` with a listed consumer `app-a`, `app-a` running on agent pool `prod-vpc`, a Stack per
// project. `viewers` holds a team token that reads every team, project and workspace but not the edges.
import type { SeedDocument } from '../../src/emulator/types.js';

export const INDIRECT_ORG_TOKEN = 'acme-org-token';
/** A team token that lists the organization but may not read the edges (404 on the variable sets, pools and Stacks). */
export const EDGELESS_TOKEN = 'viewers-team-token';

export const indirectSeed = (): SeedDocument => ({
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: INDIRECT_ORG_TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'planners', id: 'team-planners' },
        { name: 'readers', id: 'team-readers' },
        { name: 'fixed-prj', id: 'team-fixed' },
        {
          name: 'viewers',
          id: 'team-viewers',
          'organization-access': { 'read-workspaces': true, 'read-projects': true },
          tokens: [EDGELESS_TOKEN],
        },
      ],
      projects: [{ name: 'net' }, { name: 'apps' }],
      workspaces: [
        { name: 'network-prod', project: 'net', 'remote-state-consumers': ['app-a'] },
        { name: 'app-a', project: 'apps', 'execution-mode': 'agent' as const, 'agent-pool': 'prod-vpc' },
        { name: 'app-b', project: 'apps' },
      ],
      varsets: [
        { name: 'cloud-creds', global: true },
        { name: 'app-settings', projects: ['apps'] },
      ],
      'agent-pools': [{ name: 'prod-vpc' }],
      stacks: [{ name: 'edge', project: 'net' }],
      'team-projects': [{ team: 'fixed-prj', project: 'net', access: 'write' }],
      'team-workspaces': [
        { team: 'planners', workspace: 'app-a', access: 'plan' },
        { team: 'readers', workspace: 'app-b', access: 'read' },
      ],
    },
  ],
});
