// References that resolve: every comment or test that cites `docs/NAME.md, "Section"` or
// `README, "Section"` names a file of this repository and a heading in it, and nothing cites a
// document only the original authors had.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const CODE = ['src', 'bench', 'test'];
const CITATION = /(docs\/[a-z-]+\.md|README(?:\.md)?),\s+(?:\/\/\s*|\*\s*)?"([^"]+)"/g;
const OUTSIDE = /\b(?:NOTES|CONTRACT|STYLE)\.md\b/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The headings of a Markdown file, without their `#` marks and code spans' backticks kept. */
function headings(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim()));
}

const SELF = join('test', 'docs', 'references.test.ts');
const files = CODE.flatMap(sources).filter((file) => file !== SELF);
/** A section name as cited, its line breaks and comment marks folded into spaces. */
const folded = (section: string): string => section.replace(/\s*\n\s*(?:\/\/|\*)?\s*/g, ' ');
const docs = new Map<string, Set<string>>();
const headingsOf = (file: string): Set<string> | undefined => {
  const path = file.startsWith('README') ? 'README.md' : file;
  if (!docs.has(path)) docs.set(path, existsSync(join(ROOT, path)) ? headings(path) : new Set());
  return existsSync(join(ROOT, path)) ? docs.get(path) : undefined;
};

describe('references resolve', () => {
  it('reads the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(join('src', 'core', 'access.ts'));
  });

  it('every cited section is a heading of a file of the repository', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const [, doc = '', cited = ''] of readFileSync(join(ROOT, file), 'utf8').matchAll(CITATION)) {
        const section = folded(cited);
        const found = headingsOf(doc);
        const ok = found !== undefined && [...found].some((h) => h === section || h.startsWith(`${section} `) || h.replace(/`/g, '') === section);
        if (!ok) broken.push(`${relative(ROOT, join(ROOT, file))}: ${doc}, "${section}"`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no source cites NOTES.md, CONTRACT.md or STYLE.md, which are not in the repository', () => {
    const outside = files.filter((file) => OUTSIDE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(outside).toEqual([]);
  });
});
