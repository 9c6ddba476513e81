// The token policy of a plan (docs/files.md, "`token-policy`"), over what was read: the policy and
// the tokens only when the files have `token-policy:`; a server without the policy, or a token
// outside owners, is one line and nothing changed.
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import type { TokensRead } from '../core/run-reads.js';
import { CLIError } from '../errors.js';

export const needsTokens = (desired: DesiredState): boolean => desired.tokenPolicy !== undefined;

function refused(desired: DesiredState, status: number): CLIError {
  const at = desired.tokenPolicy?.source;
  const where = at ? ` at ${at.file}:${at.line}:${at.col}` : '';
  const why =
    status === 403
      ? 'only the owners team (or the organization token) may read the token policy'
      : 'the server has no token-lifetime policy (HCP Terraform, or Terraform Enterprise v2.0.1 or later), or the token is no member of the organization';
  return new CLIError(
    `the files manage the token policy (token-policy${where}), and the server answered ${status} to GET /organizations/${desired.organization}/token-ttl-policies: ${why}; nothing was changed`,
  );
}

/** `live` with the token policy and the tokens read; throws a one-line error when the service refused the policy. */
export function withTokens(desired: DesiredState, live: LiveState, read: TokensRead): LiveState {
  if (read.kind === 'refused') throw refused(desired, read.status);
  return { ...live, tokens: read.tokens };
}
