// lookup -> resolve (docs/architecture.md, "The pipeline"): the organization read for the names of
// the files (src/lookup/), then the names matched over it (src/resolve/, pure). Expansion and the
// rest of the plan are assemble/'s, pure over what was read.

import { nameProblemsError } from '../../assemble/name-problems.js';
import type { FilesState } from '../../core/desired-state.js';
import type { OrganizationRead } from '../../core/organization.js';
import type { Resolved } from '../../core/resolved.js';
import { lookUpNames, type NameReader } from '../../lookup/names.js';
import { resolveNames } from '../../resolve/resolve-names.js';

/** The names of `desired` over the organization as read, or one error naming every problem. */
export function resolvedOver(desired: FilesState, org: OrganizationRead): Resolved {
  const { resolved, problems } = resolveNames(desired, org);
  if (problems.length > 0) throw nameProblemsError(problems);
  return resolved;
}

/** Name resolution: the lookup's reads, then the names matched over them. */
export async function resolveFrom(client: NameReader, desired: FilesState): Promise<Resolved> {
  return resolvedOver(desired, await lookUpNames(client, desired));
}
