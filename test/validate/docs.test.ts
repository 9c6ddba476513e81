// The README's file format reference lists every permission attribute of the access tables, with its values and
// custom default, and no others: the reference cannot drift from the tables.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/core/access.js';

const DOC = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

describe('README.md file format reference', () => {
  for (const resource of ['team-projects', 'team-workspaces'] as const) {
    it(`has a row for every ${resource} attribute with its values and default`, () => {
      for (const spec of PERMISSIONS[resource]) {
        const values = spec.values === 'boolean' ? 'true, false' : spec.values.join(', ');
        expect(DOC).toContain(`| \`${spec.key}\` | ${values} | ${String(spec.customDefault)} |`);
      }
    });
  }

  it('has no attribute rows beyond the tables', () => {
    const rows = DOC.split('\n').filter((l) => /^\| `[a-z.-]+` \| .* \| (true|false|[a-z-]+) \| /.test(l) && / \| (true, false|[a-z-]+(, [a-z-]+)+) \| /.test(l));
    expect(rows).toHaveLength(PERMISSIONS['team-projects'].length + PERMISSIONS['team-workspaces'].length);
  });

  it('documents every setting with its default', () => {
    for (const row of ['| `prune` | boolean | `true` |', '| `ignore-teams` | list of team names | `[]` |', '| `max-removals` | integer >= 0 | `10` |', '| `ignore-warnings` | list of warning codes | `[]` |']) expect(DOC).toContain(row);
  });
});
