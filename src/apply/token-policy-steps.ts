// One token-policy change carried through to a typed outcome (docs/apply.md, "Token policy"): a
// type's limit is one PATCH of the policy list with that type alone (an upsert: docs/api.md,
// "Tokens"), the user-tokens switch one PATCH of the organization.
import type { TokenPolicyOutcome } from '../core/apply-outcome.js';
import type { TokenPolicyApi, TokenPolicyChange } from '../core/token-policy.js';
import { permanence, reasonOf, refusalOf } from './trouble.js';

/** Never throws: a failure is the change's outcome. */
export async function runTokenPolicyChange(api: TokenPolicyApi, organization: string, change: TokenPolicyChange): Promise<TokenPolicyOutcome> {
  try {
    if (change.setting === 'max-ttl') await api.setMaxTtl(organization, change.type, change.after);
    else await api.setUserTokens(organization, change.after);
    return { status: 'applied', change };
  } catch (error: unknown) {
    const refused = refusalOf(error, false);
    return { status: 'failed', change, reason: reasonOf(error), ...(refused ? { refused } : {}), ...permanence(error) };
  }
}
