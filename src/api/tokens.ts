// The client's tokens (docs/api.md, "Tokens"): the organization's token-lifetime policy and
// `user-tokens-enabled`, every team token the caller can list, the organization and audit-trail
// tokens' existence and expiry (never a secret: the translation reads none), and the policy's
// writes. The TfeClient delegates here, so that it satisfies TokenPolicyApi without knowing the wire.
import type { LiveToken, LiveTokens, TokenPolicyApi, TokenType } from '../core/token-policy.js';
import { orAbsent } from './errors/remote-error.js';
import type { Exchange } from './exchange.js';
import { maxTtlBody, maxTtlFrom, organizationTokenFrom, teamTokensFromList, userTokensBody, userTokensFrom } from './translate-token.js';

const org = (name: string): string => `/organizations/${encodeURIComponent(name)}`;

export class TokenRequests implements TokenPolicyApi {
  constructor(private readonly exchange: Exchange) {}

  /**
   * The policy (a 404 or 403 is a RemoteError for the caller to phrase: no policy on this server,
   * or a caller outside owners), then the tokens the caller can list; a list or token the server
   * lacks is left out, and `teamTokensListed` says whether team tokens were.
   */
  async read(organization: string): Promise<LiveTokens> {
    const maxTtl = await this.exchange.one({ method: 'GET', path: `${org(organization)}/token-ttl-policies` }, maxTtlFrom);
    const userTokens = await orAbsent(this.exchange.one({ method: 'GET', path: org(organization) }, userTokensFrom));
    return { policy: { maxTtl, ...(userTokens === undefined ? {} : { userTokens }) }, ...(await this.list(organization)) };
  }

  /** Every token the caller can list (the report's, docs/effective-access.md, "Tokens"): what the server or the caller lacks is left out. */
  async list(organization: string): Promise<Pick<LiveTokens, 'tokens' | 'teamTokensListed'>> {
    const team = await orAbsent(this.exchange.listAll({ method: 'GET', path: `${org(organization)}/team-tokens` }, teamTokensFromList));
    const own = (type: 'organization' | 'audit-trails'): Promise<LiveToken | undefined> =>
      orAbsent(
        this.exchange.one(
          { method: 'GET', path: `${org(organization)}/authentication-token`, ...(type === 'audit-trails' ? { query: { token: 'audit-trails' } } : {}) },
          organizationTokenFrom(type),
        ),
      );
    const owned = [await own('organization'), await own('audit-trails')].filter((t): t is LiveToken => t !== undefined);
    return { tokens: [...(team ?? []), ...owned], teamTokensListed: team !== undefined };
  }

  async setMaxTtl(organization: string, type: TokenType, ms: number): Promise<void> {
    await this.exchange.session.request({ method: 'PATCH', path: `${org(organization)}/token-ttl-policies`, body: maxTtlBody(type, ms) });
  }

  async setUserTokens(organization: string, enabled: boolean): Promise<void> {
    await this.exchange.session.request({ method: 'PATCH', path: org(organization), body: userTokensBody(enabled) });
  }
}
