import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEVELS, PERMISSIONS } from '../core/access.js';
import { allLevelNames, buildSchema, permissionProperties } from './schema.js';

const SCHEMA_FILE = fileURLToPath(new URL('../../schemas/tfe-access.schema.json', import.meta.url));

// Regenerate with: WRITE_SCHEMA=1 npx vitest run src/validate/schema.test.ts
if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, JSON.stringify(buildSchema(), null, 2) + '\n');

type Node = Record<string, unknown>;
const at = (node: unknown, ...path: string[]): Node => path.reduce<Node>((n, k) => n[k] as Node, node as Node);

describe('schemas/tfe-access.schema.json', () => {
  it('equals the schema built from the access tables (regenerate with WRITE_SCHEMA=1)', () => {
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(buildSchema());
  });
});

describe('buildSchema', () => {
  const schema = buildSchema();

  it('is JSON Schema 2020-12 and closed at the top level', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['organization']);
  });

  it('takes the access levels of inline grants from the tables', () => {
    expect(at(schema, '$defs', 'projectInlineGrant', 'properties', 'access').enum).toEqual([...LEVELS['team-projects']]);
    expect(at(schema, '$defs', 'workspaceInlineGrant', 'properties', 'access').enum).toEqual([...LEVELS['team-workspaces']]);
  });

  it('has every permission attribute of the tables with its allowed values, and nothing else', () => {
    for (const resource of ['team-projects', 'team-workspaces'] as const) {
      const properties = permissionProperties(resource);
      const seen: string[] = [];
      for (const spec of PERMISSIONS[resource]) {
        const node = at(properties, ...spec.key.split('.').flatMap((p, i, all) => (i < all.length - 1 ? [p, 'properties'] : [p])));
        if (spec.values === 'boolean') expect(node.type).toBe('boolean');
        else expect(node.enum).toEqual([...spec.values]);
        expect(node.default).toEqual(spec.customDefault);
        seen.push(spec.key);
      }
      const count = Object.values(properties).reduce<number>(
        (n, p) => n + ((p as Node).properties ? Object.keys((p as Node).properties as Node).length : 1),
        0,
      );
      expect(count).toBe(seen.length);
    }
  });

  it('forbids role names that are level names of either kind', () => {
    const names = at(schema, 'properties', 'roles', 'properties', 'project', 'propertyNames', 'not').enum;
    expect(names).toEqual(allLevelNames());
    expect(allLevelNames()).toEqual(expect.arrayContaining([...LEVELS['team-projects'], ...LEVELS['team-workspaces']]));
  });

  it('allows permission attributes only with access: custom', () => {
    // Without `role`, access is required; then attributes only with custom.
    const grant = at(at(schema, '$defs', 'workspaceInlineGrant'), 'else');
    expect(grant.required).toEqual(['access']);
    expect(grant.if).toEqual({ properties: { access: { const: 'custom' } } });
    const forbidden = at(grant, 'else', 'properties');
    expect(Object.keys(forbidden).sort()).toEqual(PERMISSIONS['team-workspaces'].map((p) => p.key).sort());
    expect(Object.values(forbidden).every((v) => v === false)).toBe(true);
  });

  it('takes `role` in place of `access`, never both, and no attributes beside a role', () => {
    const grant = at(schema, '$defs', 'projectInlineGrant');
    expect(grant.if).toEqual({ properties: { role: true }, required: ['role'] });
    const forbidden = at(grant, 'then', 'properties');
    expect(Object.keys(forbidden).sort()).toEqual(['access', ...Object.keys(at(schema, '$defs', 'projectPermissions', 'properties'))].sort());
    expect(Object.values(forbidden).every((v) => v === false)).toBe(true);
  });

  it('has a description on every property and every object of the schema', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as Node;
      if (n.properties) {
        for (const [key, child] of Object.entries(n.properties as Node)) {
          if (child !== false && !(child as Node).description) missing.push(`${path}.${key}`);
        }
      }
      // An `if` is a condition, not a property editors document.
      for (const [key, child] of Object.entries(n)) if (key !== 'if') walk(child, `${path}.${key}`);
    };
    walk(schema, '#');
    for (const [name, def] of Object.entries(schema.$defs as Node)) if (!(def as Node).description) missing.push(`$defs.${name}`);
    expect(missing).toEqual([]);
  });
});
