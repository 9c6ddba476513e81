// What the lint tests read of src/: each file's text; the files each imports (static, type-only and
// dynamic imports, and `import()` types, found by the TypeScript scanner); the import cycles; the
// names each file exports. Sources are a map from a path (`src/core/access.ts`) to its text, so a
// test can pass a fixture of a few made-up files as well as the real tree.
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

export type Sources = ReadonlyMap<string, string>;

/** Every TypeScript file below `dir` (relative to `root`) but the tests, by its posix path from `root`. */
export function readSources(root: string, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(posix.join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = posix.relative(root, posix.join(entry.parentPath, entry.name));
    out.set(path, readFileSync(posix.join(root, path), 'utf8'));
  }
  return out;
}

/** Each file's imports of other files of `sources` (`./x.js` is `./x.ts`), in order. */
export function importGraph(sources: Sources): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => posix.normalize(posix.join(posix.dirname(path), name.replace(/\.js$/, '.ts'))))
      .filter((file) => sources.has(file));
    graph.set(path, [...new Set(imported)]);
  }
  return graph;
}

/** A path of imports from `from` back to it, within `within`. */
function cycleFrom(graph: ReadonlyMap<string, readonly string[]>, from: string, within: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!within.has(next)) continue;
      if (next === from) {
        const path = [file];
        while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
        return [...path, from];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [];
}

/**
 * Every import cycle, one per group of files that reach each other (Tarjan's strongly connected
 * components), each as a path from its first file back to it: `a.ts -> b.ts -> a.ts`.
 */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) {
      const first = [...group].sort()[0]!;
      cycles.push(cycleFrom(graph, first, new Set(group)).join(' -> '));
    }
  };
  for (const file of [...graph.keys()].sort()) if (!order.has(file)) visit(file);
  return cycles.sort();
}

type NamedDeclaration = ts.FunctionDeclaration | ts.ClassDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;
const isNamedDeclaration = (node: ts.Node): node is NamedDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isClassDeclaration(node) ||
  ts.isInterfaceDeclaration(node) ||
  ts.isTypeAliasDeclaration(node) ||
  ts.isEnumDeclaration(node);

const isExported = (node: ts.Node): boolean => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a file exports: its exported declarations and `export { a, b as c }`. */
export function exportsOf(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    } else if (isExported(statement)) {
      if (ts.isVariableStatement(statement))
        names.push(...statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : [])));
      else if (isNamedDeclaration(statement) && statement.name) names.push(statement.name.text);
    }
  }
  return names;
}

/** Each name exported by more than one file of `sources`, with those files: `name: a.ts, b.ts`. */
export function namesExportedTwice(sources: Sources): string[] {
  const files = new Map<string, string[]>();
  for (const [path, text] of sources) for (const name of new Set(exportsOf(path, text))) files.set(name, [...(files.get(name) ?? []), path]);
  return [...files]
    .filter(([, paths]) => paths.length > 1)
    .map(([name, paths]) => `${name}: ${paths.sort().join(', ')}`)
    .sort();
}
