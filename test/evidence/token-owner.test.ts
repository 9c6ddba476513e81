// Who a manifest says the token is (docs/evidence.md, "Evidence bundle"): type and name, never the token.
import { describe, expect, it } from 'vitest';
import { tokenOwner } from '../../src/evidence/token-owner.js';

const base = { userId: 'user-1', serviceAccount: false };

describe('tokenOwner', () => {
  it('names a user, a team (by the name read, else its id), an organization and a run; null when unknown', () => {
    const teams = [{ id: 'team-ci', name: 'ci' }];
    expect(tokenOwner({ ...base, kind: 'user', username: 'ana', resourceId: 'user-1' }, teams)).toEqual({ type: 'user', name: 'ana' });
    expect(tokenOwner({ ...base, kind: 'team', username: 'api-team_x', serviceAccount: true, resourceId: 'team-ci' }, teams)).toEqual({
      type: 'team',
      name: 'ci',
    });
    expect(tokenOwner({ ...base, kind: 'team', username: 'api-team_x', serviceAccount: true, resourceId: 'team-secret' }, teams)).toEqual({
      type: 'team',
      name: 'team-secret',
    });
    expect(tokenOwner({ ...base, kind: 'organization', username: 'api-org', resourceId: 'acme' }, teams)).toEqual({ type: 'organization', name: 'acme' });
    expect(tokenOwner({ ...base, kind: 'run', username: 'run', resourceId: 'run-1' }, teams)).toEqual({ type: 'run', name: 'run-1' });
    expect(tokenOwner(undefined, teams)).toBeNull();
  });
});
