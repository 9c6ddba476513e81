// The organization-access flags of a team as the emulator's profiles have them, and the companion
// flags the service switches on by itself (docs/api.md, "Teams"). Every flag defaults to false.
export interface OrganizationFlag {
  readonly key: string;
  /** The flags the service switches on with this one, directly (companions closes over them). */
  readonly implies: readonly string[];
  /** A flag the `seed` profile does not have: the docs' team sample of fourteen flags lacks it. */
  readonly currentOnly?: true;
}

// In the order of the current docs' samples (docs/api.md, "Teams"); access-secret-teams, which no
// sample shows, after them, and the v2 spec's five last.
export const ORGANIZATION_FLAGS: readonly OrganizationFlag[] = [
  { key: 'manage-policies', implies: [] },
  { key: 'manage-policy-overrides', implies: [] },
  { key: 'delegate-policy-overrides', implies: [], currentOnly: true },
  { key: 'manage-run-tasks', implies: [] },
  { key: 'manage-workspaces', implies: ['read-workspaces'] },
  { key: 'manage-vcs-settings', implies: [] },
  { key: 'manage-agent-pools', implies: [] },
  { key: 'manage-providers', implies: [] },
  { key: 'manage-modules', implies: [] },
  { key: 'manage-projects', implies: ['manage-workspaces', 'read-projects'] },
  { key: 'read-projects', implies: ['read-workspaces'] },
  { key: 'read-workspaces', implies: [] },
  { key: 'manage-membership', implies: [] },
  { key: 'manage-teams', implies: ['manage-membership'] },
  { key: 'manage-organization-access', implies: ['manage-teams', 'manage-membership'] },
  { key: 'access-secret-teams', implies: [], currentOnly: true },
  // The five the v2 OpenAPI spec adds (docs/api.md, "Teams"), in the spec's order.
  { key: 'manage-public-providers', implies: [], currentOnly: true },
  { key: 'manage-public-modules', implies: [], currentOnly: true },
  { key: 'manage-registry-components', implies: [], currentOnly: true },
  { key: 'manage-registry-artifact-tags', implies: [], currentOnly: true },
  { key: 'manage-registry-artifact-version-tags', implies: [], currentOnly: true },
];

export const SEED_FLAGS: readonly string[] = ORGANIZATION_FLAGS.filter((f) => f.currentOnly === undefined).map((f) => f.key);
export const CURRENT_FLAGS: readonly string[] = ORGANIZATION_FLAGS.map((f) => f.key);

const IMPLIES: ReadonlyMap<string, readonly string[]> = new Map(ORGANIZATION_FLAGS.map((f) => [f.key, f.implies]));

/** The flags as the service stores them: every flag set true brings its companions, and theirs. */
export function withCompanions(access: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const out = { ...access };
  const pending = Object.keys(access).filter((key) => access[key] === true);
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    for (const companion of IMPLIES.get(key) ?? []) {
      if (out[companion] === true) continue;
      out[companion] = true;
      pending.push(companion);
    }
  }
  return out;
}

/** Every flag of a profile (`flags`) with its value (false when never set), in the samples' order. */
export function reportedFlags(flags: readonly string[], access: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(flags.map((key) => [key, access[key] === true]));
}

/**
 * The team-management chain (docs/api.md, "Teams", "The prerequisite chain"): to be granted, each of
 * these flags needs its prerequisites granted too. A create that sends one true without them is what
 * the provider's issue #1845 shows the service refusing with 422 after it made the team.
 */
const PREREQUISITES: ReadonlyMap<string, readonly string[]> = new Map([
  ['manage-teams', ['manage-membership']],
  ['manage-organization-access', ['manage-teams', 'manage-membership']],
]);

/** The first flag sent true whose prerequisites are not all sent true, with those missing. */
export function brokenChain(sent: Readonly<Record<string, boolean>>): { readonly flag: string; readonly missing: readonly string[] } | undefined {
  for (const [flag, needs] of PREREQUISITES) {
    const missing = needs.filter((k) => sent[k] !== true);
    if (sent[flag] === true && missing.length > 0) return { flag, missing };
  }
  return undefined;
}
