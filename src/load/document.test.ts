import { describe, expect, it } from 'vitest';
import { parseYamlText } from './document.js';
import { DEFAULT_LIMITS, MAX_ALIAS_EXPANSIONS, MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES } from './limits.js';

describe('parseYamlText', () => {
  it('keeps the position of every key and value, by JSON pointer', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'organization: acme\nprojects:\n  platform:\n    teams: { dev: read }\n');
    expect(problems).toEqual([]);
    expect(loaded.data).toEqual({ organization: 'acme', projects: { platform: { teams: { dev: 'read' } } } });
    expect(loaded.positions.get('/organization')).toEqual({ key: { line: 1, col: 1 }, value: { line: 1, col: 15 } });
    expect(loaded.positions.get('/projects/platform/teams/dev')).toEqual({ key: { line: 4, col: 14 }, value: { line: 4, col: 19 } });
  });

  it('reports a duplicate key at the second place, naming the first, and keeps the first value', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'a:\n  x: 1\n  y: 2\n  x: 3\n');
    expect(problems).toEqual([{ file: 'f.yaml', line: 4, col: 3, message: 'a: key "x" appears twice in this mapping (first at line 2, col 3)', path: 'a.x' }]);
    expect(loaded.data).toEqual({ a: { x: 1, y: 2 } });
  });

  it('keeps a key named __proto__ a plain key', () => {
    const { loaded } = parseYamlText('f.yaml', '__proto__: { polluted: true }\n');
    const data = loaded.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['__proto__']);
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
  });

  it('expands ordinary aliases, pointing at the alias where it is used', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'a: &lvl read\nb: *lvl\nc: &m { x: 1 }\nd: *m\n');
    expect(problems).toEqual([]);
    expect(loaded.data).toEqual({ a: 'read', b: 'read', c: { x: 1 }, d: { x: 1 } });
    expect(loaded.positions.get('/b')?.value).toEqual({ line: 2, col: 4 });
  });

  it('stops a billion-laughs alias bomb at MAX_ALIAS_EXPANSIONS, doing bounded work', () => {
    const lines = ['l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(', ')}]`,
      );
    const { loaded, problems, work } = parseYamlText('bomb.yaml', lines.join('\n'));
    expect(loaded.data).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe(`more than ${MAX_ALIAS_EXPANSIONS} alias expansions (MAX_ALIAS_EXPANSIONS); refused`);
    // 10^10 values if expanded; the walk stopped right after the limit.
    expect(work.aliases).toBe(MAX_ALIAS_EXPANSIONS + 1);
    expect(work.nodes).toBeLessThan(20 * MAX_ALIAS_EXPANSIONS);
  });

  it('stops a wide alias expansion at the node limit (MAX_NODES by default)', () => {
    const limits = { ...DEFAULT_LIMITS, maxNodes: 5000 };
    const wide = `a: &a [${Array(500).fill('x').join(',')}]\nb: [${Array(100).fill('*a').join(',')}]\n`;
    const { loaded, problems, work } = parseYamlText('wide.yaml', wide, limits);
    expect(loaded.data).toBeUndefined();
    expect(problems[0]?.message).toBe('the file expands to more than 5000 values (MAX_NODES), through aliases or size; refused');
    expect(work.nodes).toBe(5001);
    expect(MAX_NODES).toBe(DEFAULT_LIMITS.maxNodes);
  });

  it('refuses nesting deeper than the depth limit', () => {
    const deep = 'a: '.concat('['.repeat(70), ']'.repeat(70), '\n');
    const { loaded, problems } = parseYamlText('deep.yaml', deep);
    expect(loaded.data).toBeUndefined();
    expect(problems[0]?.message).toMatch(/nested deeper than 64 levels \(MAX_DEPTH\); refused$/);
  });

  it('refuses an alias that contains itself', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'a: &x [1, *x]\n');
    expect(loaded.data).toBeUndefined();
    expect(problems).toEqual([{ file: 'f.yaml', line: 1, col: 11, message: 'a[1]: alias *x refers to a value that contains it' }]);
  });

  it('refuses text over MAX_FILE_BYTES before parsing it', () => {
    const { problems, work } = parseYamlText('big.yaml', 'x'.repeat(MAX_FILE_BYTES + 1));
    expect(problems[0]?.message).toMatch(/larger than 4194304 bytes \(MAX_FILE_BYTES\)/);
    expect(work).toEqual({ nodes: 0, aliases: 0 });
  });

  it('reports keys that are not names', () => {
    const { problems } = parseYamlText('f.yaml', 'a:\n  ? [x, y]\n  : 1\n');
    expect(problems).toEqual([{ file: 'f.yaml', line: 2, col: 5, message: 'a: keys must be plain names, not empty, lists or mappings', path: 'a' }]);
  });

  it('turns YAML syntax errors into positioned problems without data', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'a: "unclosed\n');
    expect(loaded.data).toBeUndefined();
    expect(problems[0]).toMatchObject({ file: 'f.yaml', line: 2, col: 1 });
    expect(problems[0]?.message).toMatch(/^YAML syntax: /);
  });
});

// Issue 24, finding 8. yaml's composer builds nested values by recursion: about 1,000 levels down it
// ran out of stack and the file was refused as "YAML syntax: Maximum call stack size exceeded".
// Each shape: its text, n levels deep (its innermost value n or n + 1 levels down), and where the
// first value deeper than MAX_DEPTH (64) starts.
type Shape = (n: number) => { text: string; line: number; col: number; path: RegExp };
const LEVEL = MAX_DEPTH + 1; // the first level refused
const SHAPES: Record<string, Shape> = {
  'flow sequences in a mapping': (n) => ({ text: `x: ${'['.repeat(n)}${']'.repeat(n)}\n`, line: 1, col: 3 + LEVEL, path: /^x(\[0\]){64}$/ }),
  'flow sequences in a sequence': (n) => ({ text: `- ${'['.repeat(n)}${']'.repeat(n)}\n`, line: 1, col: 2 + LEVEL, path: /^\[0\](\[0\]){64}$/ }),
  'flow mappings in a mapping': (n) => ({ text: `x: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`, line: 1, col: 4 + 4 * (LEVEL - 1), path: /^x(\.a){64}$/ }),
  'flow mappings in a sequence': (n) => ({ text: `- ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`, line: 1, col: 3 + 4 * (LEVEL - 1), path: /^\[0\](\.a){64}$/ }),
  // `- - - v`: block sequences need no growing indentation, so they reach 100,000 levels in 200 KB.
  'block sequences in a mapping': (n) => ({ text: `x:\n  ${'- '.repeat(n)}v\n`, line: 2, col: 3 + 2 * (LEVEL - 1), path: /^x(\[0\]){64}$/ }),
  'block sequences in a sequence': (n) => ({ text: `${'- '.repeat(n + 1)}v\n`, line: 1, col: 1 + 2 * LEVEL, path: /^(\[0\]){65}$/ }),
  // A block mapping indents one more column per level: 100,000 levels would be 5 GB, over
  // MAX_FILE_BYTES, so block mappings are measured at 1,000 (and 2,500) levels only.
  'block mappings in a mapping': (n) => ({
    text: `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}a:\n`).join('')}${' '.repeat(n)}b: 1\n`,
    line: LEVEL + 1,
    col: LEVEL + 1,
    path: /^a(\.a){64}$/,
  }),
  'block mappings in a sequence': (n) => ({
    text: `-\n${Array.from({ length: n - 1 }, (_, i) => `${' '.repeat(i + 1)}a:\n`).join('')}${' '.repeat(n)}b: 1\n`,
    line: LEVEL + 1,
    col: LEVEL + 1,
    path: /^\[0\](\.a){64}$/,
  }),
};

describe('regression: flow nesting about 1,000 deep says "Maximum call stack size exceeded", not the documented depth message', () => {
  const cases = Object.entries(SHAPES).flatMap(([name, shape]) =>
    (name.startsWith('block mappings') ? [1000, 2500] : [1000, 100_000]).map((n) => [`${name}, ${n.toLocaleString('en')} deep`, shape, n] as const),
  );
  it.each(cases)('%s: the MAX_DEPTH message at the first value too deep, and no data', (_name, shape, n) => {
    const { text, line, col, path } = shape(n);
    const { loaded, problems } = parseYamlText('deep.yaml', text);
    expect(loaded.data).toBeUndefined();
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    expect({ file: problem?.file, line: problem?.line, col: problem?.col }).toEqual({ file: 'deep.yaml', line, col });
    const [where, rest] = (problem?.message ?? '').split(': ');
    expect(where).toMatch(path);
    expect(rest).toBe(`nested deeper than ${MAX_DEPTH} levels (MAX_DEPTH); refused`);
  });

  it('the same message, path and place as before just over the limit (70 levels, built by the walk)', () => {
    const text = `x: ${'['.repeat(70)}${']'.repeat(70)}\n`;
    expect(parseYamlText('deep.yaml', text).problems).toEqual([
      { file: 'deep.yaml', line: 1, col: 3 + LEVEL, message: `x${'[0]'.repeat(64)}: nested deeper than 64 levels (MAX_DEPTH); refused` },
    ]);
  });

  it('nesting at the limit is read, in every shape', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      const { problems } = parseYamlText('ok.yaml', shape(MAX_DEPTH - 1).text);
      expect(problems, name).toEqual([]);
    }
  });

  it('mappings as keys nest too (`{? {? …}}`): the depth message, never out of stack', () => {
    const { loaded, problems } = parseYamlText('deep.yaml', `${'{? '.repeat(100_000)}x${'}'.repeat(100_000)}\n`);
    expect(loaded.data).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 1, col: 1 + 3 * LEVEL });
    expect(problems[0]?.message).toMatch(/: nested deeper than 64 levels \(MAX_DEPTH\); refused$/);
  });

  it('with a depth limit above what the YAML reader can build, the reader running out of stack is still one depth problem', () => {
    const { loaded, problems } = parseYamlText('deep.yaml', `x: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, { ...DEFAULT_LIMITS, maxDepth: 1_000_000 });
    expect(loaded.data).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe('nested too deeply for the YAML reader (it ran out of stack); refused');
    expect(problems[0]?.line).toBe(1);
  });
});

// Issue 24, finding 8: in YAML 1.2 `<<` is an ordinary key, so `teams: {<<: *defaults}` was a team
// named "<<". Merge keys are refused where they are written (docs/files.md, "Files and paths").
describe('regression: merge keys `<<:` are read as a team name', () => {
  const REFUSED = 'merge keys (<<) are not supported; write the keys out or use an anchor for the whole value';

  it('refuses a merge key at its place, flow or block, and keeps the rest of the mapping', () => {
    const text = 'a: &d { dev: read }\nflow: { <<: *d, sre: write }\nblock:\n  <<: *d\n  sre: write\n';
    const { loaded, problems } = parseYamlText('f.yaml', text);
    expect(problems).toEqual([
      { file: 'f.yaml', line: 2, col: 9, message: `flow: ${REFUSED}`, path: 'flow' },
      { file: 'f.yaml', line: 4, col: 3, message: `block: ${REFUSED}`, path: 'block' },
    ]);
    expect(loaded.data).toEqual({ a: { dev: 'read' }, flow: { sre: 'write' }, block: { sre: 'write' } });
  });

  it('an anchor inside the refused value is still known to the aliases after it', () => {
    const { problems } = parseYamlText('f.yaml', 'a:\n  <<: &d { dev: read }\nb: *d\n');
    expect(problems.map((p) => p.message)).toEqual([`a: ${REFUSED}`]);
  });

  it('a quoted "<<" is a name as written, never a merge', () => {
    const { loaded, problems } = parseYamlText('f.yaml', 'teams: { "<<": read }\n');
    expect(problems).toEqual([]);
    expect(loaded.data).toEqual({ teams: { '<<': 'read' } });
  });
});
