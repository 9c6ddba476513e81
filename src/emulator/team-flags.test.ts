import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENT_FLAGS, ORGANIZATION_FLAGS, SEED_FLAGS, withCompanions } from './team-flags.js';

const flags = fc.dictionary(fc.constantFrom(...CURRENT_FLAGS), fc.boolean());

describe('the companion flags', () => {
  it('docs/api.md, "Teams": each flag brings its companions, and theirs', () => {
    expect(withCompanions({ 'manage-projects': true })).toEqual({
      'manage-projects': true,
      'manage-workspaces': true,
      'read-projects': true,
      'read-workspaces': true,
    });
    expect(withCompanions({ 'manage-organization-access': true })).toEqual({
      'manage-organization-access': true,
      'manage-teams': true,
      'manage-membership': true,
    });
    expect(withCompanions({ 'read-projects': true, 'read-workspaces': false })).toEqual({ 'read-projects': true, 'read-workspaces': true });
    expect(withCompanions({ 'manage-teams': false })).toEqual({ 'manage-teams': false });
  });

  it('never turns a flag off, leaves every companion of a true flag true, and is idempotent', () => {
    fc.assert(
      fc.property(flags, (given) => {
        const out = withCompanions(given);
        for (const [key, value] of Object.entries(given)) if (value) expect(out[key]).toBe(true);
        for (const flag of ORGANIZATION_FLAGS) if (out[flag.key]) for (const companion of flag.implies) expect(out[companion]).toBe(true);
        expect(withCompanions(out)).toEqual(out);
      }),
    );
  });

  it("the seed profile has the fourteen flags of the docs' samples; its companions are among them", () => {
    expect(SEED_FLAGS).toHaveLength(14);
    expect(CURRENT_FLAGS.filter((f) => !SEED_FLAGS.includes(f))).toEqual([
      'delegate-policy-overrides',
      'access-secret-teams',
      'manage-public-providers',
      'manage-public-modules',
      'manage-registry-components',
      'manage-registry-artifact-tags',
      'manage-registry-artifact-version-tags',
    ]);
    expect(CURRENT_FLAGS).toHaveLength(21);
    for (const flag of ORGANIZATION_FLAGS) for (const companion of flag.implies) expect(SEED_FLAGS).toContain(companion);
  });
});
