// The manual (README.md and the pages of docs/): every `tfe-access COMMAND --flag` it shows exists,
// the recovery advice after a refused apply runs, and the export flags table lists every flag
// `tfe-access export --help` has.
import { describe, expect, it } from 'vitest';
import { manualPages, readManual, readPage } from '../support/manual.js';
import { GITHUB_WORKFLOWS, helpOf, invocationsIn, readYaml, unknownFlags } from './recipes.js';

/** The page that holds the export flags table. */
const EXPORT_PAGE = 'docs/adopting.md';

describe('the manual', () => {
  it('shows only commands and flags that exist', async () => {
    const calls = manualPages().flatMap((page) => invocationsIn(readPage(page), page));
    expect(calls.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const call of calls) for (const flag of await unknownFlags(call)) problems.push(`${call.where}: tfe-access ${call.command} ${flag}`);
    expect(problems).toEqual([]);
  });

  it('regression: the recovery advice after a refused post-merge apply is to push to a merged pull request', () => {
    const doc = readManual();
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

  it(`documents every flag of export (${EXPORT_PAGE})`, async () => {
    const flags = [...(await helpOf('export')).matchAll(/^\s+(--[\w-]+)/gm)].map((m) => m[1] ?? '');
    expect(flags.length).toBeGreaterThanOrEqual(10);
    const doc = readPage(EXPORT_PAGE);
    expect(flags.filter((flag) => !doc.includes(`\`${flag}`))).toEqual([]);
  });
});
