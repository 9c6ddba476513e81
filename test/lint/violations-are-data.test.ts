// docs/effective-access.md, "Policies": the checker finds violations as data (core/policy-rules.ts, RuleFindings)
// and only a renderer phrases them (render/violation-message.ts). So no file of src/policy/ imports
// a renderer, and no violation the checker returns carries words of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const POLICY = join(ROOT, 'src/policy');

describe('policy violations are data until a renderer phrases them', () => {
  it('no file of src/policy/ imports src/render/', () => {
    const files = readdirSync(POLICY).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(0);
    const importers = files.filter((f) => /from '\.\.\/render\//.test(readFileSync(join(POLICY, f), 'utf8')));
    expect(importers).toEqual([]);
  });
});
