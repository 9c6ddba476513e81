// The emulator's profiles (docs/emulator.md, "Profiles"): `seed` answers exactly as the seed document says;
// `current` as the service does today (docs/api.md, "Newer facts" and "Server capabilities").
// Everything in which they differ is a field of Profile, read where the answer is made: a new
// current-only behaviour is one more field here and one `if` at its place.

import {
  CUSTOM_DEFAULTS,
  type FixedLevel,
  IMPLIED,
  PERMISSIONS,
  type PermissionSet,
  type PermissionSpec,
  type PermissionValue,
  type Resource,
} from '../core/access.js';
import { CURRENT_FLAGS, SEED_FLAGS } from './team-flags.js';

export const PROFILE_NAMES = ['seed', 'current'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const DEFAULT_PROFILE: ProfileName = 'seed';

export interface Profile {
  readonly name: ProfileName;
  /** The permission attributes stored and reported; others in a request body are accepted and ignored. */
  readonly permissions: { readonly [R in Resource]: readonly PermissionSpec[] };
  /** Status of a created grant: 200 in the seed, 201 in the v2 spec. */
  readonly createdStatus: number;
  /** Every list carries `links` and `meta.pagination`, the unpaginated team-workspaces list too. */
  readonly envelopeOnEveryList: boolean;
  /** `GET /api/v2/ping` answers; in `seed` it is an unknown path (404). */
  readonly ping: boolean;
  /** Sent with every answer: the product and its versions. */
  readonly serverHeaders: Readonly<Record<string, string>>;
  /** X-RateLimit-Limit on every answer; in `seed` only on 429s. */
  readonly announceRateLimit: boolean;
  /**
   * The grant lists as the v2 spec has them (docs/api.md, "Listing by team"): `filter[team][id]` on
   * both, the workspace filter optional on team-workspaces. In `seed` the target filter is required.
   */
  readonly teamFilter: boolean;
  /**
   * Key-value tags (tag bindings) and `include=effective_tag_bindings`; the seed profile answers as
   * a release without them: flat tags only, the include refused with 400 (docs/api.md, "Workspace tags").
   */
  readonly keyValueTags: boolean;
  /**
   * The organization-access flags a team has (docs/api.md, "Teams"): stored, reported on every team,
   * in lists too; a body naming another is a 422. `seed`: the fourteen of the docs' team sample.
   */
  readonly organizationFlags: readonly string[];
  /**
   * `email` among an organization membership's attributes (docs/api.md, "People"): the docs'
   * samples leave it out (the user's email is in `included` only); go-tfe and the provider read it.
   */
  readonly membershipEmail: boolean;
  /**
   * A team create whose flags the service refuses (a prerequisite of the chain not sent, or flags the
   * caller may not set) makes the team all the same and answers 422 (docs/api.md, "Teams": the
   * provider's issue #1845). `seed`: refused before anything is made, as the docs' pages read.
   */
  readonly partialTeamCreate: boolean;
  /**
   * Organization memberships of status `inactive` (docs/api.md, "Identity-provider lifecycles"): a
   * person deactivated in the identity provider, still in their teams and out of every team's
   * `relationships.users`. `seed`: the docs' two statuses only, so the set-up routes refuse to make one.
   */
  readonly inactiveMemberships: boolean;
  /**
   * Several tokens per team, the team-token list, the organization token's show and the
   * token-lifetime policy (docs/api.md, "Tokens"); `seed`: none of them (404).
   */
  readonly tokenPolicies: boolean;
  /**
   * Team names as the service takes them (docs/api.md, "Teams", contradiction 3): any printable
   * name, spaces included, as go-tfe's integration tests rename a team to "foo bar". `seed`: the
   * docs' page, letters, digits, `-` and `_` only.
   */
  readonly printableTeamNames: boolean;
  /**
   * Variable sets, remote-state sharing and consumers, agent pools and workspace execution, Stacks
   * (docs/api.md, "Indirect access"); `seed`: none of their paths (404), every workspace remote.
   */
  readonly indirectAccess: boolean;
}

/**
 * The current profile's versions: the emulator's own, in the forms the real headers take
 * (docs/api.md, "Server capabilities"). A Terraform Enterprise, so the client learns support of
 * the newer permissions from the grants, as it must against a real one.
 */
export const CURRENT_SERVER_HEADERS = {
  'TFP-AppName': 'Terraform Enterprise',
  'TFP-API-Version': '2.6.0',
  'X-TFE-Version': 'v202604-1',
  'X-TFE-Current-Version': '1.2.0',
} as const;

const seedPermissions = (resource: Resource): readonly PermissionSpec[] => PERMISSIONS[resource].filter((p) => p.newer === undefined);

export const PROFILES: { readonly [N in ProfileName]: Profile } = {
  seed: {
    name: 'seed',
    permissions: { 'team-projects': seedPermissions('team-projects'), 'team-workspaces': seedPermissions('team-workspaces') },
    createdStatus: 200,
    envelopeOnEveryList: false,
    ping: false,
    serverHeaders: {},
    announceRateLimit: false,
    teamFilter: false,
    keyValueTags: false,
    organizationFlags: SEED_FLAGS,
    membershipEmail: false,
    partialTeamCreate: false,
    inactiveMemberships: false,
    tokenPolicies: false,
    printableTeamNames: false,
    indirectAccess: false,
  },
  current: {
    name: 'current',
    permissions: PERMISSIONS,
    createdStatus: 201,
    envelopeOnEveryList: true,
    ping: true,
    serverHeaders: CURRENT_SERVER_HEADERS,
    announceRateLimit: true,
    teamFilter: true,
    keyValueTags: true,
    organizationFlags: CURRENT_FLAGS,
    membershipEmail: true,
    partialTeamCreate: true,
    inactiveMemberships: true,
    tokenPolicies: true,
    printableTeamNames: true,
    indirectAccess: true,
  },
};

export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILE_NAMES as readonly string[]).includes(value);
}

/**
 * What a fixed level reports: the tables' row; where the tables say "not known", a plausible value
 * of the emulator's own: admin the attribute's most privileged value, other levels the custom
 * default. Never the client's business: it does not compare a level on such an attribute.
 */
function impliedValue(spec: PermissionSpec, level: FixedLevel, resource: Resource): PermissionValue {
  const known = IMPLIED[resource][level]?.[spec.key];
  if (known !== undefined) return known;
  if (level !== 'admin') return spec.customDefault;
  return spec.values === 'boolean' ? true : (spec.values[spec.values.length - 1] ?? spec.customDefault);
}

export function impliedPermissions(profile: Profile, resource: Resource, level: FixedLevel): PermissionSet {
  return Object.fromEntries(profile.permissions[resource].map((spec) => [spec.key, impliedValue(spec, level, resource)]));
}

export function customDefaults(profile: Profile, resource: Resource): PermissionSet {
  return Object.fromEntries(profile.permissions[resource].map((spec) => [spec.key, CUSTOM_DEFAULTS[resource][spec.key] as PermissionValue]));
}
