// A small organization for the resolver's and the live reader's end-to-end tests.

import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import { type DesiredTarget } from '../../src/core/model.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { CANARY } from '../api/script-server.js';

export const OWNER_TOKEN = 'acme-org-token';
/** The developers team's token: sees `platform` (it has a grant there), not `hidden`. */
export const DEV_TOKEN = CANARY;

export const SEED: SeedDocument = {
  organizations: [
    {
      name: 'acme',
      token: OWNER_TOKEN,
      teams: [
        { name: 'developers', id: 'team-dev', tokens: [DEV_TOKEN] },
        { name: 'platform-admins', id: 'team-padmin', 'organization-access': { 'manage-projects': true } },
        { name: 'vault', id: 'team-vault', visibility: 'secret' },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'hidden', id: 'prj-hidden' },
      ],
      workspaces: [
        { name: 'networking-prod', project: 'platform', id: 'ws-net' },
        { name: 'standalone', id: 'ws-alone' },
      ],
      'team-projects': [
        { team: 'developers', project: 'platform', access: 'read', id: 'tprj-dev' },
        { team: 'platform-admins', project: 'platform', access: 'admin', id: 'tprj-padmin' },
        { team: 'vault', project: 'hidden', access: 'custom', id: 'tprj-vault', 'workspace-access': { runs: 'plan' } },
      ],
      'team-workspaces': [{ team: 'developers', workspace: 'standalone', access: 'write', id: 'tws-dev' }],
    },
  ],
};

export function target(type: 'project' | 'workspace', name: string, teams: string[], extra: Partial<DesiredTarget> = {}): DesiredTarget {
  return { type, name, prune: true, grants: teams.map((team) => ({ team, access: { access: 'read', permissions: {} } })), ...extra };
}

export function desired(targets: DesiredTarget[]): DesiredState {
  return { organization: 'acme', settings: DEFAULT_SETTINGS, targets };
}
