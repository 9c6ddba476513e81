// The generated organizations of the reading tests (bench/generate): a few teams on many workspaces,
// so that reading by team (one list per team) and by workspace (one per workspace) differ plainly.
// No secret teams, no organization access; a few adds, updates and removes in the desired state.
import type { OrganizationSpec } from '../../bench/generate/index.js';

/** Four teams, two on each project and three on each workspace; `over` sets the size and the seed. */
export function fewTeamsOnMany(over: Pick<OrganizationSpec, 'projects' | 'workspaces' | 'seed'>): OrganizationSpec {
  return {
    organization: 'bench',
    teams: 4,
    teamsPerProject: 2,
    teamsPerWorkspace: 3,
    customShare: 0.2,
    secretShare: 0,
    organizationAccessShare: 0,
    addShare: 0.05,
    updateShare: 0.05,
    removeShare: 0.05,
    ...over,
  };
}
