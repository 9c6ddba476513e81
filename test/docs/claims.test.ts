// Issue 36, item 9: claims of the docs that the code had outgrown. Policy exceptions exist (a policy's
// `exceptions`, docs/evidence.md "Accepted exceptions"): docs/effective-access.md must not say they
// do not.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string): string => readFileSync(resolve(ROOT, path), 'utf8').replace(/\s+/g, ' ');

describe('what the docs claim', () => {
  it('finding 9: docs/effective-access.md says policy exceptions exist, and where they are described', () => {
    const doc = read('docs/effective-access.md');
    expect(doc).not.toMatch(/exceptions do not exist yet/i);
    expect(doc).toContain('[Accepted exceptions](evidence.md#accepted-exceptions)');
    expect(read('docs/evidence.md')).toContain('## Accepted exceptions');
  });
});
