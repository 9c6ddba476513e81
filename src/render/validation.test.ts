import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../load/document.js';
import type { Problem } from '../load/problem.js';
import { validateDocuments } from '../validate/validate.js';
import { escapeData, escapeProperty, renderValidationGithub, renderValidationJson, renderValidationText, validationSummary } from './validation.js';

// The workflow-command grammar (actions/toolkit): `::error k=v,k=v::data`, where a property value
// holds no raw `%`, `,`, `:`, CR or LF and the data no raw `%`, CR or LF; `%XX` are the escapes.
const PROPERTY = '(?:[^%,:\\r\\n]|%25|%2C|%3A|%0D|%0A)*';
const DATA = '(?:[^%\\r\\n]|%25|%0D|%0A)*';
const COMMAND = new RegExp(`^::error file=(${PROPERTY}),line=(\\d+),col=(\\d+)::(${DATA})$`);

const unescape = (s: string) => s.replaceAll('%0A', '\n').replaceAll('%0D', '\r').replaceAll('%3A', ':').replaceAll('%2C', ',').replaceAll('%25', '%');

const problem = (file: string, message: string, line = 3, col = 7): Problem => ({ file, line, col, message });

describe('renderValidationGithub', () => {
  it('escapes %, CR and LF in the message, and also : and , in the file name', () => {
    const out = renderValidationGithub({ files: ['a,b:c.yaml'], problems: [problem('a,b:c.yaml', '100% sure\r\nnext: line, really')] });
    expect(out.split('\n')[0]).toBe('::error file=a%2Cb%3Ac.yaml,line=3,col=7::100%25 sure%0D%0Anext: line, really');
    expect(escapeData('%0A')).toBe('%250A');
    expect(escapeProperty('x:y,z%')).toBe('x%3Ay%2Cz%25');
  });

  it('prints one well-formed workflow command per problem that reads back to the problem (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '%', ',', ':', '\r', '\n', ' ', '.', 'é', '0', 'A') });
    fc.assert(
      fc.property(fc.array(fc.record({ file: text, message: text, line: fc.nat(), col: fc.nat() }), { maxLength: 5 }), (problems) => {
        const lines = renderValidationGithub({ files: [], problems }).split('\n');
        problems.forEach((p, i) => {
          const match = COMMAND.exec(lines[i] ?? '');
          expect(match).not.toBeNull();
          expect([unescape(match![1]!), Number(match![2]), Number(match![3]), unescape(match![4]!)]).toEqual([p.file, p.line, p.col, p.message]);
        });
        expect(lines[problems.length]).toMatch(/^\d+ problems?|^valid/);
      }),
      { numRuns: 200 },
    );
  });
});

describe('renderValidationText and renderValidationJson', () => {
  it('prints FILE:LINE:COL: message per problem, then a summary', () => {
    const out = renderValidationText({ files: ['a.yaml', 'b.yaml'], problems: [problem('a.yaml', 'x: bad'), problem('b.yaml', 'y: worse', 1, 1)] });
    expect(out).toBe('a.yaml:3:7: x: bad\nb.yaml:1:1: y: worse\n2 problems in 2 files.\n');
  });

  it('prints the problems as one JSON object', () => {
    const body = JSON.parse(renderValidationJson({ files: ['a.yaml'], problems: [problem('a.yaml', 'x: bad')] })) as unknown;
    expect(body).toEqual({
      valid: false,
      files: ['a.yaml'],
      problems: [{ file: 'a.yaml', line: 3, col: 7, message: 'x: bad' }],
      warnings: [],
      summary: { files: 1, problems: 1, warnings: 0 },
    });
  });
});

// Issue 24, finding 8: a file of sets only has no targets of its own; validate said it managed
// nothing, and plan then added a grant on every workspace the sets matched.
describe('regression: `validate` of a sets-only file says "no targets managed" and `plan` then adds 5 grants', () => {
  const settings = { prune: true, ignoreTeams: [], maxRemovals: 10 };
  const set = (name: string, teams: string[]) => ({
    type: 'workspace' as const,
    name,
    match: { names: ['*'] },
    prune: true,
    grants: teams.map((team) => ({ team, access: { access: 'read' as const } })),
  });
  const state = { organization: 'acme', settings, targets: [], sets: [set('prod', ['sre']), set('platform', ['auditors', 'ci'])] };

  it('the summary counts the sets and their grants, and says their targets come from the organization', () => {
    const out = renderValidationText({ files: ['a.yaml'], problems: [], state });
    expect(out).toBe('valid: 1 file, organization "acme": 2 sets (their targets are known once plan reads the organization), 3 grants.\n');
    expect(out).not.toContain('no targets managed');
  });

  it('JSON says what the files manage: entries by kind, sets, grants as written, policies', () => {
    const body = JSON.parse(renderValidationJson({ files: ['a.yaml'], problems: [], state })) as { manages?: unknown };
    expect(body.manages).toEqual({ projects: 0, workspaces: 0, sets: 2, grants: 3, policies: 0 });
  });

  it('files of neither entries nor sets still manage nothing, and say so', () => {
    const none = { organization: 'acme', settings, targets: [] };
    expect(renderValidationText({ files: ['a.yaml'], problems: [], state: none })).toBe(
      'valid: 1 file, organization "acme": no targets managed (no projects or workspaces).\n',
    );
    expect((JSON.parse(renderValidationJson({ files: ['a.yaml'], problems: [], state: none })) as { manages?: unknown }).manages).toEqual({
      projects: 0,
      workspaces: 0,
      sets: 0,
      grants: 0,
      policies: 0,
    });
  });
});

describe('validationSummary', () => {
  it("validate's summary counts the policies when there are some", () => {
    const result = validateDocuments([
      parseYamlText(
        'f0.yaml',
        'organization: acme\nworkspaces:\n  w: { teams: { a: read } }\npolicies:\n  - { name: p, workspaces: { names: ["*"] }, max-access: write }\n',
      ).loaded,
    ]);
    if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
    expect(validationSummary({ files: ['f0.yaml'], problems: [], state: result.state })).toBe(
      'valid: 1 file, organization "acme": 0 projects, 1 workspace, 1 grant, 1 policy.',
    );
  });
});
