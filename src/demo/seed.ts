// The demo organization: acme as examples/acme describes it, after a few weeks of clicking in the
// UI. Someone raised developers to write on platform and networking-prod, an intern got access, the
// auditors' grant was lost, and a break-glass grant was made by hand (ignored by the files).
// It lives in the package (not under examples/) so `tfe-access demo` needs nothing but itself.
import type { SeedDocument } from '../emulator/types.js';

export const DEMO_ORGANIZATION = 'acme';
/** Not a secret: it opens only the embedded emulator the demo starts and stops. */
export const DEMO_TOKEN = 'tfe-access-demo-token';

const team = (name: string, extra: Record<string, unknown> = {}) => ({ name, id: `team-${name}`, ...extra });

export const DEMO_SEED: SeedDocument = {
  organizations: [
    {
      name: DEMO_ORGANIZATION,
      token: DEMO_TOKEN,
      teams: [
        team('platform-admins'),
        team('developers'),
        team('auditors'),
        team('data-engineers'),
        team('sre', { 'organization-access': { 'manage-workspaces': true } }),
        team('ci'),
        team('release-managers'),
        team('break-glass', { visibility: 'secret' }),
        team('interns'),
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'data', id: 'prj-data' },
        { name: 'sandbox', id: 'prj-sandbox' },
      ],
      workspaces: [
        { name: 'networking-prod', id: 'ws-networking-prod', project: 'platform' },
        { name: 'billing-api-prod', id: 'ws-billing-api-prod', project: 'platform' },
        { name: 'billing-api-staging', id: 'ws-billing-api-staging', project: 'platform' },
        { name: 'analytics-warehouse', id: 'ws-analytics-warehouse', project: 'data' },
      ],
      'team-projects': [
        { team: 'platform-admins', project: 'platform', access: 'admin', id: 'tprj-pa-platform' },
        { team: 'developers', project: 'platform', access: 'write', id: 'tprj-dev-platform' },
        { team: 'interns', project: 'platform', access: 'read', id: 'tprj-interns-platform' },
        { team: 'break-glass', project: 'platform', access: 'admin', id: 'tprj-bg-platform' },
        { team: 'data-engineers', project: 'data', access: 'maintain', id: 'tprj-de-data' },
        { team: 'developers', project: 'data', access: 'read', id: 'tprj-dev-data' },
        { team: 'auditors', project: 'data', access: 'custom', id: 'tprj-aud-data', 'workspace-access': { 'state-versions': 'read-outputs', 'sentinel-mocks': 'read' } },
        { team: 'developers', project: 'sandbox', access: 'write', id: 'tprj-dev-sandbox' },
        { team: 'platform-admins', project: 'sandbox', access: 'admin', id: 'tprj-pa-sandbox' },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'networking-prod', access: 'write', id: 'tws-sre-net' },
        { team: 'ci', workspace: 'networking-prod', access: 'custom', runs: 'plan', 'state-versions': 'read-outputs', id: 'tws-ci-net' },
        { team: 'developers', workspace: 'networking-prod', access: 'write', id: 'tws-dev-net' },
        { team: 'sre', workspace: 'billing-api-prod', access: 'admin', id: 'tws-sre-bill' },
        { team: 'developers', workspace: 'billing-api-prod', access: 'plan', id: 'tws-dev-bill' },
        { team: 'release-managers', workspace: 'billing-api-prod', access: 'custom', runs: 'apply', variables: 'read', 'workspace-locking': true, id: 'tws-rm-bill' },
        { team: 'data-engineers', workspace: 'analytics-warehouse', access: 'custom', variables: 'write', 'state-versions': 'read-outputs', id: 'tws-de-aw' },
        { team: 'interns', workspace: 'analytics-warehouse', access: 'read', id: 'tws-interns-aw' },
      ],
    },
  ],
};
