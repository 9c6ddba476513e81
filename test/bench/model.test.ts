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
    // Read by team: 3 project lists, the probe, one page for each of the 121 teams (none has 100 workspace grants).
    expect(model.byTeamGrantRequests).toBe(3 + 1 + 121);
    expect(model.byTeamBound).toBe(3 + 1 + 121 + 2 + 1 + 3 + 10);
  });

  it("counts a page per 100 of a team's workspace grants, and one for a team without any", () => {
    const org = generateOrganization({
      organization: 'one',
      projects: 2,
      workspaces: 250,
      teams: 1,
      teamsPerProject: 1,
      teamsPerWorkspace: 1,
      customShare: 0,
      secretShare: 0,
      organizationAccessShare: 0,
      addShare: 0,
      updateShare: 0,
      removeShare: 0,
      seed: 1,
    });
    // team-0 has all 250 workspace grants (3 pages), owners none (1 page).
    expect(requestModel(org).byTeamGrantRequests).toBe(2 + 1 + 3 + 1);
  });
});
