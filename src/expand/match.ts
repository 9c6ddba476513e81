// Does a set match a workspace or a project? Every criterion given must hold (docs/sets.md, "Sets").
// Names and tags compare in Unicode NFC (core/names.ts), so one typed decomposed still matches.
// Pure: the organization's lists come in, read by src/resolve/catalog.ts.
import type { DesiredSet, Project, TagBinding, Workspace } from '../core/model.js';
import { nfc } from '../core/names.js';
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

function namesMatch(set: DesiredSet, name: string): boolean {
  const { names, exclude } = set.match;
  const normal = nfc(name);
  if (names !== undefined && !anyGlobMatches(names.map(nfc), normal)) return false;
  return exclude === undefined || !anyGlobMatches(exclude.map(nfc), normal);
}

/** `projectNames`: project id -> name, for the `projects` criterion. */
export function workspaceMatches(set: DesiredSet, workspace: Workspace, projectNames: ReadonlyMap<string, string>): boolean {
  if (!namesMatch(set, workspace.name)) return false;
  const { projects, tags } = set.match;
  if (projects !== undefined) {
    const project = workspace.projectId === undefined ? undefined : projectNames.get(workspace.projectId);
    if (project === undefined || !projects.some((p) => nfc(p) === nfc(project))) return false;
  }
  if (tags === undefined) return true;
  const names = workspace.tags?.names ?? [];
  const bindings = workspace.tags?.bindings ?? [];
  return tags.every((tag) => hasTag(names, bindings, parseTag(tag)));
}

export function projectMatches(set: DesiredSet, project: Project): boolean {
  return namesMatch(set, project.name);
}
