// Issue 38, Build 4: a review's revokes are their own typed values (core/review.ts, Revocation),
// taken out of the files by adopt/revoke.ts through adopt's placers and editor: a person out of a
// team's members, a power off in its organization-access, a grant out of its entry; every other
// byte kept, and one the files cannot take out said with the revocation it belongs to.
import { describe, expect, it } from 'vitest';
import { stateOfTexts } from '../../src/adopt/files-state.js';
import { revokeInFiles } from '../../src/adopt/revoke.js';
import type { Revocation } from '../../src/core/review.js';

const TEXT = `organization: acme
teams:
  sre:
    organization-access: { manage-workspaces: true, manage-projects: true }
    members:
      - ana@acme.test
      - bo@acme.test   # on call
workspaces:
  app-prod:
    teams:
      sre: admin
      dev: read
`;

function revoked(revocations: Revocation[]) {
  const loaded = stateOfTexts([{ path: 'access.yaml', text: TEXT }]);
  if ('problems' in loaded) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  const result = revokeInFiles({ files: [{ path: 'access.yaml', text: TEXT }], state: loaded.state, pruned: new Set(['ws-app']) }, revocations);
  return { after: result.adopted.adoption.edits[0]?.after ?? TEXT, notRevoked: result.notRevoked };
}

const SRE = { id: 'team-sre', name: 'sre' };

describe('revokeInFiles', () => {
  it('takes a person out of members, a power off and a grant out of its entry, every other byte kept', () => {
    const { after, notRevoked } = revoked([
      { kind: 'member', team: SRE, email: 'ana@acme.test' },
      { kind: 'power', team: SRE, flag: 'manage-projects' },
      { kind: 'grant', team: { id: 'team-dev', name: 'dev' }, target: { type: 'workspace', name: 'app-prod', id: 'ws-app' }, access: { access: 'read' } },
    ]);
    expect(notRevoked).toEqual([]);
    expect(after).toBe(
      TEXT.replace('      - ana@acme.test\n', '')
        .replace('{ manage-workspaces: true, manage-projects: true }', '{ manage-workspaces: true }')
        .replace('      dev: read\n', ''),
    );
  });

  it('a revocation the files cannot carry out is named with why', () => {
    const ghost: Revocation = { kind: 'member', team: { id: 'team-qa', name: 'qa' }, email: 'cy@acme.test' };
    const { after, notRevoked } = revoked([ghost]);
    expect(after).toBe(TEXT);
    expect(notRevoked).toEqual([{ revocation: ghost, detail: expect.any(String) }]);
  });
});
