// The file format reference (docs/files.md) lists every permission attribute of the access tables, with its values
// and custom default, and no others, nor does any other page of the manual: the reference cannot drift from the tables.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/core/access.js';
import { readManual, readPage } from '../support/manual.js';

const DOC = readPage('docs/files.md');

/** Lines that look like a row of the permission attributes' tables. */
const attributeRows = (text: string): string[] =>
  text.split('\n').filter((l) => /^\| `[a-z.-]+` \| .* \| (true|false|[a-z-]+) \| /.test(l) && / \| (true, false|[a-z-]+(, [a-z-]+)+) \| /.test(l));

describe('docs/files.md, the file format reference', () => {
  for (const resource of ['team-projects', 'team-workspaces'] as const) {
    it(`has a row for every ${resource} attribute with its values and default`, () => {
      for (const spec of PERMISSIONS[resource]) {
        const values = spec.values === 'boolean' ? 'true, false' : spec.values.join(', ');
        expect(DOC).toContain(`| \`${spec.key}\` | ${values} | ${String(spec.customDefault)} |`);
      }
    });
  }

  it('has no attribute rows beyond the tables, and no other page of the manual has any', () => {
    const expected = PERMISSIONS['team-projects'].length + PERMISSIONS['team-workspaces'].length;
    expect(attributeRows(DOC)).toHaveLength(expected);
    expect(attributeRows(readManual())).toHaveLength(expected);
  });

  it('documents every setting with its default', () => {
    for (const row of [
      '| `prune` | boolean | `true` |',
      '| `ignore-teams` | list of team names | `[]` |',
      '| `max-removals` | integer >= 0 | `10` |',
      '| `ignore-warnings` | list of warning codes | `[]` |',
    ])
      expect(DOC).toContain(row);
  });
});
