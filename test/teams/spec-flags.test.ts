// Issue 39, Build 1: the flags' table (core/team-flags.ts) is checked against the service's published
// OpenAPI document (an excerpt in test/fixtures/openapi/, README.md there says whence): every flag of
// the spec's team schema is a row, and no row is a flag the spec lacks. The emulator's current profile
// serves exactly those flags too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEAM_FLAG_KEYS, TEAM_FLAGS } from '../../src/core/team-flags.js';
import { CURRENT_FLAGS, SEED_FLAGS } from '../../src/emulator/team-flags.js';

const SPEC_FILE = new URL('../fixtures/openapi/teams-organization-access.json', import.meta.url);

function specFlags(): string[] {
  const doc = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as {
    teams: { attributes: { 'organization-access': { type: string; properties: Record<string, { type: string }> } } };
  };
  const access = doc.teams.attributes['organization-access'];
  expect(access.type).toBe('object');
  for (const [key, schema] of Object.entries(access.properties)) expect(schema.type, key).toBe('boolean');
  return Object.keys(access.properties);
}

const sorted = (keys: readonly string[]): string[] => [...keys].sort();

describe('the organization-access flags against the v2 OpenAPI spec', () => {
  it('the spec excerpt says where it comes from and has the 21 flags', () => {
    const doc = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as { source: string };
    expect(doc.source).toContain('go-tfe v2/openapi/spec.json');
    expect(specFlags()).toHaveLength(21);
  });

  it('every flag of the spec is a row of the table, and every row a flag of the spec', () => {
    const spec = specFlags();
    expect(
      TEAM_FLAG_KEYS.filter((k) => !spec.includes(k)),
      'rows the spec does not have',
    ).toEqual([]);
    expect(
      spec.filter((k) => !TEAM_FLAG_KEYS.includes(k)),
      'flags of the spec the table lacks',
    ).toEqual([]);
    expect(new Set(TEAM_FLAG_KEYS).size).toBe(TEAM_FLAG_KEYS.length);
  });

  it('each of the five flags only the spec names says what it lets a team do and where that is said', () => {
    const five = [
      'manage-public-providers',
      'manage-public-modules',
      'manage-registry-components',
      'manage-registry-artifact-tags',
      'manage-registry-artifact-version-tags',
    ];
    for (const key of five) {
      const row = TEAM_FLAGS.find((f) => f.key === key);
      expect(row, key).toBeDefined();
      expect(row?.defaultValue).toBe(false);
      expect(row?.newer, key).toContain('v2 OpenAPI spec');
      expect(row?.source, key).toContain('v2 OpenAPI spec');
      expect(row?.description.length, key).toBeGreaterThan(20);
    }
  });

  it('the emulator: the current profile serves every flag of the spec, the seed profile the fourteen of the docs', () => {
    expect(sorted(CURRENT_FLAGS)).toEqual(sorted(specFlags()));
    expect(sorted(SEED_FLAGS)).toEqual(sorted(TEAM_FLAGS.filter((f) => f.newer === undefined).map((f) => f.key)));
  });
});
