// The line of a write refused for the token's rights: who the token is, what was refused and how
// surely, what it lacks on that kind of target.
import { describe, expect, it } from 'vitest';
import type { TokenIdentity } from '../../core/identity.js';
import { refusalLine } from './token-refusal.js';

const WS = { type: 'workspace', name: 'net' } as const;
const PRJ = { type: 'project', name: 'platform' } as const;
const NOT_FOUND_POST = { request: 'POST /team-workspaces', status: 404, certain: false };
const TEAM: TokenIdentity = { kind: 'team', userId: 'user-1', username: 'api-team_abc123', serviceAccount: true, resourceId: 'team-ro' };

describe('refusalLine', () => {
  it("names a team token by its team's name and what a workspace needs", () => {
    const line = refusalLine({ target: WS, refusal: NOT_FOUND_POST, identity: TEAM, teamName: 'ci-readonly' });
    expect(line).toMatch(/^the token \(team "ci-readonly"'s token, service user "api-team_abc123"\) may not change team access on workspace "net": /);
    expect(line).toContain('the service answered 404 to POST /team-workspaces (refused or not found');
    expect(line).toMatch(
      /needs admin on the workspace \(or maintain or admin on its project\), or the organization permission manage-workspaces or manage-projects, or an owners-team or organization token/,
    );
  });

  it('a team whose name the run does not know is named by its id', () => {
    expect(refusalLine({ target: WS, refusal: NOT_FOUND_POST, identity: TEAM })).toContain("(team team-ro's token, ");
  });

  it('each kind of token, and none known', () => {
    const of = (identity: TokenIdentity | undefined): string => refusalLine({ target: PRJ, refusal: NOT_FOUND_POST, identity });
    expect(of({ kind: 'organization', userId: 'user-2', username: 'api-org-acme-x', serviceAccount: true, resourceId: 'acme' })).toContain(
      '(organization "acme"\'s token)',
    );
    expect(of({ kind: 'user', userId: 'user-3', username: 'jo', serviceAccount: false, resourceId: 'user-3' })).toContain('(user "jo"\'s token)');
    expect(of({ kind: 'run', userId: 'user-4', username: 'api-run', serviceAccount: true, resourceId: 'run-9' })).toContain('(the token of run run-9)');
    expect(of(undefined)).toContain('(whose, the server did not say)');
  });

  it('what a project needs', () => {
    expect(refusalLine({ target: PRJ, refusal: NOT_FOUND_POST, identity: undefined })).toMatch(
      /needs admin on the project \(or a custom grant with project-access\.teams: manage\), or the organization permission manage-projects, or an owners-team or organization token/,
    );
  });

  it('says a 403 and a 404 of a grant still there are refusals, not "or not found"', () => {
    const forbidden = refusalLine({ target: WS, refusal: { request: 'DELETE /team-workspaces/tws-1', status: 403, certain: true }, identity: undefined });
    expect(forbidden).toContain('answered 403 to DELETE /team-workspaces/tws-1 (refused)');
    const stillThere = refusalLine({ target: WS, refusal: { request: 'PATCH /team-workspaces/tws-1', status: 404, certain: true }, identity: undefined });
    expect(stillThere).toContain('answered 404 to PATCH /team-workspaces/tws-1 and the grant is still there (refused');
    for (const line of [forbidden, stillThere]) expect(line).not.toContain('not found');
  });

  it('is one line whatever the server calls its user', () => {
    const line = refusalLine({ target: WS, refusal: NOT_FOUND_POST, identity: { ...TEAM, username: 'evil\n::error::x\u001b[2J' }, teamName: 'ci\r\nreadonly' });
    for (const control of ['\n', '\r', '\u001b']) expect(line).not.toContain(control);
  });
});
