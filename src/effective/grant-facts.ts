// What the report adds to a cell's grant sources (docs/evidence.md, "Correct cells"): the sources
// that make a grant moot (`shadowedBy`), and with the desired-state files whether they govern the
// grant (`managed`) and when they end it (`expires`). Pure.
import { type AccessSource, type EffectiveCell, type GrantFacts, organizationWide } from '../core/effective.js';
import { RESOURCE_OF } from '../core/model.js';
import type { Contribution } from './compute.js';
import { covers } from './vector.js';

/** What the files say of grants, by team and target id (pipeline/use-cases/report.ts builds it from the files as a plan expands them). */
export interface FilesGrants {
  /** `teamId\u0000targetId` of every grant the files give (an ended one included: the plan removes it). */
  readonly listed: ReadonlySet<string>;
  /** Targets the files prune: a grant of a team they do not list there is one they would remove. */
  readonly pruned: ReadonlySet<string>;
  /** Teams the files never touch (`ignore-teams`). */
  readonly ignored: ReadonlySet<string>;
  /** When the files end a grant (RFC 3339), by `teamId\u0000targetId`. */
  readonly ends: ReadonlyMap<string, string>;
}

export const grantKey = (teamId: string, targetId: string): string => `${teamId}\u0000${targetId}`;

/** What may make a grant moot: the organization-wide sources, and for a workspace grant the project grant too. */
function mayShadow(grant: AccessSource, other: AccessSource): boolean {
  return organizationWide(other) || (grant.kind === 'workspace' && other.kind === 'project');
}

/** The sources that make `one` moot: each that does alone, else all that may when together they do; empty when it is not moot. */
function shadowsOf(cell: EffectiveCell, all: readonly Contribution[], one: Contribution): AccessSource[] {
  const resource = RESOURCE_OF[cell.target.type];
  const candidates = all.filter((c) => c !== one && mayShadow(one.source, c.source));
  // The owners team can do everything (docs/evidence.md, "Who can"): a grant of its own adds nothing,
  // whatever the access tables leave unsaid of its admin (variable-sets, policy-overrides).
  const owners = candidates.find((c) => c.source.kind === 'owners');
  if (owners) return [owners.source];
  const enough = (group: readonly Contribution[]): boolean => (!one.admin || group.some((c) => c.admin)) && covers(resource, group, one);
  const alone = candidates.filter((c) => enough([c]));
  if (alone.length > 0) return alone.map((c) => c.source);
  return candidates.length > 0 && enough(candidates) ? candidates.map((c) => c.source) : [];
}

function filesFacts(cell: EffectiveCell, source: AccessSource, files: FilesGrants | undefined): GrantFacts {
  if (!files || (source.kind !== 'project' && source.kind !== 'workspace')) return {};
  const targetId = source.kind === 'project' ? source.id : cell.target.id;
  const key = grantKey(cell.team.id, targetId);
  const managed = files.listed.has(key) || (files.pruned.has(targetId) && !files.ignored.has(cell.team.id));
  const expires = files.ends.get(key);
  return { managed, ...(expires === undefined ? {} : { expires }) };
}

/** The cell with its grant sources' facts; `contributions` are its sources in order (`EffectiveIndex.sourcesOf`). */
export function withGrantFacts(cell: EffectiveCell, contributions: readonly Contribution[], files?: FilesGrants): EffectiveCell {
  const sources = contributions.map((c): AccessSource => {
    if (c.source.kind !== 'project' && c.source.kind !== 'workspace') return c.source;
    const shadowedBy = shadowsOf(cell, contributions, c);
    return { ...c.source, ...filesFacts(cell, c.source, files), ...(shadowedBy.length > 0 ? { shadowedBy } : {}) };
  });
  return { ...cell, sources };
}
