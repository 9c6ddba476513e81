// A saved plan's token-policy changes and their basis back into the domain (docs/apply.md, "Saved
// plans"; format 6): each change's setting, before and after, and the live tokens it ends (never a
// secret: none is written). What the reader keeps must be all the file says: the caller compares
// the documents of what it read with the file's, so a value it would drop is an edit.
import { type ListedTokenType, type LiveToken, TOKEN_TYPES, type TokenEnds, type TokenPolicyChange, type TokenType } from '../core/token-policy.js';
import type { Reader } from './reader.js';
import type { BasisTokenPolicy } from './saved-plan.js';

const LISTED: readonly ListedTokenType[] = ['team', 'organization', 'audit-trails'];

const nullable = (reader: Reader, key: string): string | null => (reader.value[key] === null ? null : reader.string(key));

function tokenOf(reader: Reader): LiveToken {
  const type = reader.string('type');
  if (!(LISTED as readonly string[]).includes(type)) reader.fail(`${reader.at('type')} "${type}" is not a kind of token the run lists`);
  const team = reader.value.team === null ? undefined : reader.object('team');
  const name = team ? nullable(team, 'name') : null;
  return {
    id: reader.string('id'),
    type: type as ListedTokenType,
    ...(team ? { team: { id: team.string('id'), ...(name === null ? {} : { name }) } } : {}),
    description: nullable(reader, 'description'),
    createdAt: reader.string('created_at'),
    expiredAt: nullable(reader, 'expired_at'),
    lastUsedAt: nullable(reader, 'last_used_at'),
  };
}

function endsOf(reader: Reader): TokenEnds {
  if (reader.value.count === 'unknown') return { count: 'unknown' };
  return { count: reader.integer('count'), tokens: reader.objects('tokens').map(tokenOf) };
}

/** A limit in milliseconds, or null (a before the service did not set). */
const limit = (reader: Reader, key: string): number | null => (reader.value[key] === null ? null : reader.integer(key));

function changeOf(reader: Reader): TokenPolicyChange {
  if (reader.string('action') !== 'update') reader.fail(`${reader.at('action')} is not update (a policy is only ever updated)`);
  const ends = endsOf(reader.object('ends'));
  const setting = reader.string('setting');
  if (setting === 'user-tokens')
    return { action: 'update', setting, before: reader.value.before === null ? null : reader.boolean('before'), after: reader.boolean('after'), ends };
  if (setting !== 'max-ttl') return reader.fail(`${reader.at('setting')} "${setting}" is not max-ttl or user-tokens`);
  const type = reader.string('token_type');
  if (!(TOKEN_TYPES as readonly string[]).includes(type)) reader.fail(`${reader.at('token_type')} "${type}" is not a token type`);
  const after = limit(reader, 'after') ?? reader.fail(`${reader.at('after')} is null`);
  return { action: 'update', setting, type: type as TokenType, before: limit(reader, 'before'), after, ends };
}

export function tokenPolicyChangesOf(plan: Reader): TokenPolicyChange[] {
  return plan.objects('token_policy_changes').map(changeOf);
}

export function basisTokenPolicyOf(basis: Reader): BasisTokenPolicy {
  const policy = basis.object('token_policy');
  return { fingerprint: policy.string('fingerprint'), maxTokenRevocations: policy.integer('max_token_revocations') };
}
