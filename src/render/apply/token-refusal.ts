// The one line apply prints when the service refuses a write for the token's rights (docs/apply.md,
// "Apply"): who the token is (GET /account/details; docs/api.md, "Account details"), what was
// refused, and what the token lacks. Pure.
import type { TokenIdentity } from '../../core/identity.js';
import type { TargetType } from '../../core/model.js';
import { printable, quote } from '../../core/printable.js';
import type { RefusalFacts } from '../../core/write-refusal.js';

/**
 * Who may change a target's team access (docs/api.md, "Seed: authentication" 3 and 4; "Seed: what
 * the service does": the organization's manage permissions give admin on every project or workspace;
 * "Seed: access levels": maintain and admin on a project give admin on its workspaces and
 * `project-access.teams: manage` manages its team access).
 */
const NEEDS: { readonly [T in TargetType]: string } = {
  project:
    'admin on the project (or a custom grant with project-access.teams: manage), or the organization permission manage-projects, or an owners-team or organization token',
  workspace:
    'admin on the workspace (or maintain or admin on its project), or the organization permission manage-workspaces or manage-projects, or an owners-team or organization token',
};

function whose(identity: TokenIdentity | undefined, teamName: string | undefined): string {
  if (identity === undefined) return 'whose, the server did not say';
  switch (identity.kind) {
    case 'team':
      return `team ${teamName === undefined ? identity.resourceId : quote(teamName)}'s token, service user ${quote(identity.username)}`;
    case 'organization':
      return `organization ${quote(identity.resourceId)}'s token`;
    case 'user':
      return `user ${quote(identity.username)}'s token`;
    case 'run':
      return `the token of run ${identity.resourceId}`;
  }
}

function answered(facts: RefusalFacts): string {
  const { refusal, target } = facts;
  const head = `the service answered ${refusal.status} to ${refusal.request}`;
  if (refusal.status !== 404) return `${head} (refused)`;
  if (refusal.certain) return `${head} and the grant is still there (refused: the service answers 404 for "not allowed")`;
  return `${head} (refused or not found: the service answers 404 for both; the team or the ${target.type} may also be gone)`;
}

/** `the token (team "ci"'s token, ...) may not change team access on workspace "net": ...; the token needs ...` */
export function refusalLine(facts: RefusalFacts): string {
  const { target } = facts;
  // Names and the username come from the server and the files: one line, whatever they hold.
  return printable(
    `the token (${whose(facts.identity, facts.teamName)}) may not change team access on ${target.type} ${quote(target.name)}: ${answered(facts)}; the token needs ${NEEDS[target.type]}. No further change was started.`,
  );
}
