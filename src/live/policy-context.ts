// The lists the policies select from (docs/effective-access.md, "Policies", "What checking costs"):
// every workspace and project of the organization a policy's match selects, read with the lists
// sets use (src/lookup/catalog.ts: pages of 100, the key-value tags only when a match needs them),
// or the plan's own when it is whole and has the tags they match. Which targets they select, and
// the grants of those the run has not listed, are assemble/policy-context.ts's (pure) and
// pipeline/reads/gather.ts's. Nothing is read when the files have no policy with a match.
import type { Project } from '../core/model.js';
import type { SetCatalog } from '../core/organization.js';
import type { DesiredPolicy } from '../core/policy.js';
import type { Resolved } from '../core/resolved.js';
import { namesTags } from '../core/set-criteria.js';
import { type CatalogReader, readCatalog } from '../lookup/catalog.js';
import { policySets } from '../policy/check.js';

/** The calls the policies' lists need. */
export interface PolicyReader extends CatalogReader {
  listProjects(organization: string): Promise<readonly Project[]>;
}

/** What the run knows of the organization: its name and, with sets, the lists they were expanded from. */
type KnownCatalog = Pick<Resolved, 'organization' | 'catalog'>;

/** The workspaces as the policies need them: the plan's own list when it is whole and has the tags they match. */
async function catalogFor(client: PolicyReader, resolved: KnownCatalog, policies: readonly DesiredPolicy[], projects: readonly Project[]): Promise<SetCatalog> {
  const sets = policySets(policies);
  const tags = sets.some((s) => s.type === 'workspace' && namesTags(s.match));
  const own = resolved.catalog;
  if (own?.complete && (own.keyValueTags || !tags)) return own;
  return readCatalog(client, resolved.organization, sets, projects);
}

/** The lists the policies select from (the catalog's, read as sets read them): what their names are checked against, before any grant is read. */
export async function readPolicyLists(client: PolicyReader, resolved: KnownCatalog, policies: readonly DesiredPolicy[]): Promise<SetCatalog> {
  const projects = resolved.catalog?.projects ?? (await client.listProjects(resolved.organization));
  return catalogFor(client, resolved, policies, projects);
}
