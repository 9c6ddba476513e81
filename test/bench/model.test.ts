// The request counts the benchmark judges against, on a hand-countable organization.
import { describe, expect, it } from 'vitest';
import { generateOrganization } from '../../bench/generate/index.js';
import { requestModel } from '../../bench/reconcile/model.js';

describe('requestModel', () => {
  it('counts the bound from the organization and the provider model from the desired grants', () => {
    const org = generateOrganization({
      organization: 'count',
      projects: 3,
      workspaces: 250,
      teams: 120,
      teamsPerProject: 2,
      teamsPerWorkspace: 1,
      customShare: 0,
      secretShare: 0,
      organizationAccessShare: 0,
      addShare: 0,
      updateShare: 0,
      removeShare: 0,
      seed: 1,
    });
    const teamsReferenced = new Set(org.grants.map((g) => g.team)).size;
    const model = requestModel(org);
    // 253 grant lists; teams 121 (owners too) -> 2 pages; projects 4 (Default Project too) -> 1; workspaces 250 -> 3.
    expect(model.bound).toBe(253 + 2 + 1 + 3 + 10);
    expect(model.provider).toBe(3 * 2 + 250 + teamsReferenced + 3 + 250);
  });
});
