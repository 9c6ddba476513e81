// README.md: every `tfe-access COMMAND --flag` it shows exists, and the export flags table
// lists every flag `tfe-access export --help` has.
import { describe, expect, it } from 'vitest';
import { helpOf, invocationsIn, readText, unknownFlags } from './recipes.js';

const DOC = 'README.md';

describe(DOC, () => {
  it('shows only commands and flags that exist', async () => {
    const calls = invocationsIn(readText(DOC), DOC);
    expect(calls.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const call of calls) for (const flag of await unknownFlags(call)) problems.push(`tfe-access ${call.command} ${flag}`);
    expect(problems).toEqual([]);
  });

  it('documents every flag of export', async () => {
    const flags = [...(await helpOf('export')).matchAll(/^\s+(--[\w-]+)/gm)].map((m) => m[1] ?? '');
    expect(flags.length).toBeGreaterThanOrEqual(10);
    const doc = readText(DOC);
    expect(flags.filter((flag) => !doc.includes(`\`${flag}`))).toEqual([]);
  });
});
