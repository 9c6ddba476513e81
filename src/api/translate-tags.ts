// Workspace tags on the wire (docs/api.md, "Workspace tags"): flat tags are the attribute
// `tag-names`; key-value tags come with a workspace list asked with `include=effective_tag_bindings`,
// as JSON:API includes them: each workspace's `relationships.effective-tag-bindings.data` names
// resources of type `effective-tag-bindings` that the document's `included` holds, with `key` and
// `value`. A workspace whose relationship has no `data` did not get its bindings (the server left
// the include out): undefined, never "no key-value tags".
import type { TagBinding } from '../core/model.js';
import { describeWire, isObject, ObjectReader } from './json.js';

const BINDING_TYPE = 'effective-tag-bindings';

/** `tag-names`, when the workspace's attributes carry it: an array of strings. */
export function tagNamesOf(attributes: ObjectReader): string[] | undefined {
  const value = attributes.value['tag-names'];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string'))
    throw attributes.error(`${attributes.at('tag-names')} is ${describeWire(value)}, expected an array of strings`);
  return value as string[];
}

/** The bindings of the document's `included`, by id. */
function includedBindings(document: ObjectReader): Map<string, TagBinding> {
  const out = new Map<string, TagBinding>();
  const included = document.value.included;
  if (included === undefined || included === null) return out;
  if (!Array.isArray(included)) throw document.error(`included is ${describeWire(included)}, expected an array`);
  included.forEach((item, i) => {
    if (!isObject(item) || item.type !== BINDING_TYPE) return;
    const reader = ObjectReader.of(item, `included[${i}]`, document.context);
    const attributes = reader.object('attributes');
    // A key-value tag may have an empty value: key only.
    out.set(reader.string('id'), { key: attributes.string('key'), value: attributes.optionalString('value') ?? '' });
  });
  return out;
}

/** Each listed workspace's key-value tags (by its index in `data`), or undefined where they did not come. */
export function bindingsOfList(body: unknown, context: string): (readonly TagBinding[] | undefined)[] {
  const document = ObjectReader.of(body, '', context);
  const included = includedBindings(document);
  return document.array('data').map((item, i) => {
    const relationship = ObjectReader.of(item, `data[${i}]`, context).optionalObject('relationships').optionalObject('effective-tag-bindings');
    const data = relationship.value.data;
    if (data === undefined || data === null) return undefined;
    if (!Array.isArray(data)) throw relationship.error(`${relationship.at('data')} is ${describeWire(data)}, expected an array`);
    return data.map((ref, j) => {
      const id = ObjectReader.of(ref, `${relationship.at('data')}[${j}]`, context).string('id');
      const binding = included.get(id);
      if (!binding) throw relationship.error(`${relationship.at('data')}[${j}] names ${BINDING_TYPE} ${id}, which included does not hold`);
      return binding;
    });
  });
}
