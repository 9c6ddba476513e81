// Comparing the shape of two JSON documents: same keys and nesting, values and ids aside.

export interface ShapeOptions {
  /** Dotted paths (array items as `[]`) the emulator may carry although the sample does not. */
  readonly allowExtra?: readonly string[];
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Every difference between the sample's shape and the actual answer's. `null` on either side is a
 * value (a relationship without data, an unset attribute), so it matches anything; arrays compare
 * their first items when both have one.
 */
export function shapeDiff(sample: unknown, actual: unknown, options: ShapeOptions = {}, path = ''): string[] {
  const at = path === '' ? '(root)' : path;
  if (sample === null || actual === null) return [];
  const [ks, ka] = [kind(sample), kind(actual)];
  if (ks !== ka) return [`${at}: sample has ${ks}, emulator ${ka}`];
  if (ks === 'array') {
    const [s, a] = [(sample as unknown[])[0], (actual as unknown[])[0]];
    return s === undefined || a === undefined ? [] : shapeDiff(s, a, options, `${path}[]`);
  }
  if (ks !== 'object') return [];
  const so = sample as Record<string, unknown>;
  const ao = actual as Record<string, unknown>;
  const join = (key: string): string => (path === '' ? key : `${path}.${key}`);
  const out: string[] = [];
  for (const key of Object.keys(so)) {
    if (!(key in ao)) out.push(`${join(key)}: missing in the emulator's answer`);
    else out.push(...shapeDiff(so[key], ao[key], options, join(key)));
  }
  for (const key of Object.keys(ao)) {
    if (!(key in so) && !(options.allowExtra ?? []).includes(join(key))) out.push(`${join(key)}: not in the sample`);
  }
  return out;
}
