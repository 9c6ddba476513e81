// Changes of a plan for the renderers' tests: a grant the files want and live lacks, as a plan (or
// drift) holds it, its source given by the test (a set, an entry).
import type { GrantOrigin } from '../../src/core/model.js';
import type { PlanChange } from '../../src/core/plan.js';

/** Team sre added with admin on workspace api-prod (ws-api), from `source`. */
export const sreAdminOnApiProd = (source: GrantOrigin): PlanChange => ({
  kind: 'grant',
  change: {
    action: 'add',
    resource: 'team-workspaces',
    team: { name: 'sre', id: 'team-sre' },
    target: { type: 'workspace', name: 'api-prod', id: 'ws-api' },
    after: { access: 'admin' },
    source,
  },
});
