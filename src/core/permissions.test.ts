import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type PermissionSet, RESOURCES } from './access.js';
import { nestedPermissionsInto, nestPermissions, orderedEntries } from './permissions.js';

describe('nestedPermissionsInto', () => {
  it('writes what nestPermissions(orderedEntries(...)) builds, in the same key order, after the keys already there', () => {
    const value = fc.oneof(fc.boolean(), fc.constantFrom('read', 'write', 'none', 'apply'));
    const sets = fc.constantFrom(...RESOURCES).chain((resource) =>
      fc.tuple(
        fc.constant(resource),
        fc.subarray(PERMISSIONS[resource].map((spec) => spec.key)).chain((keys) => fc.tuple(...keys.map((key) => value.map((v) => [key, v] as const)))),
      ),
    );
    fc.assert(
      fc.property(sets, ([resource, entries]) => {
        // Given in an order of its own, and with a key the tables do not know: both are left out alike.
        const permissions = Object.fromEntries([...entries].reverse().concat([['not-a-permission', true]])) as PermissionSet;
        const expected = { access: 'custom', role: 'r', ...nestPermissions(orderedEntries(resource, permissions)) };
        const written = nestedPermissionsInto({ access: 'custom', role: 'r' }, resource, permissions);
        expect(JSON.stringify(written)).toBe(JSON.stringify(expected));
      }),
    );
  });
});
