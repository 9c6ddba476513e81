// References that resolve: every comment, test, script, recipe or page that cites
// `docs/NAME.md, "Section"` or `README, "Section"` names a file of this repository and a heading in
// it (the manual's sections live in docs/ now: a citation of the README for a section that moved
// fails), and nothing cites a document only the original authors had.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/** Where citations are written: code, scripts, the recipes users copy, and the manual itself. */
const PLACES = ['src', 'bench', 'test', 'scripts', 'examples', 'docs', 'action.yml', 'README.md'];
const CITING = /\.(?:ts|mjs|ya?ml|md)$/;
const CITATION = /(docs\/[a-z-]+\.md|README(?:\.md)?),\s+(?:\/\/\s*|\*\s*|#\s*)?"([^"]+)"/g;
const OUTSIDE = /\b(?:NOTES|CONTRACT|STYLE)\.md\b/;

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return CITING.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : sources(join(path, name))));
}

/** The headings of a Markdown file, without their `#` marks and code spans' backticks kept. */
function headings(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim()));
}

const SELF = join('test', 'docs', 'references.test.ts');
const files = PLACES.flatMap(sources).filter((file) => file !== SELF);
/** A section name as cited, its line breaks and comment marks folded into spaces. */
const folded = (section: string): string => section.replace(/\s*\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
const docs = new Map<string, Set<string>>();
const headingsOf = (file: string): Set<string> | undefined => {
  const path = file.startsWith('README') ? 'README.md' : file;
  if (!docs.has(path)) docs.set(path, existsSync(join(ROOT, path)) ? headings(path) : new Set());
  return existsSync(join(ROOT, path)) ? docs.get(path) : undefined;
};

/** Every citation of a text that names no heading of the file it names. A Markdown page's code
 * spans are left out: there, `docs/api.md, "Section name"` shows the form, and cites nothing. */
function brokenCitations(file: string, text: string): string[] {
  const broken: string[] = [];
  const cites = file.endsWith('.md') ? text.replace(/`[^`\n]*`/g, '') : text;
  for (const [, doc = '', cited = ''] of cites.matchAll(CITATION)) {
    const section = folded(cited);
    const found = headingsOf(doc);
    const ok = found !== undefined && [...found].some((h) => h === section || h.startsWith(`${section} `) || h.replace(/`/g, '') === section);
    if (!ok) broken.push(`${relative(ROOT, join(ROOT, file))}: ${doc}, "${section}"`);
  }
  return broken;
}

describe('references resolve', () => {
  it('reads the sources it checks: code, scripts, recipes and every page of the manual', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toEqual(
      expect.arrayContaining([
        join('src', 'core', 'access.ts'),
        'action.yml',
        'README.md',
        join('docs', 'api.md'),
        join('docs', 'connecting.md'),
        join('examples', 'ci', 'gitlab', '.gitlab-ci.yml'),
        join('scripts', 'bundle.mjs'),
      ]),
    );
  });

  it('every cited section is a heading of a file of the repository', () => {
    const broken = files.flatMap((file) => brokenCitations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('a citation of a section the README no longer holds is caught, in a comment of any kind', () => {
    expect(brokenCitations('x.ts', '// (README, "Saved plans")')).toEqual(['x.ts: README, "Saved plans"']);
    expect(brokenCitations('x.yml', '# exactly as pinned (README, "Pinning the\n# install")')).toEqual(['x.yml: README, "Pinning the install"']);
    expect(brokenCitations('x.yml', '# exactly as pinned (docs/adopting.md, "Pinning the\n# install")')).toEqual([]);
    expect(brokenCitations('x.ts', '/** docs/apply.md, "Saved plans"; README, "Exit codes" */')).toEqual([]);
    expect(brokenCitations('x.md', 'Cite as `docs/api.md, "Section name"`; see docs/api.md, "No such section".')).toEqual([
      'x.md: docs/api.md, "No such section"',
    ]);
  });

  it('no source cites NOTES.md, CONTRACT.md or STYLE.md, which are not in the repository', () => {
    const outside = files.filter((file) => OUTSIDE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(outside).toEqual([]);
  });
});
