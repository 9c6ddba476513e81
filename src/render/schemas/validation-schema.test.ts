import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderValidationJson } from '../validation.js';
import { validateReportSchema } from './validation-schema.js';

const SCHEMA_FILE = new URL('../../../schemas/validate.schema.json', import.meta.url);

describe('schemas/validate.schema.json', () => {
  it('is the schema built by validateReportSchema (WRITE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(validateReportSchema(), null, 2)}\n`;
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('accepts the reports renderValidationJson writes and refuses a valid report with problems, or one without its organization', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(validateReportSchema());
    const invalid = JSON.parse(
      renderValidationJson({ files: ['a.yaml'], problems: [{ file: 'a.yaml', line: 2, col: 3, message: 'm', path: 'projects' }] }),
    ) as Record<string, unknown>;
    expect(validate(invalid), JSON.stringify(validate.errors)).toBe(true);
    const state = { organization: 'acme', settings: { prune: true, ignoreTeams: [], maxRemovals: 10 }, targets: [] };
    const valid = JSON.parse(renderValidationJson({ files: ['a.yaml'], problems: [], state })) as Record<string, unknown>;
    expect(validate(valid), JSON.stringify(validate.errors)).toBe(true);
    const warned = JSON.parse(
      renderValidationJson({
        files: ['a.yaml'],
        problems: [],
        state,
        warnings: [{ file: 'a.yaml', line: 4, col: 9, message: 'm', path: 'projects.p.teams.t.expires' }],
      }),
    ) as Record<string, unknown>;
    expect(validate(warned), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...warned, warnings: [{ line: 4 }] })).toBe(false);
    expect(validate({ ...invalid, valid: true })).toBe(false);
    const { organization: _dropped, ...noOrganization } = valid;
    expect(validate(noOrganization)).toBe(false);
    const { manages: _none, ...noManages } = valid;
    expect(validate(noManages)).toBe(false);
    expect(validate({ ...invalid, manages: valid.manages })).toBe(false);
  });
});
