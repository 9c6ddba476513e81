// docs/files.md restates the flags' table (core/team-flags.ts): every flag with its default, what it
// brings and whether it is newer, and no other; the settings of teams with their defaults.
import { describe, expect, it } from 'vitest';
import { TEAM_FLAGS } from '../../src/core/team-flags.js';
import { readPage } from '../support/manual.js';

const DOC = readPage('docs/files.md');

describe('docs/files.md, "Organization-access flags"', () => {
  it('has a row for every flag of the table, in its order, with its default, companions, newness and source', () => {
    const section = DOC.slice(DOC.indexOf('## Organization-access flags'), DOC.indexOf('## Rules'));
    const rows = section.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual(
      TEAM_FLAGS.map((f) =>
        `| \`${f.key}\` | \`${String(f.defaultValue)}\` | ${f.implies.map((k) => `\`${k}\``).join(', ')} | ${f.newer ? 'yes' : ''} | ${f.description} | ${f.source} |`
          .replace(/\| {2}\|/g, '| |')
          .replace(/\| {2}\|/g, '| |'),
      ),
    );
  });

  it('documents the settings of teams with their defaults', () => {
    for (const row of ['| `prune-teams` | boolean | `false` |', '| `max-team-deletions` | integer >= 0 | `0` |']) expect(DOC).toContain(row);
  });
});
