// The user's manual: README.md, the front door, then the pages of docs/ in the order its index
// (docs/README.md) links them. Tests that hold the documentation to the code read it from here,
// so a section that moves to another page stays tested wherever it lives.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const INDEX = 'docs/README.md';

/** The pages of docs/ the index links, in its order, as paths from the repository root. */
export function indexedPages(index: string): string[] {
  const linked = [...index.matchAll(/\]\(((?:\.\/)?[\w-]+\.md)(?:#[^)]*)?\)/g)].map((m) => `docs/${(m[1] ?? '').replace(/^\.\//, '')}`);
  return [...new Set(linked)].filter((page) => page !== INDEX);
}

/** README.md, then every page of the index: the order a reader (and the examples' test) goes in. */
export function manualPages(): string[] {
  const index = join(ROOT, INDEX);
  return ['README.md', ...(existsSync(index) ? indexedPages(readFileSync(index, 'utf8')) : [])];
}

export const readPage = (page: string): string => readFileSync(join(ROOT, page), 'utf8');

/** The whole manual as one text, pages in reading order. */
export const readManual = (): string => manualPages().map(readPage).join('\n');
