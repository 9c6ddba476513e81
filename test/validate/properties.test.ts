// Property tests: generated valid documents validate and normalise; mutated examples and random
// text never throw and always end in positioned problems or a state.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { LEVELS, PERMISSIONS, type PermissionSpec, type Resource } from '../../src/core/access.js';
import { permissionsOf } from '../../src/core/permissions.js';
import { parseYamlText } from '../../src/load/document.js';
import type { Problem } from '../../src/load/problem.js';
import { allLevelNames, fixedLevels } from '../../src/validate/schema.js';
import { validateDocuments } from '../../src/validate/validate.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = 150;

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
const roleName = name.filter((n) => !allLevelNames().includes(n));

function valueOf(spec: PermissionSpec): fc.Arbitrary<string | boolean> {
  return spec.values === 'boolean' ? fc.boolean() : fc.constantFrom(...spec.values);
}

/** A permission map in the file's shape: nested groups for dotted keys, flat otherwise. */
function permissions(resource: Resource): fc.Arbitrary<Record<string, unknown>> {
  return fc.subarray([...PERMISSIONS[resource]]).chain((specs) =>
    fc.tuple(...specs.map(valueOf)).map((values) => {
      const out: Record<string, Record<string, unknown> | unknown> = {};
      specs.forEach((spec, i) => {
        const [group, attribute] = spec.key.split('.');
        if (attribute === undefined) out[group!] = values[i];
        else out[group!] = { ...((out[group!] as Record<string, unknown>) ?? {}), [attribute]: values[i] };
      });
      return out;
    }),
  );
}

function grant(resource: Resource, roles: string[]): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...fixedLevels(resource)),
    fc.constantFrom(...fixedLevels(resource)).map((access) => ({ access })),
    permissions(resource).map((p) => ({ access: 'custom', ...p })),
  ];
  if (roles.length > 0) options.push(fc.constantFrom(...roles));
  return fc.oneof(...options);
}

const document = fc.record({ project: fc.uniqueArray(roleName, { maxLength: 3 }), workspace: fc.uniqueArray(roleName, { maxLength: 3 }) }).chain((roles) =>
  fc.record({
    organization: name,
    settings: fc.record({ prune: fc.boolean(), 'max-removals': fc.nat(50) }, { requiredKeys: [] }),
    roles: fc.record({
      project: fc.tuple(...roles.project.map(() => permissions('team-projects'))).map((defs) => Object.fromEntries(roles.project.map((r, i) => [r, defs[i]]))),
      workspace: fc
        .tuple(...roles.workspace.map(() => permissions('team-workspaces')))
        .map((defs) => Object.fromEntries(roles.workspace.map((r, i) => [r, defs[i]]))),
    }),
    projects: fc.dictionary(
      name,
      fc.record({ prune: fc.boolean(), teams: fc.dictionary(name, grant('team-projects', roles.project), { maxKeys: 4 }) }, { requiredKeys: ['teams'] }),
      { maxKeys: 3 },
    ),
    workspaces: fc.dictionary(name, fc.record({ teams: fc.dictionary(name, grant('team-workspaces', roles.workspace), { maxKeys: 4 }) }), { maxKeys: 3 }),
  }),
);

// A problem in the text always has a position; only problems of a path have none (load/problem.ts).
function expectPositioned(text: string, problems: readonly Problem[]): void {
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const p of problems) {
    expect(p.file).toBe('m.yaml');
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.line).toBeLessThanOrEqual(lines + 1);
    expect(p.col).toBeGreaterThanOrEqual(1);
    expect(p.message).not.toMatch(/[\r\n]|\n\s+at /);
    expect(p.message.length).toBeGreaterThan(0);
  }
}

function check(text: string): void {
  const parsed = parseYamlText('m.yaml', text);
  const result = validateDocuments([parsed.loaded]);
  const problems = [...parsed.problems, ...('problems' in result ? result.problems : [])];
  expectPositioned(text, problems);
  // As loadDesiredState composes them: a state only when neither step found a problem.
  if (!('state' in result)) expect(problems.length).toBeGreaterThan(0);
}

describe('properties', () => {
  it('generated valid documents validate and normalise', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const result = validateDocuments([parseYamlText('g.yaml', stringify(doc)).loaded]);
        if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
        const state = result.state;
        expect(state.organization).toBe(doc.organization);
        expect(state.targets).toHaveLength(Object.keys(doc.projects).length + Object.keys(doc.workspaces).length);
        for (const target of state.targets) {
          const resource: Resource = target.type === 'project' ? 'team-projects' : 'team-workspaces';
          expect(target.grants.map((g) => g.team)).toEqual(target.grants.map((g) => g.team).sort());
          for (const g of target.grants) {
            expect(LEVELS[resource]).toContain(g.access.access);
            // custom: the whole vector; a fixed level: its row, every seed attribute (a newer one only where a source gives it).
            const keys = Object.keys(permissionsOf(resource, g.access)).sort();
            if (g.access.access === 'custom') expect(keys).toEqual(PERMISSIONS[resource].map((p) => p.key).sort());
            else expect(keys).toEqual(expect.arrayContaining(PERMISSIONS[resource].filter((p) => p.newer === undefined).map((p) => p.key)));
            for (const key of keys) expect(PERMISSIONS[resource].map((p) => p.key)).toContain(key);
            if (g.role) expect(g.access.access).toBe('custom');
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  const examples = ['examples/acme', 'examples/focused'].flatMap((d) => readdirSync(join(ROOT, d)).map((n) => readFileSync(join(ROOT, d, n), 'utf8')));

  it('random mutations of the examples never throw and end in positioned problems or a state', () => {
    const mutation = fc.record({
      at: fc.nat(),
      cut: fc.nat(12),
      insert: fc.string({ unit: fc.constantFrom(' ', '\n', ':', '-', '&', '*', '{', '[', '"', '#', 'x', '1', '\t', '!', '?', '|'), maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.constantFrom(...examples), fc.array(mutation, { minLength: 1, maxLength: 4 }), (text, edits) => {
        let out = text;
        for (const { at, cut, insert } of edits) {
          const i = at % (out.length + 1);
          out = out.slice(0, i) + insert + out.slice(i + cut);
        }
        check(out);
      }),
      { numRuns: RUNS },
    );
  });

  it('random text never throws and ends in positioned problems or a state', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), check), { numRuns: 100 });
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ':', ' ', '\n', '-', '&a', '*a', '{', '}', '[', ']', ',', '"', "'", '#', '---', '? ', '!!str '),
          maxLength: 60,
        }),
        check,
      ),
      { numRuns: 100 },
    );
  });
});
