// A small organization for the export tests: fixed and custom grants on projects and workspaces,
// a secret team, a workspace without grants, a project whose name needs a safe file name, and a
// team token of a project admin (it sees the secret team's grant but not the team).
import type { SeedDocument } from '../../src/emulator/types.js';

export const ORG_TOKEN = 'globex-org-token';
export const ADMIN_TEAM_TOKEN = 'globex-platform-admins-token';

export const SEED: SeedDocument = {
  organizations: [
    {
      name: 'globex',
      token: ORG_TOKEN,
      teams: [
        { name: 'platform-admins', id: 'team-pa', tokens: [ADMIN_TEAM_TOKEN] },
        { name: 'developers', id: 'team-dev' },
        { name: 'auditors', id: 'team-aud' },
        { name: 'vault', id: 'team-vault', visibility: 'secret' },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'Data Lake', id: 'prj-data' },
      ],
      workspaces: [
        { name: 'net-prod', id: 'ws-net', project: 'platform' },
        { name: 'lake-etl', id: 'ws-etl', project: 'Data Lake' },
        { name: 'quiet', id: 'ws-quiet', project: 'platform' },
      ],
      'team-projects': [
        { team: 'platform-admins', project: 'platform', access: 'admin' },
        { team: 'vault', project: 'platform', access: 'write' },
        {
          team: 'auditors',
          project: 'platform',
          access: 'custom',
          'project-access': { teams: 'read' },
          'workspace-access': { 'state-versions': 'read-outputs' },
        },
        { team: 'developers', project: 'Data Lake', access: 'maintain' },
      ],
      'team-workspaces': [
        { team: 'developers', workspace: 'net-prod', access: 'plan' },
        { team: 'auditors', workspace: 'lake-etl', access: 'custom', variables: 'read', 'workspace-locking': true },
      ],
    },
  ],
};
