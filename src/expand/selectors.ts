// The selectors of sets and policies against the organization (docs/sets.md, "Names the files give"):
// every project, tag and name they give is checked with the one name checker
// (resolve/check-names.ts). A project, or a name written without `*` or `?`, that the organization
// does not have is a problem at its FILE:LINE:COL with near misses; so is a tag no workspace
// carries, unless the match says `allow-empty: true`. A glob that matches nothing is no problem:
// a match that selects nothing is a warning, said by whoever matches (expand.ts, the policies').
// Pure, over the lists already read: checking costs no request.

import type { Selecting, SourceRef, Workspace } from '../core/model.js';
import { NameIndex } from '../core/names.js';
import { NOT_VISIBLE } from '../core/not-found.js';
import type { SetCatalog } from '../core/organization.js';
import { type CriterionKey, type CriterionNames, criteriaOf, SET_CRITERIA } from '../core/set-criteria.js';
import { checkName, type NameFindings, noFindings } from '../resolve/check-names.js';

const isGlob = (text: string): boolean => text.includes('*') || text.includes('?');

/** Every way a workspace carries a tag, as a criterion would be written: flat names, keys, `key:value`. */
function tagIndex(workspaces: readonly Workspace[]): NameIndex {
  const all = workspaces.flatMap((w) => [...(w.tags?.names ?? []), ...(w.tags?.bindings ?? []).flatMap((b) => [b.key, `${b.key}:${b.value}`])]);
  return new NameIndex(all);
}

interface Indexes {
  readonly projects: NameIndex;
  readonly workspaces: NameIndex;
  readonly tags: NameIndex;
}

/**
 * `label`: how a message names the selector, `workspace set "prod": ` or `policy "x": `. Each
 * criterion's values are checked by what they name (core/set-criteria.ts): projects, then the
 * globs of names, then tags, each criterion in row order.
 */
function checkOne(selector: Selecting, label: string, scope: SetCatalog, indexes: Indexes, findings: NameFindings): void {
  const where = (key: CriterionKey, i: number): SourceRef | undefined => selector.matchSources?.[key]?.[i] ?? selector.source;
  const name = (key: CriterionKey, value: string, i: number) => ({ name: value, source: where(key, i), prefix: label });
  const workspaceSet = selector.type === 'workspace';
  // Names are the workspaces of the projects read, when only those were: then "not there" says so.
  const narrowed = workspaceSet && !scope.complete;
  const missingName = narrowed ? 'is in none of the projects the matches name (only their workspaces were read), or the token may not see it' : NOT_VISIBLE;
  const carried = narrowed ? 'is on no workspace of the projects the matches name' : 'is on no workspace the token can see';
  const missingTag = `${carried} (write \`allow-empty: true\` in the match if that is meant)`;
  const checks: { readonly [N in CriterionNames]: (key: CriterionKey, value: string, i: number) => void } = {
    project: (key, p, i) => checkName({ kind: 'project', ...name(key, p, i) }, indexes.projects, NOT_VISIBLE, findings),
    glob: (key, n, i) => {
      if (!isGlob(n)) checkName({ kind: selector.type, ...name(key, n, i) }, workspaceSet ? indexes.workspaces : indexes.projects, missingName, findings);
    },
    // Without key-value tags read, a tag may be a key the server did not report: the plan says that instead (key-value-tags-not-read).
    tag: (key, t, i) => {
      if (scope.keyValueTags && (!selector.allowEmpty || indexes.tags.find(t)))
        checkName({ kind: 'tag', ...name(key, t, i) }, indexes.tags, missingTag, findings);
    },
  };
  const criteria = criteriaOf(selector.type);
  for (const names of Object.keys(checks) as CriterionNames[]) {
    for (const key of criteria) if (SET_CRITERIA[key].names === names) (selector.match[key] ?? []).forEach((value, i) => checks[names](key, value, i));
  }
}

/** Every problem and warning of the selectors' names, in the selectors' order. */
export function checkSelectors(selectors: readonly Selecting[], label: (s: Selecting) => string, scope: SetCatalog): NameFindings {
  const findings = noFindings();
  if (selectors.length === 0) return findings;
  const indexes: Indexes = {
    projects: new NameIndex(scope.projects.map((p) => p.name)),
    workspaces: new NameIndex(scope.workspaces.map((w) => w.name)),
    tags: tagIndex(scope.workspaces),
  };
  for (const selector of selectors) checkOne(selector, label(selector), scope, indexes, findings);
  return findings;
}
