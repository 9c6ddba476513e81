// Words only at the edge (docs/architecture.md, "The layers"): domain values carry facts and only a
// renderer phrases them. The checker finds violations as data (core/policy-rules.ts, RuleFindings),
// the checksum hashes that data (core/finding-document.ts), and no file of a domain folder, its
// tests included, imports src/render/. The lint says the same by the layers (boundaries.test.ts);
// this reads the tree as it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const DOMAIN = ['diff', 'guard', 'apply', 'review', 'saved-plan', 'policy', 'effective', 'triage', 'evidence', 'adopt', 'core'];
/** An import of render/ from a folder of src/: static, type-only, re-export or dynamic. */
const RENDER_IMPORT = /(?:from|import)\s*\(?\s*'(?:\.\.\/)+render\//;

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('words only at the edge', () => {
  it('no file of a domain folder of src/ imports src/render/', () => {
    const files = DOMAIN.flatMap((folder) => filesOf(join(ROOT, 'src', folder)));
    expect(files.length).toBeGreaterThan(100);
    const importers = files.filter((f) => RENDER_IMPORT.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(importers).toEqual([]);
  });

  it('the pattern finds an import of render/ in each of its forms', () => {
    for (const line of [
      "import { violationMessage } from '../render/violations/violation-message.js';",
      "import type { LooseLimit } from '../../render/apply/loose-limits.js';",
      "const m = await import('../render/plan/json.js');",
    ])
      expect(RENDER_IMPORT.test(line), line).toBe(true);
    expect(RENDER_IMPORT.test("import { quote } from '../core/printable.js';")).toBe(false);
  });

  it('the checksum hashes no violation message: diff/checksum.ts reads no renderer and no message', () => {
    const checksum = readFileSync(join(ROOT, 'src/diff/checksum.ts'), 'utf8');
    expect(checksum).toContain('violationFacts');
    expect(checksum).not.toMatch(/violationDocument|violationMessage|\.message\b/);
  });
});
