// A write the service refused for the token's rights, as apply met it: plain data that the
// executor stops on and the renderer phrases (render/apply/token-refusal.ts, from RefusalFacts). The service answers 404
// for "not allowed" as for "not found" (docs/api.md, "Seed: authentication" 5), some releases 403.
import type { TokenIdentity } from './identity.js';
import type { TargetType } from './model.js';

export interface WriteRefusal {
  /** The request refused: method and path (`PATCH /team-workspaces/tws-1`), never a token. */
  readonly request: string;
  /** 403, or 404. */
  readonly status: number;
  /**
   * True when nothing but the token's rights explains the answer: a 403, or a 404 for a grant that
   * reading the target again still shows. False for a 404 of a POST, which the answer alone cannot
   * tell from a team or target that is gone: said as "refused or not found".
   */
  readonly certain: boolean;
}

/** Who the token is, as far as the run knows: GET /account/details, and its team's name. */
export interface TokenHolder {
  /** Undefined when the server did not say (no endpoint, or its answer failed). */
  readonly identity: TokenIdentity | undefined;
  /** The name of the token's team, when the token is a team's and the run knows the team. */
  readonly teamName?: string | undefined;
}

/** What the line of a refused write says (render/apply/token-refusal.ts): the target, the refusal, who the token is. */
export interface RefusalFacts extends TokenHolder {
  readonly target: { readonly type: TargetType; readonly name: string };
  readonly refusal: WriteRefusal;
}
