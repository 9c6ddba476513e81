// The version a manifest records is the one `tfe-access --version` prints and the package's own
// (src/core/tool.ts: one constant for both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/cli/main.js';
import { TOOL } from '../../src/core/tool.js';
import { ROOT } from '../support/cli.js';

describe('the tool of a manifest', () => {
  it('is tfe-access at the version --version prints and package.json says', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(TOOL).toEqual({ name: pkg.name, version: VERSION });
    expect(VERSION).toBe(pkg.version);
  });
});
