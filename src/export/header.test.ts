import { describe, expect, it } from 'vitest';
import { authorshipOf, withHeader } from './header.js';

const TEXT = '# yaml-language-server: $schema=s.json\norganization: acme\nworkspaces:\n  a:\n    teams: {}\n';

describe('the export header', () => {
  it('goes right after the schema comment and recognises the file it was written into', () => {
    const text = withHeader(TEXT);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# yaml-language-server: $schema=s.json');
    expect(lines[1]).toMatch(
      /^# Written by tfe-access export \(sha256 of the other lines: [0-9a-f]{64}\)\. Once edited, export replaces it only with --force\.$/,
    );
    expect([lines[0], ...lines.slice(2)].join('\n')).toBe(TEXT);
    expect(authorshipOf(text)).toBe('exported');
    // The same text, the same header: two exports of one state stay byte for byte the same.
    expect(withHeader(TEXT)).toBe(text);
  });

  it("a file without it is someone else's; one edited anywhere after it, or with the header altered, is edited", () => {
    const text = withHeader(TEXT);
    expect(authorshipOf(TEXT)).toBe('other');
    expect(authorshipOf('')).toBe('other');
    expect(authorshipOf(text.replace('teams: {}', 'teams: {ops: read}'))).toBe('edited');
    expect(authorshipOf(`${text}settings:\n  max-removals: 2\n`)).toBe('edited');
    expect(authorshipOf(text.replace('$schema=s.json', '$schema=t.json'))).toBe('edited');
    expect(authorshipOf(text.replace(/: [0-9a-f]{64}\)/, ': 1234)'))).toBe('edited');
  });

  it('only a header among the comments on top counts; line endings are not an edit', () => {
    const header = withHeader(TEXT).split('\n')[1] ?? '';
    expect(authorshipOf(`organization: acme\n${header}\n`)).toBe('other');
    expect(authorshipOf(withHeader(TEXT).replace(/\n/g, '\r\n'))).toBe('exported');
  });
});
