// README.md: every `tfe-access COMMAND --flag` it shows exists, and the export flags table
// lists every flag `tfe-access export --help` has.
import { describe, expect, it } from 'vitest';
import { GITHUB_WORKFLOWS, helpOf, invocationsIn, readText, readYaml, unknownFlags } from './recipes.js';

const DOC = 'README.md';

describe(DOC, () => {
  it('shows only commands and flags that exist', async () => {
    const calls = invocationsIn(readText(DOC), DOC);
    expect(calls.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const call of calls) for (const flag of await unknownFlags(call)) problems.push(`tfe-access ${call.command} ${flag}`);
    expect(problems).toEqual([]);
  });

  it('regression: the recovery advice after a refused post-merge apply is to push to a merged pull request', () => {
    const doc = readText(DOC);
    expect(doc).not.toMatch(/push to the pull request again|merge again/);
    // What it advises instead runs: every `gh workflow run FILE -f INPUT=N` names an example
    // workflow that can be run by hand with that input, the plan first, then the apply.
    const runs = [...doc.matchAll(/gh workflow run ([\w.-]+) -f ([\w-]+)=/g)].map((m) => ({ file: m[1] ?? '', input: m[2] ?? '' }));
    expect(runs.map((r) => r.file)).toEqual(['tfe-access-plan.yml', 'tfe-access-apply.yml']);
    for (const { file, input } of runs) {
      const path = GITHUB_WORKFLOWS.find((p) => p.endsWith(`/${file}`));
      expect(path, file).toBeDefined();
      const on = (readYaml(path ?? '') as { on: { workflow_dispatch?: { inputs?: Record<string, unknown> } } }).on;
      expect(Object.keys(on.workflow_dispatch?.inputs ?? {}), file).toContain(input);
    }
  });

  it('documents every flag of export', async () => {
    const flags = [...(await helpOf('export')).matchAll(/^\s+(--[\w-]+)/gm)].map((m) => m[1] ?? '');
    expect(flags.length).toBeGreaterThanOrEqual(10);
    const doc = readText(DOC);
    expect(flags.filter((flag) => !doc.includes(`\`${flag}`))).toEqual([]);
  });
});
