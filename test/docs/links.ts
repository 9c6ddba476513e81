// Relative links and `#anchors` of Markdown files, as GitHub renders them. Pure text handling: the
// test gives it the files to read (from disk, or from memory to prove it finds a broken link).
import { posix } from 'node:path';

/** Which lines of a Markdown text are inside a fenced code block (its fences included). */
export function fenced(lines: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const mark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      inside.push(true);
      if (mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length && /^\s*(`{3,}|~{3,})\s*$/.test(line)) fence = undefined;
    } else {
      inside.push(mark !== undefined);
      fence = mark;
    }
  }
  return inside;
}

/** A heading's anchor as GitHub computes it: its text as rendered, lower-cased, punctuation dropped
 * (hyphens and underscores kept), each space a hyphen. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown text: one per ATX heading outside code, a repeated one with -1, -2, ... */
export function anchorsOf(markdown: string): Set<string> {
  const lines = markdown.split('\n');
  const code = fenced(lines);
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  lines.forEach((line, i) => {
    const heading = code[i] ? undefined : /^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) return;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}

export interface Link {
  readonly line: number;
  readonly destination: string;
}

/** The destinations of the inline links, images and link definitions outside code, with their line. */
export function linksOf(markdown: string): Link[] {
  const lines = markdown.split('\n');
  const code = fenced(lines);
  // Fenced lines and code spans (which may wrap, never across a blank line) become blanks, so that
  // a link in code is no link and every line keeps its number.
  const prose = lines
    .map((line, i) => (code[i] ? '' : line))
    .join('\n')
    .replace(/`(?:[^`\n]|\n(?![ \t]*\n))*`/g, (span) => span.replace(/[^\n]/g, ' '));
  const lineAt = (index: number): number => prose.slice(0, index).split('\n').length;
  const links: Link[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: lineAt(match.index), destination: match[1] ?? '' });
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm))
    links.push({ line: lineAt(match.index), destination: match[1] ?? '' });
  return links;
}

/** What a path of the repository is: a Markdown text, another file, a directory, or nothing. */
export type Lookup = (path: string) => { readonly kind: 'file'; readonly text?: string } | { readonly kind: 'directory' } | undefined;

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** Every relative link or anchor of `file` (a path from the repository root) that does not resolve. */
export function brokenLinks(file: string, markdown: string, lookup: Lookup): string[] {
  const broken: string[] = [];
  for (const { line, destination } of linksOf(markdown)) {
    if (EXTERNAL.test(destination)) continue;
    const hash = destination.indexOf('#');
    const path = hash < 0 ? destination : destination.slice(0, hash);
    const anchor = hash < 0 ? undefined : decodeURIComponent(destination.slice(hash + 1));
    const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path)));
    const where = `${file}:${line}: ${destination}`;
    if (target.startsWith('../') || target === '..') {
      broken.push(`${where} (outside the repository)`);
      continue;
    }
    const found = path === '' ? { kind: 'file' as const, text: markdown } : lookup(target.replace(/\/$/, '') || '.');
    if (found === undefined) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && !(found.kind === 'file' && found.text !== undefined && anchorsOf(found.text).has(anchor)))
      broken.push(`${where} (no such heading in ${target})`);
  }
  return broken;
}
