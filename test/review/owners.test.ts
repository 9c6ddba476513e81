// `review-owners:` in the files (docs/files.md, "`review-owners`"): the schema's and the semantic
// problems at FILE:LINE:COL, and the owners as review start reads them, with where each project is written.
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../../src/load/document.js';
import { validateDocuments } from '../../src/validate/validate.js';

const validate = (text: string) => validateDocuments([parseYamlText('a.yaml', text).loaded]);

describe('review-owners in the files', () => {
  it('reads each owner with its reviewers, projects and tags (and where each is written), in file order', () => {
    const result = validate(
      [
        'organization: acme',
        'review-owners:',
        '  platform:',
        '    reviewers: [ana@acme.test]',
        '    projects: [billing, core]',
        '  web:',
        '    reviewers: [bo]',
        '    tags: [prod]',
        '',
      ].join('\n'),
    );
    expect('state' in result).toBe(true);
    if (!('state' in result)) return;
    expect(result.state.reviewOwners).toEqual([
      {
        owner: 'platform',
        reviewers: ['ana@acme.test'],
        projects: ['billing', 'core'],
        projectSources: [
          { file: 'a.yaml', line: 5, col: 16 },
          { file: 'a.yaml', line: 5, col: 25 },
        ],
        source: { file: 'a.yaml', line: 3, col: 3 },
      },
      { owner: 'web', reviewers: ['bo'], tags: ['prod'], tagSources: [{ file: 'a.yaml', line: 8, col: 12 }], source: { file: 'a.yaml', line: 6, col: 3 } },
    ]);
  });

  it('refuses an owner that covers nothing, one without reviewers, and a name no sheet file can have, each at its place', () => {
    const result = validate(
      [
        'organization: acme',
        'review-owners:',
        '  idle:',
        '    reviewers: [ana]',
        '  nobody:',
        '    projects: [billing]',
        '  "two words":',
        '    reviewers: [ana]',
        '    tags: [prod]',
        '',
      ].join('\n'),
    );
    expect('problems' in result).toBe(true);
    if (!('problems' in result)) return;
    const lines = result.problems.map((p) => `${p.line}:${p.col} ${p.message}`);
    expect(lines.some((l) => l.startsWith('3:3 ') && l.includes('give it `projects`, `tags`, `organization: true`, or several'))).toBe(true);
    expect(lines.some((l) => l.startsWith('5:3 ') && l.includes('reviewers'))).toBe(true);
    expect(lines.some((l) => l.startsWith('7:3 ') && l.includes('names its sheet (review-NAME.csv)'))).toBe(true);
  });

  it('reads `organization: true` (an owner of the organization powers, alone or beside projects), and refuses a typo of the key with its near miss and a value that is no boolean, each at its place', () => {
    const ok = validate(['organization: acme', 'review-owners:', '  security:', '    reviewers: [sec@acme.test]', '    organization: true', ''].join('\n'));
    expect('state' in ok && ok.state.reviewOwners).toEqual([
      { owner: 'security', reviewers: ['sec@acme.test'], organization: true, source: { file: 'a.yaml', line: 3, col: 3 } },
    ]);
    const bad = validate(
      [
        'organization: acme',
        'review-owners:',
        '  security:',
        '    reviewers: [sec]',
        '    organisation: true',
        '  audit:',
        '    reviewers: [aud]',
        '    organization: "yes"',
        '  idle:',
        '    reviewers: [ana]',
        '    organization: false',
        '',
      ].join('\n'),
    );
    expect('problems' in bad).toBe(true);
    if (!('problems' in bad)) return;
    const lines = bad.problems.map((p) => `${p.line}:${p.col} ${p.message}`);
    expect(lines.some((l) => l.startsWith('5:5 ') && l.includes('organisation') && l.includes('Did you mean "organization"?'))).toBe(true);
    expect(lines.some((l) => l.startsWith('8:19 ') && l.includes('expected true or false, got "yes"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('9:3 ') && l.includes('`organization: true`'))).toBe(true);
  });

  it('refuses an owner defined twice across files, naming the first', () => {
    const a = parseYamlText('a.yaml', 'organization: acme\nreview-owners:\n  web:\n    reviewers: [bo]\n    tags: [prod]\n').loaded;
    const b = parseYamlText('b.yaml', 'organization: acme\nreview-owners:\n  web:\n    reviewers: [ana]\n    tags: [dev]\n').loaded;
    const result = validateDocuments([a, b]);
    expect('problems' in result && result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`)).toEqual([
      'b.yaml:3:3 review-owners.web: review owner "web" is defined twice; first defined at a.yaml:3:3',
    ]);
  });
});
