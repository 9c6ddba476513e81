// Links that resolve: every relative link of README.md and of the pages of docs/ names a file of
// the repository, and every `#anchor` a heading of the page it points into, as GitHub computes
// anchors. The index of docs/ links every page, so no page is left out of the manual.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { INDEX, indexedPages } from '../support/manual.js';
import { anchorsOf, brokenLinks, type Lookup, linksOf, slug } from './links.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const onDisk: Lookup = (path) => {
  const full = join(ROOT, path);
  if (!existsSync(full)) return undefined;
  if (statSync(full).isDirectory()) return { kind: 'directory' };
  return path.endsWith('.md') ? { kind: 'file', text: readFileSync(full, 'utf8') } : { kind: 'file' };
};

describe('links of README.md and docs/', () => {
  it('reads the pages it checks, and they have links to check', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', INDEX, 'docs/files.md', 'docs/api.md', 'docs/architecture.md']));
    const links = PAGES.flatMap((page) => linksOf(readFileSync(join(ROOT, page), 'utf8')));
    expect(links.filter((link) => link.destination.includes('#')).length).toBeGreaterThan(100);
  });

  it('every relative link names a file of the repository and every #anchor a heading of its page', () => {
    const broken = PAGES.flatMap((page) => brokenLinks(page, readFileSync(join(ROOT, page), 'utf8'), onDisk));
    expect(broken).toEqual([]);
  });

  it('the index links every page of docs/, and the README links the index', () => {
    const indexed = indexedPages(readFileSync(join(ROOT, INDEX), 'utf8'));
    expect(PAGES.filter((page) => page.startsWith('docs/') && page !== INDEX && !indexed.includes(page))).toEqual([]);
    expect(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((link) => link.destination)).toContain(INDEX);
  });
});

describe('the link checker', () => {
  it('computes anchors as GitHub does: lower case, punctuation dropped but hyphens, spaces as hyphens, repeats numbered', () => {
    expect(slug('`--checksum`: the reviewed plan without moving a file')).toBe('--checksum-the-reviewed-plan-without-moving-a-file');
    expect(slug("A write refused for the token's rights")).toBe('a-write-refused-for-the-tokens-rights');
    expect(slug('Desired-state files (version 1)')).toBe('desired-state-files-version-1');
    expect(slug('An existing `--out` file')).toBe('an-existing---out-file');
    expect(slug('[Sets](sets.md) and `snake_case`')).toBe('sets-and-snake_case');
    expect([...anchorsOf('# Exit codes\n## Exit codes\n```sh\n# Exit codes\n```\n### Exit codes\n')]).toEqual(['exit-codes', 'exit-codes-1', 'exit-codes-2']);
  });

  it('finds a missing file, a missing heading, a link out of the repository, and passes what resolves', () => {
    const files: Record<string, string> = {
      'docs/a.md': '# A\n\n## Safety guards\n',
      'docs/b.md': [
        '# B',
        '',
        'Good: [a](a.md), [guards](a.md#safety-guards), [self](#b), [up](../README.md), [dir](../src), `[code](nope.md)`,',
        '[web](https://example.com/x#y), [mail](mailto:x@example.com).',
        '',
        '```md',
        '[fenced](nowhere.md)',
        '```',
        'Bad: [gone](c.md), [anchor](a.md#safety-guard),',
        '[own anchor](#nope), [out](../../x.md), [image](missing.png)',
        '',
        '[ref]: gone-too.md',
      ].join('\n'),
    };
    const lookup: Lookup = (path) => {
      if (path in files) return { kind: 'file', text: files[path] };
      if (path === 'README.md') return { kind: 'file', text: '# tfe-access\n' };
      return path === 'src' ? { kind: 'directory' } : undefined;
    };
    expect(brokenLinks('docs/a.md', files['docs/a.md']!, lookup)).toEqual([]);
    expect(brokenLinks('docs/b.md', files['docs/b.md']!, lookup)).toEqual([
      'docs/b.md:9: c.md (no such file)',
      'docs/b.md:9: a.md#safety-guard (no such heading in docs/a.md)',
      'docs/b.md:10: #nope (no such heading in docs/b.md)',
      'docs/b.md:10: ../../x.md (outside the repository)',
      'docs/b.md:10: missing.png (no such file)',
      'docs/b.md:12: gone-too.md (no such file)',
    ]);
  });
});
