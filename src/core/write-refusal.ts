// A write the service refused for the token's rights, as apply met it: plain data that the
// executor stops on and the renderer phrases (render/token-refusal.ts). The service answers 404
// for "not allowed" as for "not found" (docs/api.md, "Seed: authentication" 5), some releases 403.

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
