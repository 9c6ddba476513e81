import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOM_DEFAULTS, IMPLIED, LEVELS, PERMISSIONS, RESOURCES } from './access.js';
import { customAccess, permissionsOf } from './permissions.js';

const samples = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/api/samples');
const derived = join(samples, 'implied-permissions.derived.json');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))) as Record<string, unknown>;
}

describe('access tables', () => {
  it('every fixed level has a row with every seed attribute of its resource; only newer attributes may be not known', () => {
    for (const resource of RESOURCES) {
      const keys = PERMISSIONS[resource].map((p) => p.key).sort();
      const seedKeys = PERMISSIONS[resource].filter((p) => p.newer === undefined).map((p) => p.key);
      for (const level of LEVELS[resource].filter((l) => l !== 'custom')) {
        const row = Object.keys(IMPLIED[resource][level] ?? {});
        for (const key of seedKeys) expect(row, `${resource} ${level}`).toContain(key);
        for (const key of row) expect(keys, `${resource} ${level}`).toContain(key);
      }
      expect(Object.keys(CUSTOM_DEFAULTS[resource]).sort()).toEqual(keys);
    }
  });

  it('what the sources say of the newer attributes at fixed levels: only team-workspaces write (policy-overrides false)', () => {
    expect(IMPLIED['team-workspaces'].write?.['policy-overrides']).toBe(false);
    for (const level of ['read', 'plan', 'admin']) expect(IMPLIED['team-workspaces'][level]).not.toHaveProperty('policy-overrides');
    for (const level of ['read', 'write', 'maintain', 'admin']) {
      expect(IMPLIED['team-projects'][level]).not.toHaveProperty('project-access.variable-sets');
      expect(IMPLIED['team-projects'][level]).not.toHaveProperty('workspace-access.policy-overrides');
    }
    expect(CUSTOM_DEFAULTS['team-projects']['project-access.variable-sets']).toBe('none');
    expect(CUSTOM_DEFAULTS['team-projects']['workspace-access.policy-overrides']).toBe(false);
    expect(CUSTOM_DEFAULTS['team-workspaces']['policy-overrides']).toBe(false);
  });

  it('every implied value and custom default is an allowed value of its attribute', () => {
    for (const resource of RESOURCES) {
      for (const spec of PERMISSIONS[resource]) {
        const rows = [...Object.values(IMPLIED[resource]), CUSTOM_DEFAULTS[resource]];
        for (const row of rows) {
          const value = row[spec.key];
          if (value === undefined && spec.newer !== undefined) continue; // not known at this level
          if (spec.values === 'boolean') expect(typeof value).toBe('boolean');
          else expect(spec.values).toContain(value);
        }
      }
    }
  });

  it('custom fills omitted attributes with the defaults and keeps the given ones', () => {
    const set = customAccess('team-projects', { 'workspace-access.runs': 'apply' }).permissions;
    expect(set['workspace-access.runs']).toBe('apply');
    expect(set['project-access.settings']).toBe('read');
    expect(set['workspace-access.delete']).toBe(false);
  });

  it('the seed example holds: read reports settings read and runs read; admin reports delete and apply', () => {
    expect(permissionsOf('team-projects', { access: 'read' })['project-access.settings']).toBe('read');
    expect(permissionsOf('team-projects', { access: 'read' })['workspace-access.runs']).toBe('read');
    expect(permissionsOf('team-projects', { access: 'admin' })['project-access.settings']).toBe('delete');
    expect(permissionsOf('team-projects', { access: 'admin' })['workspace-access.runs']).toBe('apply');
  });

  if (!existsSync(derived)) {
    // CI has ../shared beside the clone; a clone elsewhere says plainly what it did not check.
    it('is NOT CHECKED against ../shared/api/samples/implied-permissions.derived.json: the folder is missing here', () => {
      expect(existsSync(derived)).toBe(false);
    });
    return;
  }

  it('matches shared/api/samples/implied-permissions.derived.json', () => {
    const data = JSON.parse(readFileSync(derived, 'utf8')) as Record<string, Record<string, unknown>>;
    for (const resource of RESOURCES) {
      const table = data[resource] ?? {};
      for (const [level, row] of Object.entries(table)) {
        const ours = level === 'custom-defaults' ? CUSTOM_DEFAULTS[resource] : IMPLIED[resource][level];
        // The samples predate the newer attributes: every attribute they hold, and only those, is compared.
        const theirs = flatten(row);
        const seedPart = Object.fromEntries(Object.entries(ours ?? {}).filter(([key]) => key in theirs));
        expect(seedPart, `${resource} ${level}`).toEqual(theirs);
      }
    }
  });
});
