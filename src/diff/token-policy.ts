// The token policy's diff (docs/files.md, "`token-policy`"): each limit and the user-tokens switch the
// files set that the live policy does not have, with the live tokens each change ends at once (a
// lowered limit ends every token of its type older than it: docs/api.md, "Tokens"). Pure: the run's
// clock is given.

import type { DesiredTokenPolicy } from '../core/desired-state.js';
import type { Team } from '../core/model.js';
import { type LiveToken, type LiveTokens, TOKEN_TYPES, type TokenEnds, type TokenPolicyChange, type TokenType } from '../core/token-policy.js';

/** The types whose tokens the run can list; the others' ends are unknown (user, metrics). */
const LISTED: { readonly [T in TokenType]?: LiveToken['type'] } = { team: 'team', organization: 'organization', 'audit-trails': 'audit-trails' };

/** docs/api.md, "Tokens": a limit counts from a token's `created-at`. */
function endsOf(type: TokenType, before: number | null, after: number, live: LiveTokens, now: number | undefined): TokenEnds {
  if (before !== null && after >= before) return { count: 0, tokens: [] };
  const listed = LISTED[type];
  if (listed === undefined || now === undefined || (listed === 'team' && !live.teamTokensListed)) return { count: 'unknown' };
  const tokens = live.tokens.filter((t) => t.type === listed && now - Date.parse(t.createdAt) > after);
  return { count: tokens.length, tokens };
}

/** A team token's team with its name, as the run knows the teams. */
function named(token: LiveToken, teams: ReadonlyMap<string, Team>): LiveToken {
  const team = token.team && teams.get(token.team.id);
  return team && token.team ? { ...token, team: { id: token.team.id, name: team.name } } : token;
}

/** The live tokens with their teams' names (what every output names a token by). */
export function namedTokens(live: LiveTokens, teams: ReadonlyMap<string, Team>): LiveTokens {
  return { ...live, tokens: live.tokens.map((t) => named(t, teams)) };
}

/** The policy's changes, in TOKEN_TYPES' order then the switch: the same state always gives the same plan. */
export function diffTokenPolicy(desired: DesiredTokenPolicy, live: LiveTokens, now: number | undefined): TokenPolicyChange[] {
  const changes: TokenPolicyChange[] = [];
  for (const type of TOKEN_TYPES) {
    const after = desired.maxTtl[type];
    const before = live.policy.maxTtl[type] ?? null;
    if (after === undefined || after === before) continue;
    changes.push({ action: 'update', setting: 'max-ttl', type, before, after, ends: endsOf(type, before, after, live, now) });
  }
  // A service that does not report the switch has it on (user tokens reach every organization unless turned off).
  const userTokens = live.policy.userTokens ?? true;
  if (desired.userTokens !== undefined && desired.userTokens !== userTokens) {
    const ends: TokenEnds = desired.userTokens ? { count: 0, tokens: [] } : { count: 'unknown' };
    changes.push({ action: 'update', setting: 'user-tokens', before: live.policy.userTokens ?? null, after: desired.userTokens, ends });
  }
  return changes;
}
