// Workspace tags in the emulator (docs/api.md, "Workspace tags"): flat tags (`tag-names`) in both
// profiles; key-value tags (tag bindings, a workspace's own over its project's) and the include
// that lists them in the current profile only. The workspace list's filters, as the docs describe
// them; where they leave a detail open, the emulator's choice is named (docs/emulator.md, "Where the
// emulator follows the seed, not the real service").
import { Invalid } from './answers.js';
import { isObject } from './grant-body.js';
import type { Profile } from './profile.js';
import type { Store, TagBinding, Workspace } from './state.js';

// docs/api.md, "Workspace tags": flat tags are letters, digits, colons, hyphens and underscores, at
// most 255. The limits of keys and values are the emulator's own choice (no page checked gives them).
const FLAT_TAG = /^[A-Za-z0-9:_-]{1,255}$/;
const BINDING_KEY = /^[A-Za-z0-9_.=+@:-]{1,128}$/;
const BINDING_VALUE = /^[A-Za-z0-9_.=+@:-]{0,256}$/;
const RESERVED_KEY = /^(hc|hcp):/;
const MAX_BINDINGS = 10;
export const EFFECTIVE_TAG_BINDINGS = 'effective_tag_bindings';

/** `tag-names` of a create body or a seed: a list of flat tags. */
export function readTagNames(value: unknown, pointer: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Invalid(pointer, 'Tag names must be a list');
  for (const tag of value)
    if (typeof tag !== 'string' || !FLAT_TAG.test(tag))
      throw new Invalid(pointer, `Tag ${JSON.stringify(tag)} may only contain letters, numbers, colons, hyphens and underscores (at most 255)`);
  return [...new Set(value as string[])];
}

/** Key-value tags, each checked; the last value of a key wins. */
export function checkBindings(bindings: readonly TagBinding[], pointer: string): TagBinding[] {
  const byKey = new Map<string, TagBinding>();
  for (const { key, value } of bindings) {
    if (!BINDING_KEY.test(key) || RESERVED_KEY.test(key)) throw new Invalid(pointer, `Tag key ${JSON.stringify(key)} is not valid`);
    if (!BINDING_VALUE.test(value)) throw new Invalid(pointer, `Tag value ${JSON.stringify(value)} is not valid`);
    byKey.set(key, { key, value });
  }
  if (byKey.size > MAX_BINDINGS) throw new Invalid(pointer, `A workspace or project has at most ${MAX_BINDINGS} tags`);
  return [...byKey.values()];
}

/** `relationships.tag-bindings.data` of a create body; an emulator of the seed profile ignores them, as an older release would. */
export function readTagBindings(relationships: Record<string, unknown>, profile: Profile): TagBinding[] {
  const rel = relationships['tag-bindings'];
  if (rel === undefined || !profile.keyValueTags) return [];
  const pointer = '/data/relationships/tag-bindings';
  const data = isObject(rel) ? rel.data : undefined;
  if (!Array.isArray(data)) throw new Invalid(pointer, 'Tag bindings must be {"data": [...]}');
  const bindings = data.map((item) => {
    const attributes = isObject(item) && item.type === 'tag-bindings' && isObject(item.attributes) ? item.attributes : undefined;
    if (!attributes || typeof attributes.key !== 'string')
      throw new Invalid(pointer, 'Each tag binding is {"type": "tag-bindings", "attributes": {"key": ..., "value": ...}}');
    const value = attributes.value ?? '';
    if (typeof value !== 'string') throw new Invalid(pointer, 'A tag value must be a string');
    return { key: attributes.key, value };
  });
  return checkBindings(bindings, pointer);
}

/** The workspace's key-value tags with those inherited from its project; its own win for the same key. */
export function effectiveBindings(store: Store, workspace: Workspace): { binding: TagBinding; inheritedFrom?: string }[] {
  const own = new Set(workspace.tagBindings.map((b) => b.key));
  const project = store.projects.get(workspace.projectId);
  const inherited = (project?.tagBindings ?? []).filter((b) => !own.has(b.key)).map((binding) => ({ binding, inheritedFrom: workspace.projectId }));
  return [...workspace.tagBindings.map((binding) => ({ binding })), ...inherited];
}

const csv = (raw: string | null): string[] =>
  raw === null
    ? []
    : raw
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '');

/** `search[wildcard-name]`: `*` any run, here anywhere in the pattern, case-insensitively (the emulator's choice). */
function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
}

/** `filter[tagged][i][key]` and `[value]`, by index: every one must hold. */
function taggedFilters(query: URLSearchParams): { key: string; value?: string }[] {
  const filters = new Map<string, { key?: string; value?: string }>();
  for (const [name, raw] of query) {
    const match = /^filter\[tagged\]\[(\d+)\]\[(key|value)\]$/.exec(name);
    if (!match?.[1] || !match[2]) continue;
    const filter = filters.get(match[1]) ?? {};
    filter[match[2] as 'key' | 'value'] = raw;
    filters.set(match[1], filter);
  }
  return [...filters.values()].filter((f): f is { key: string; value?: string } => f.key !== undefined);
}

/** The list's tag and name filters as one predicate (`search[name]` and `filter[project][id]` are the route's). */
export function workspaceFilter(store: Store, query: URLSearchParams): (workspace: Workspace) => boolean {
  const tags = csv(query.get('search[tags]'));
  const excluded = csv(query.get('search[exclude-tags]'));
  const pattern = query.get('search[wildcard-name]');
  const name = pattern === null ? undefined : wildcard(pattern);
  const tagged = taggedFilters(query);
  return (workspace) => {
    if (!tags.every((t) => workspace.tagNames.includes(t)) || excluded.some((t) => workspace.tagNames.includes(t))) return false;
    if (name && !name.test(workspace.name)) return false;
    if (tagged.length === 0) return true;
    const bindings = effectiveBindings(store, workspace).map((e) => e.binding);
    return tagged.every((f) => bindings.some((b) => b.key === f.key && (f.value === undefined || b.value === f.value)));
  };
}

/** The `include` of a workspace request: true for the key-value tags; undefined when a value is not known (a 400). */
export function includesBindings(query: URLSearchParams, profile: Profile): boolean | undefined {
  const wanted = csv(query.get('include'));
  const known = profile.keyValueTags ? [EFFECTIVE_TAG_BINDINGS] : [];
  if (wanted.some((w) => !known.includes(w))) return undefined;
  return wanted.includes(EFFECTIVE_TAG_BINDINGS);
}

export const INVALID_INCLUDE = {
  status: 400,
  body: {
    errors: [{ status: '400', title: 'Invalid include parameter', detail: 'The include parameter names a relationship this endpoint does not include.' }],
  },
};

/** A workspace's effective key-value tags as JSON:API resources, and the references its relationship holds. */
export function bindingResources(store: Store, workspace: Workspace): { refs: unknown[]; included: unknown[] } {
  const refs: unknown[] = [];
  const included: unknown[] = [];
  effectiveBindings(store, workspace).forEach(({ binding, inheritedFrom }, i) => {
    // Ids are opaque; these are unique per workspace and key, so no two differ only by owner.
    const id = `${workspace.id}-etb-${i}`;
    refs.push({ type: 'effective-tag-bindings', id });
    const links = inheritedFrom === undefined ? {} : { links: { 'inherited-from': `/api/v2/projects/${inheritedFrom}` } };
    included.push({ id, type: 'effective-tag-bindings', attributes: { key: binding.key, value: binding.value }, ...links });
  });
  return { refs, included };
}
