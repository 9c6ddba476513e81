// drift --adopt's outputs (docs/drift.md, "Adopt"): the diff per file and the items not adopted, in
// text, Markdown (the diff fenced, for a pull request) and JSON (valid against the plan's schema).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Adoption } from '../../src/core/adoption.js';
import type { DriftItem } from '../../src/core/drift-item.js';
import { proveClean } from '../../src/pipeline/use-cases/adopt.js';
import { adoptionDocument } from '../../src/render/drift/adoption-json.js';
import { adoptionMarkdown } from '../../src/render/drift/adoption-markdown.js';
import { adoptionText } from '../../src/render/drift/adoption-text.js';
import { adoptionSchema } from '../../src/render/schemas/adoption-schema.js';
import { sreAdminOnApiProd } from '../support/plan-changes.js';

const item: DriftItem = sreAdminOnApiProd({ kind: 'set', name: 'prod' });

const ADOPTION: Adoption = {
  edits: [
    {
      path: 'access.yaml',
      before: 'organization: acme\nworkspaces:\n  web:\n    teams:\n      dev: read\n',
      after: 'organization: acme\nworkspaces:\n  web:\n    teams:\n      dev: write\n',
    },
  ],
  adopted: 1,
  notAdopted: [{ item, reason: 'set-wide', detail: 'set prod gives team sre a grant on every target it matches' }],
};

describe('the outputs of drift --adopt', () => {
  it('text: a summary, the unified diff, then each item not adopted', () => {
    expect(adoptionText(ADOPTION, false)).toBe(
      [
        'Adopted into the files: 1 item, 1 file changed.',
        '',
        '--- a/access.yaml',
        '+++ b/access.yaml',
        '@@ -2,4 +2,4 @@',
        ' workspaces:',
        '   web:',
        '     teams:',
        '-      dev: read',
        '+      dev: write',
        '',
        'Not adopted (1):',
        '  grant of team sre on workspace api-prod (missing): set-wide: set prod gives team sre a grant on every target it matches',
        '',
      ].join('\n'),
    );
  });

  it('markdown: each diff in a ```diff fence', () => {
    const md = adoptionMarkdown(ADOPTION);
    expect(md).toContain('```diff\n--- a/access.yaml\n+++ b/access.yaml\n');
    expect(md).toContain('-      dev: read\n+      dev: write\n```\n');
    expect(md).toContain('### Not adopted (1)\n\n- grant of team sre on workspace api-prod (missing): set-wide: ');
  });

  it('json: files with their diff, the count, and each item not adopted, valid against the schema', () => {
    const document = adoptionDocument(ADOPTION);
    expect(document).toMatchObject({
      adopted: 1,
      files: [{ path: 'access.yaml' }],
      not_adopted: [{ reason: 'set-wide', item: { kind: 'grant', key: 'grant team-workspaces ws-api team-sre' } }],
    });
    const validate = new Ajv2020({ strict: false }).compile(adoptionSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('an adopted item the edited files still differ in fails loudly', () => {
    const plan = { changes: [item] };
    expect(() => proveClean([item], { plan } as never)).toThrow('the edited files still differ from live access in grant team-workspaces ws-api team-sre');
    expect(() => proveClean([item], { plan: { changes: [] } } as never)).not.toThrow();
  });
});
