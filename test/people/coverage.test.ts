// What a read of people could not see (docs/effective-access.md, "People"): a person's teams are
// those the token sees, so with people read and a token that does not see every team, every
// output is partial and says why; an owner's token, or no people read, changes nothing.
import { describe, expect, it } from 'vitest';
import type { LiveState, Viewer } from '../../src/core/model.js';
import { scopeOf } from '../../src/core/scope.js';
import { coverageOf } from '../../src/diff/completeness.js';
import { coverageDocument, reasonText } from '../../src/render/shared/coverage.js';
import { coverageAndScopeOf } from '../../src/saved-plan/parse-coverage.js';
import { Reader } from '../../src/saved-plan/reader.js';

const team = { id: 'team-dev', name: 'dev', visibility: 'organization', organizationAccess: {} };
const live = (viewer: Viewer, people: boolean): LiveState => ({
  organization: 'acme',
  teams: new Map([[team.id, team]]),
  targets: new Map(),
  viewer,
  ...(people ? { people: { people: [], hidden: new Map() } } : {}),
});
const member: Viewer = {
  identity: { kind: 'user', userId: 'user-1', username: 'ana', serviceAccount: false, resourceId: 'user-1' },
  seesEveryTeam: false,
  teams: [team],
};
const owner: Viewer = {
  identity: { kind: 'organization', userId: 'user-org', username: 'api-org-acme', serviceAccount: true, resourceId: 'acme' },
  seesEveryTeam: true,
  teams: [],
};

describe('people in coverage', () => {
  it('people read with a token that does not see every team: partial, and why', () => {
    const coverage = coverageOf(live(member, true));
    expect(coverage).toEqual({ complete: false, reasons: [{ code: 'people-teams-unseen' }] });
    expect(reasonText({ code: 'people-teams-unseen' })).toMatch(/membership of a secret team it is not in/);
  });

  it("an owner's token, or no people read: as before", () => {
    expect(coverageOf(live(owner, true))).toEqual({ complete: true, reasons: [] });
    expect(coverageOf(live(member, false))).toEqual({ complete: true, reasons: [] });
  });

  it('a saved plan reads the reason back as written', () => {
    const coverage = coverageOf(live(member, true));
    const scope = scopeOf({});
    const document = { ...coverageDocument(coverage, scope) };
    const back = coverageAndScopeOf(Reader.of('plan.json', document, ''), { targets: [] } as unknown as Parameters<typeof coverageAndScopeOf>[1], undefined);
    expect(back.coverage).toEqual(coverage);
  });
});
