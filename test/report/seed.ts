// The organization of the report tests: every kind of source. Organization permissions (owners,
// manage-projects, manage-workspaces, read-projects, read-workspaces), a secret team, fixed and
// custom grants on projects and workspaces, a workspace in the Default Project.
import type { SeedDocument } from '../../src/emulator/types.js';

export const ORG_TOKEN = 'acme-report-org-token';

export const SEED: SeedDocument = {
  organizations: [
    {
      name: 'acme',
      token: ORG_TOKEN,
      teams: [
        { name: 'sre', id: 'team-sre', 'organization-access': { 'manage-projects': true, 'manage-workspaces': true } },
        { name: 'ops', id: 'team-ops', 'organization-access': { 'manage-workspaces': true } },
        { name: 'viewers', id: 'team-viewers', 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
        { name: 'auditors', id: 'team-auditors', 'organization-access': { 'read-workspaces': true } },
        { name: 'developers', id: 'team-dev' },
        { name: 'vault', id: 'team-vault', visibility: 'secret' },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'data', id: 'prj-data' },
      ],
      workspaces: [
        { name: 'networking-prod', id: 'ws-netprod', project: 'platform' },
        { name: 'networking-dev', id: 'ws-netdev', project: 'platform' },
        { name: 'lake', id: 'ws-lake', project: 'data' },
        { name: 'sandbox', id: 'ws-sandbox' },
      ],
      'team-projects': [
        { team: 'developers', project: 'platform', access: 'write' },
        { team: 'sre', project: 'platform', access: 'read' },
        { team: 'vault', project: 'data', access: 'maintain' },
        {
          team: 'auditors',
          project: 'data',
          access: 'custom',
          'project-access': { teams: 'read' },
          'workspace-access': { 'state-versions': 'read-outputs', runs: 'plan' },
        },
      ],
      'team-workspaces': [
        { team: 'developers', workspace: 'networking-prod', access: 'plan' },
        { team: 'vault', workspace: 'networking-prod', access: 'admin' },
        { team: 'ops', workspace: 'lake', access: 'read' },
        { team: 'developers', workspace: 'sandbox', access: 'custom', runs: 'apply', 'workspace-locking': true },
      ],
    },
  ],
};
