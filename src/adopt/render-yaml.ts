// The text of a new YAML fragment in the style of its neighbours: a scalar as yaml writes one (quoted
// only when it must be), a collection inline (`{ a: b }`, `[a, b]`) or as indented block lines.
// Pure: text out, never a whole document re-serialised (docs/drift.md, "Adopt").
import { stringify } from 'yaml';
import { MERGE_KEY } from '../core/names.js';

/** A value an edit writes. A `Flow` is always written inline; a plain object in a block is written as block lines. */
export type EditValue = string | number | boolean | null | readonly EditValue[] | Flow | { readonly [key: string]: EditValue };

/** A value written inline whatever its place: a grant's `{ access: custom, ... }`, as a person would type it. */
export class Flow {
  constructor(readonly value: EditValue) {}
}

const plain = (value: EditValue): unknown => (value instanceof Flow ? plain(value.value) : Array.isArray(value) ? value.map(plain) : value);

function json(value: EditValue): unknown {
  if (value instanceof Flow) return json(value.value);
  if (Array.isArray(value)) return value.map(json);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v as EditValue)]));
  return plain(value);
}

const FLOW = { collectionStyle: 'flow', flowCollectionPadding: true, lineWidth: 0 } as const;

type Scalar = string | number | boolean | null;

/**
 * A scalar as yaml writes it inside a flow collection, quoted when it must be there (a flow
 * indicator, `#`, `: `, a leading `*`, `&`, `!`, a string that would read as a number, a boolean or
 * null): the one item of a flow list, out of its brackets. Written alone, yaml writes a document,
 * where `---` and `...` become a block scalar over two lines.
 */
function scalarText(value: Scalar): string {
  return stringify([value], { ...FLOW, flowCollectionPadding: false })
    .trimEnd()
    .slice(1, -1);
}

/** The value on one line: a scalar as yaml quotes it in a flow collection, a collection in flow style with spaces inside braces. */
export function inline(value: EditValue): string {
  const plainValue = json(value);
  if (plainValue === null || typeof plainValue !== 'object') return scalarText(plainValue as Scalar);
  return stringify(plainValue, FLOW).trimEnd();
}

/**
 * A key as yaml writes it (quoted only when it must be), the same in a block map and in a flow map,
 * where a plain key ends at a flow indicator (a team named `a,b` or `x]`); a team named `<<` quoted.
 */
export const keyText = (key: string): string => (key === MERGE_KEY ? JSON.stringify(key) : scalarText(key));

const isBlockMap = (value: EditValue): value is { readonly [key: string]: EditValue } =>
  value !== null && typeof value === 'object' && !(value instanceof Flow) && !Array.isArray(value) && Object.keys(value).length > 0;

/** `key: value` as lines at `indent`, nested maps `step` deeper; no trailing newline. */
export function pairLines(key: string, value: EditValue, indent: number, step: number): string[] {
  const pad = ' '.repeat(indent);
  if (!isBlockMap(value)) return [`${pad}${keyText(key)}: ${inline(value)}`];
  return [`${pad}${keyText(key)}:`, ...mapLines(value, indent + step, step)];
}

/** A map's pairs as block lines at `indent`. */
export function mapLines(value: { readonly [key: string]: EditValue }, indent: number, step: number): string[] {
  return Object.entries(value).flatMap(([k, v]) => pairLines(k, v, indent, step));
}

/** Whether a value is written as block lines (a non-empty plain map). */
export const writesBlock = isBlockMap;
