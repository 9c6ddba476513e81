// The team-token list's filter and sort (docs/api.md, "Tokens"). The filter's name differs between
// the docs (`filter[status]`) and the spec (`filter[expiry_status]`): the emulator takes both, as a
// client that sends one cannot know which a server reads; values comma-separated, combined with OR.
import type { TokenRecord } from './token-book.js';

export const EXPIRY_STATUSES = ['active', 'expiring_in_7_days', 'expiring_in_30_days', 'expired', 'no_expiration'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];
const DAY_MS = 24 * 3600 * 1000;

/** The statuses asked for; undefined: no filter; 'invalid': a value outside the list. */
export function readStatusFilter(query: URLSearchParams): ReadonlySet<ExpiryStatus> | undefined | 'invalid' {
  const raw = query.get('filter[expiry_status]') ?? query.get('filter[status]');
  if (raw === null) return undefined;
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (!values.every((v): v is ExpiryStatus => (EXPIRY_STATUSES as readonly string[]).includes(v))) return 'invalid';
  return new Set(values);
}

/** Whether a token is in a status at `now`: `active` is not expired, `expiring_in_N_days` within N days from now. */
function inStatus(record: TokenRecord, status: ExpiryStatus, now: number): boolean {
  const at = record.expiredAt;
  switch (status) {
    case 'no_expiration':
      return at === null;
    case 'expired':
      return at !== null && at <= now;
    case 'active':
      return at === null || at > now;
    case 'expiring_in_7_days':
      return at !== null && at > now && at <= now + 7 * DAY_MS;
    case 'expiring_in_30_days':
      return at !== null && at > now && at <= now + 30 * DAY_MS;
  }
}

export function filterByStatus(records: readonly TokenRecord[], statuses: ReadonlySet<ExpiryStatus> | undefined, now: number): TokenRecord[] {
  if (statuses === undefined) return [...records];
  return records.filter((r) => [...statuses].some((s) => inStatus(r, s, now)));
}

type SortKey = (record: TokenRecord, teamName: (r: TokenRecord) => string) => string | number;

// A token that never expires sorts last by expiry; one never used, first by last use.
const SORT_KEYS: Readonly<Record<string, SortKey>> = {
  'created-by': (r) => r.createdBy?.id ?? '',
  'expired-at': (r) => r.expiredAt ?? Number.MAX_SAFE_INTEGER,
  'last-used-at': (r) => r.lastUsedAt ?? 0,
  'team-name': (r, teamName) => teamName(r),
};

/** `sort=KEY` or `-KEY`; none: by ascending expiry (docs/api.md, "Tokens", the legacy section's order). */
export function sortTokens(records: readonly TokenRecord[], sort: string | null, teamName: (r: TokenRecord) => string): TokenRecord[] | 'invalid' {
  const wanted = sort ?? 'expired-at';
  const descending = wanted.startsWith('-');
  const key = SORT_KEYS[descending ? wanted.slice(1) : wanted];
  if (key === undefined) return 'invalid';
  const sign = descending ? -1 : 1;
  return [...records].sort((a, b) => {
    const x = key(a, teamName);
    const y = key(b, teamName);
    return x < y ? -sign : x > y ? sign : 0;
  });
}
