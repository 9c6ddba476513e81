// Token lifetimes as code (docs/files.md, "`token-policy`"): the organization's maximum lifetime per
// token type and whether people's own tokens reach it, as the files want it and as read; the tokens
// read (never a secret); and a change of the policy with the live tokens it would end. Plain data.
import type { Attribution } from './audit.js';

/** The policy's token types, as the files spell them (docs/api.md, "Tokens": the wire says `audit_trails`). */
export const TOKEN_TYPES = ['organization', 'team', 'user', 'audit-trails', 'metrics'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** The limits by type, in milliseconds; a type left out has none the files or the service set. */
export type MaxTtl = { readonly [T in TokenType]?: number };

/** The kinds of token the run can list (docs/api.md, "Tokens"): a team's, and the organization's two. */
export type ListedTokenType = 'team' | 'organization' | 'audit-trails';

/** A token as read: when and by what it was made, when it ends, when it was last used; never its secret. */
export interface LiveToken {
  readonly id: string;
  readonly type: ListedTokenType;
  /** A team token's team (its name when the run knows the team). */
  readonly team?: { readonly id: string; readonly name?: string };
  readonly description: string | null;
  readonly createdAt: string;
  /** null: no expiry (docs/api.md, "Tokens": older tokens have none). */
  readonly expiredAt: string | null;
  readonly lastUsedAt: string | null;
}

export interface LiveTokenPolicy {
  readonly maxTtl: MaxTtl;
  /** `user-tokens-enabled` of the organization, when the service reports it. */
  readonly userTokens?: boolean;
}

/** The policy and the tokens the caller can list; `teamTokensListed` false: the server has no team-token list. */
export interface LiveTokens {
  readonly policy: LiveTokenPolicy;
  readonly tokens: readonly LiveToken[];
  readonly teamTokensListed: boolean;
}

/** The tokens the caller can list, without the policy (what the report and a `max-token-age` policy read). */
export type ListedTokens = Pick<LiveTokens, 'tokens' | 'teamTokensListed'>;

/** What a change of the policy would end: the live tokens counted, or `unknown` (user and metrics tokens: docs/api.md, "Tokens"). */
export type TokenEnds = { readonly count: number; readonly tokens: readonly LiveToken[] } | { readonly count: 'unknown' };

interface TokenChangeBase {
  /** A policy is never created or deleted: every change sets one of its settings (`PATCH`). */
  readonly action: 'update';
  readonly ends: TokenEnds;
  /** docs/drift.md, "Who changed it": the audit trail records no policy change (docs/api.md, "Tokens"). */
  readonly attribution?: Attribution;
}

/** One setting of the policy a change moves: a type's limit, or the user-tokens switch. */
export type TokenPolicyChange =
  | (TokenChangeBase & { readonly setting: 'max-ttl'; readonly type: TokenType; readonly before: number | null; readonly after: number })
  | (TokenChangeBase & { readonly setting: 'user-tokens'; readonly before: boolean | null; readonly after: boolean });

/** A change's name in the plan's documents and words: `max-ttl.team`, `user-tokens`. */
export const tokenSettingName = (change: TokenPolicyChange): string => (change.setting === 'max-ttl' ? `max-ttl.${change.type}` : 'user-tokens');

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const DURATION = /^([1-9][0-9]{0,5})([dh])$/;

/** `90d`, `12h` -> milliseconds; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match?.[1]) return undefined;
  return Number(match[1]) * (match[2] === 'd' ? DAY_MS : HOUR_MS);
}

/** Milliseconds as the files write them: days when whole, else hours, else milliseconds. */
export function formatDuration(ms: number): string {
  if (ms % DAY_MS === 0) return `${ms / DAY_MS}d`;
  if (ms % HOUR_MS === 0) return `${ms / HOUR_MS}h`;
  return `${ms}ms`;
}

/** The counted tokens' total across changes (the guard's input); unknown counts add nothing. */
export function tokensEnded(changes: readonly TokenPolicyChange[]): LiveToken[] {
  const seen = new Map<string, LiveToken>();
  for (const change of changes) if (change.ends.count !== 'unknown') for (const token of change.ends.tokens) seen.set(token.id, token);
  return [...seen.values()];
}

/** What applying a policy change needs of the API (the client satisfies it: api/client.ts). */
export interface TokenPolicyApi {
  /** One type's limit (`PATCH /organizations/:org/token-ttl-policies`, an upsert of the types sent). */
  setMaxTtl(organization: string, type: TokenType, ms: number): Promise<void>;
  /** `user-tokens-enabled` of the organization. */
  setUserTokens(organization: string, enabled: boolean): Promise<void>;
}
