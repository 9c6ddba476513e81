// What the emulator knows of each token beside whom it acts for (Store.tokens): its id, type,
// description, dates and maker, and each organization's token-lifetime policy (docs/api.md,
// "Tokens"). A token above its type's limit, or past its `expired-at`, stops working: 401.

/** The policy's token types, spelt as the policy spells them (docs/api.md, "Tokens": `audit_trails`). */
export const TTL_TOKEN_TYPES = ['organization', 'team', 'user', 'audit_trails', 'metrics'] as const;
export type TtlTokenType = (typeof TTL_TOKEN_TYPES)[number];

/** Who made a token, as `created-by` names it. */
export interface TokenMaker {
  readonly type: 'users' | 'teams' | 'organizations';
  readonly id: string;
}

export interface TokenRecord {
  readonly id: string;
  readonly secret: string;
  readonly org: string;
  readonly type: TtlTokenType;
  /** A team token's team. */
  readonly teamId?: string;
  /** null: the legacy, descriptionless team token, or an organization's. */
  readonly description: string | null;
  /** Epoch milliseconds, on the emulator's clock. */
  readonly createdAt: number;
  /** null: never expires. */
  readonly expiredAt: number | null;
  lastUsedAt: number | null;
  readonly createdBy: TokenMaker | null;
}

export interface TtlPolicy {
  readonly id: string;
  readonly type: TtlTokenType;
  maxTtlMs: number;
  readonly createdAt: number;
  updatedAt: number;
}

export class TokenBook {
  private readonly byId = new Map<string, TokenRecord>();
  private readonly bySecret = new Map<string, TokenRecord>();
  private readonly policies = new Map<string, Map<TtlTokenType, TtlPolicy>>();

  add(record: TokenRecord): TokenRecord {
    this.byId.set(record.id, record);
    this.bySecret.set(record.secret, record);
    return record;
  }

  get(id: string): TokenRecord | undefined {
    return this.byId.get(id);
  }

  ofSecret(secret: string): TokenRecord | undefined {
    return this.bySecret.get(secret);
  }

  remove(record: TokenRecord): void {
    this.byId.delete(record.id);
    this.bySecret.delete(record.secret);
  }

  /** Every record of `org`, in creation order. */
  ofOrg(org: string): TokenRecord[] {
    return [...this.byId.values()].filter((r) => r.org === org);
  }

  policiesOf(org: string): TtlPolicy[] {
    return [...(this.policies.get(org)?.values() ?? [])];
  }

  /** The limit of a type in `org`, when the organization set one. */
  limitOf(org: string, type: TtlTokenType): number | undefined {
    return this.policies.get(org)?.get(type)?.maxTtlMs;
  }

  /** Sets one type's limit (an upsert: the other types keep theirs). */
  setLimit(org: string, type: TtlTokenType, maxTtlMs: number, now: number, newId: () => string): TtlPolicy {
    const ofOrg = this.policies.get(org) ?? new Map<TtlTokenType, TtlPolicy>();
    this.policies.set(org, ofOrg);
    const known = ofOrg.get(type);
    if (known) return Object.assign(known, { maxTtlMs, updatedAt: now });
    const made: TtlPolicy = { id: newId(), type, maxTtlMs, createdAt: now, updatedAt: now };
    ofOrg.set(type, made);
    return made;
  }

  /**
   * Whether a token still works at `now`: not past its `expired-at`, not older than its
   * organization's limit for its type (docs/api.md, "Tokens": a lowered limit ends the older
   * tokens at once).
   */
  works(record: TokenRecord, now: number): boolean {
    if (record.expiredAt !== null && record.expiredAt <= now) return false;
    const limit = this.limitOf(record.org, record.type);
    return limit === undefined || now - record.createdAt <= limit;
  }
}
