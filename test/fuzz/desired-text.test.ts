// Desired-state text through the CLI (extends test/validate/properties.test.ts, which fuzzes the
// loader and validator as functions): hostile file content ends in exit 0 or 1, one problem per
// line, no stack, and nothing a CI log would take for a command of its own: in a GitHub Actions
// log every line that starts with `::` is a workflow command, so file content must never start a
// line, in the text format or the github one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const RUNS = Number(process.env.TFE_ACCESS_CHAOS_RUNS ?? 0) >= 100 ? 1000 : 100;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-text-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const piece = fc.constantFrom(
  'organization: acme\n',
  'projects:\n',
  '  p:\n',
  '    teams:\n',
  '      t: read\n',
  'settings:\n',
  '  prune: ',
  '"a\\nb"',
  '"\\u001b[31m"',
  '"::error::owned"',
  '\n::warning::x\n',
  "'\n::set-output name=a::b'",
  '&a ',
  '*a',
  '{',
  '}',
  '[',
  ']',
  ': ',
  '- ',
  '#',
  '\t',
  '%0A',
  'x',
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 25 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '"', '\\', 'u', '0', '1', 'b', 'e', '\u001b', '\u2028', '\u0085'), maxLength: 60 }),
);

describe('desired-state text through `validate`', () => {
  it.each(['text', 'github'])(
    '--format %s: exit 0 or 1, one line per problem, no stack, no line a CI log would run',
    async (format) => {
      await fc.assert(
        fc.asyncProperty(text, async (content) => {
          await writeFile(join(dir, 'tfe-access.yaml'), content);
          const run = await runCli(['validate', '--format', format], { cwd: dir });
          const what = `${JSON.stringify(content)}\n${run.out}${run.err}`;
          expect([0, 1], what).toContain(run.code);
          expect(run.err, what).toBe('');
          expect(run.out.endsWith('\n'), what).toBe(true);
          const lines = run.out.slice(0, -1).split('\n');
          for (const line of lines.slice(0, -1)) {
            if (format === 'github') expect(line, what).toMatch(/^::error file=[^:,]*,line=\d+,col=\d+::/);
            else expect(line, what).toMatch(/^tfe-access\.yaml:\d+:\d+: /);
          }
          expect(lines.at(-1), what).toMatch(/^(valid: |\d+ problems? in )/);
          // The github format escapes CR and LF its own way (%0D, %0A: annotations may span lines).
          if (format === 'text') expect(run.out, what).not.toMatch(UNPRINTABLE);
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );
});

describe('regressions', () => {
  it("regression: a newline in a desired-state value started a line of its own in validate's text output (a `::` workflow command in a GitHub Actions log)", async () => {
    const hostile = 'organization: acme\nprojects:\n  p:\n    teams:\n      t: "read\\n::warning::owned\\u0085::error::twice"\n';
    await writeFile(join(dir, 'tfe-access.yaml'), hostile);
    const run = await runCli(['validate'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.out.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
    expect(run.out).toMatch(/^tfe-access\.yaml:5:\d+: [^\n]*read ::warning::owned ::error::twice/);
  });
});
