// A wrong `organization:` said as such, not as the 404 of a teams URL (docs/api.md, "Name
// resolution"): every list the lookups read is under the organization, so its 404 may mean the
// organization is not there, or not visible to the token.
import { isRemoteError } from '../api/errors/remote-error.js';
import type { DesiredState } from '../core/desired-state.js';
import { quote } from '../core/printable.js';
import { didYouMean } from '../core/suggest.js';
import { CLIError } from '../errors.js';
import { placeOf } from '../load/problem.js';

/** The one call the did-you-mean needs; a reader without it (a token that may not list organizations, a test's fake) says no guess. */
export interface OrganizationLister {
  listOrganizations?(): Promise<string[]>;
}

/**
 * An organization the token does not reach, from the 404 of a list under it: one line at the place
 * of `organization:` (nothing else can be resolved without it), with a did-you-mean when the token
 * may list organizations. Undefined when the error is something else, or when the organization is
 * listed after all (then the 404 has another cause, shown as it is).
 */
export async function organizationError(
  client: OrganizationLister,
  desired: Pick<DesiredState, 'organization' | 'organizationSource'>,
  error: unknown,
): Promise<CLIError | undefined> {
  const organization = desired.organization;
  if (!isRemoteError(error, 404) || !error.path.startsWith(`/organizations/${encodeURIComponent(organization)}/`)) return undefined;
  const visible = await client.listOrganizations?.().catch(() => undefined);
  if (visible?.includes(organization)) return undefined;
  const where = desired.organizationSource ? `${placeOf(desired.organizationSource)}: ` : '';
  return new CLIError(
    `${where}organization ${quote(organization)} not found (or not visible to this token).${visible ? didYouMean(organization, visible) : ''}`,
  );
}
