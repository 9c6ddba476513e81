// Does a set (or a policy) match a workspace or a project? Every criterion given must hold
// (docs/sets.md, "Sets"): each row of core/set-criteria.ts has its matcher here.
// Names and tags compare in Unicode NFC (core/names.ts), so one typed decomposed still matches.
// Pure: the organization's lists come in, read by src/lookup/catalog.ts.
import type { DesiredSet, Project, SetMatch, TagBinding, TargetType, Workspace } from '../core/model.js';
import { nfc } from '../core/names.js';
import { type CriterionKey, criteriaOf } from '../core/set-criteria.js';
import { anyGlobMatches } from './glob.js';

/** A tag criterion: `key:value` (split at the first colon) or a bare word. */
export interface TagCriterion {
  readonly text: string;
  readonly key: string;
  readonly value?: string;
}

export function parseTag(written: string): TagCriterion {
  const text = nfc(written);
  const colon = text.indexOf(':');
  return colon < 0 ? { text, key: text } : { text, key: text.slice(0, colon), value: text.slice(colon + 1) };
}

/**
 * `key:value` is on a workspace with that key-value tag, or with a flat tag written `key:value`
 * (flat tags may hold colons; before key-value tags that is how they were written). A bare word is
 * on it as a flat tag or as the key of a key-value tag, whatever its value.
 */
export function hasTag(names: readonly string[], bindings: readonly TagBinding[], tag: TagCriterion): boolean {
  if (names.some((n) => nfc(n) === tag.text)) return true;
  return bindings.some((b) => nfc(b.key) === tag.key && (tag.value === undefined || nfc(b.value) === tag.value));
}

/** What a criterion is matched against: the target's name, and a workspace's project name and tags. */
interface Candidate {
  readonly name: string;
  /** The workspace's project name, when the list reported one the token sees. */
  readonly project?: string;
  readonly tags?: Workspace['tags'];
}

type Matcher = (values: readonly string[], candidate: Candidate) => boolean;

/** Each criterion of core/set-criteria.ts, matched: the compiler asks for one per row. */
const MATCHERS: { readonly [K in CriterionKey]: Matcher } = {
  projects: (projects, { project }) => project !== undefined && projects.some((p) => nfc(p) === nfc(project)),
  tags: (tags, candidate) => tags.every((tag) => hasTag(candidate.tags?.names ?? [], candidate.tags?.bindings ?? [], parseTag(tag))),
  names: (globs, { name }) => anyGlobMatches(globs.map(nfc), nfc(name)),
  exclude: (globs, { name }) => !anyGlobMatches(globs.map(nfc), nfc(name)),
};

const CRITERIA: { readonly [T in TargetType]: readonly CriterionKey[] } = { project: criteriaOf('project'), workspace: criteriaOf('workspace') };

function matches(type: TargetType, match: SetMatch, candidate: Candidate): boolean {
  return CRITERIA[type].every((key) => {
    const values = match[key];
    return values === undefined || MATCHERS[key](values, candidate);
  });
}

/** `projectNames`: project id -> name, for the `projects` criterion. */
export function workspaceMatches(set: DesiredSet, workspace: Workspace, projectNames: ReadonlyMap<string, string>): boolean {
  const project = workspace.projectId === undefined ? undefined : projectNames.get(workspace.projectId);
  return matches('workspace', set.match, {
    name: workspace.name,
    ...(project === undefined ? {} : { project }),
    ...(workspace.tags ? { tags: workspace.tags } : {}),
  });
}

export function projectMatches(set: DesiredSet, project: Project): boolean {
  return matches('project', set.match, { name: project.name });
}
