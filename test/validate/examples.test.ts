// The examples: every one validates (schema, rules, model), and the written schema file, used the
// way an editor uses it, accepts every example and rejects every schema-matter fixture.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../../src/load/document.js';
import { loadDesiredState } from '../../src/pipeline/disk/desired-state.js';
import { INVALID_DIR, SCHEMA_MATTERS } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/tfe-access.schema.json'), 'utf8')) as object;
const validateWithFile = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

const yamlIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((n) => n.endsWith('.yaml'))
    .map((n) => join(dir, n));
const EXAMPLES = [...yamlIn('examples/acme'), ...yamlIn('examples/focused')];

describe('examples', () => {
  it('are all there', () => {
    expect(yamlIn('examples/acme').length).toBeGreaterThanOrEqual(2);
    expect(yamlIn('examples/focused').length).toBeGreaterThanOrEqual(5);
  });

  for (const example of EXAMPLES) {
    it(`${example} carries the schema comment, relative to itself`, () => {
      const first = readFileSync(join(ROOT, example), 'utf8').split('\n')[0];
      expect(first).toBe('# yaml-language-server: $schema=../../schemas/tfe-access.schema.json');
    });

    it(`${example} matches schemas/tfe-access.schema.json`, () => {
      const parsed = parseYamlText(example, readFileSync(join(ROOT, example), 'utf8'));
      expect(parsed.problems).toEqual([]);
      expect(validateWithFile(parsed.loaded.data), JSON.stringify(validateWithFile.errors)).toBe(true);
    });
  }

  for (const focused of yamlIn('examples/focused')) {
    it(`${focused} validates on its own`, async () => {
      const result = await loadDesiredState([focused], ROOT);
      expect(result.problems).toEqual([]);
      expect(result.state?.organization).toBe('acme');
    });
  }

  it('examples/acme validates as one organization over several files', async () => {
    const result = await loadDesiredState(['examples/acme'], ROOT);
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual(yamlIn('examples/acme').sort());
    const state = result.state!;
    const ignoredAt = { file: join('examples', 'acme', '00-organization.yaml'), line: 9, col: 18 };
    expect(state.settings).toEqual({ prune: true, ignoreTeams: ['break-glass'], ignoreTeamSources: new Map([['break-glass', ignoredAt]]), maxRemovals: 10 });
    expect(state.targets.map((t) => `${t.type}:${t.name}`)).toEqual([
      'project:data',
      'project:platform',
      'project:sandbox',
      'workspace:analytics-warehouse',
      'workspace:billing-api-prod',
      'workspace:networking-prod',
    ]);
    const additive = state.targets.find((t) => t.name === 'analytics-warehouse');
    expect(additive?.prune).toBe(false);
    const roles = state.targets.flatMap((t) => t.grants.filter((g) => g.role).map((g) => g.role));
    expect(new Set(roles)).toEqual(new Set(['deployer', 'observer', 'planner', 'variable-editor']));
  });
});

describe('schemas/tfe-access.schema.json on the failure fixtures', () => {
  for (const fixture of SCHEMA_MATTERS) {
    it(`rejects ${fixture}`, () => {
      const parsed = parseYamlText(fixture, readFileSync(join(INVALID_DIR, fixture), 'utf8'));
      expect(parsed.loaded.data).toBeDefined();
      expect(validateWithFile(parsed.loaded.data)).toBe(false);
    });
  }
});
