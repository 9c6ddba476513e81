// A seed file's team settings (docs/emulator.md, "Seed file"): checked as the API's bodies are, and
// taken as written: a seed may describe any state, so no companion flag is added to its flags.
import { OWNERS_TEAM } from '../core/model.js';
import { Invalid } from './answers.js';
import type { TeamSpec } from './builders.js';
import { readOrganizationAccess, readVisibility } from './setup-body.js';
import type { Store } from './state.js';
import { CURRENT_FLAGS } from './team-flags.js';
import type { SeedTeam } from './types.js';

type Settings = Omit<TeamSpec, 'name' | 'id'>;

function flagsOf(store: Store, value: unknown): Record<string, boolean> {
  const flags = store.profile.organizationFlags;
  const newer = value !== null && typeof value === 'object' ? Object.keys(value).find((k) => !flags.includes(k) && CURRENT_FLAGS.includes(k)) : undefined;
  if (newer !== undefined) {
    throw new Invalid(
      'organization-access',
      `organization-access.${newer} exists in the current profile only (this emulator runs the ${store.profile.name} profile; set profile: current)`,
    );
  }
  return readOrganizationAccess(value, 'organization-access', flags);
}

function optional<T>(value: unknown, key: string, ok: (v: unknown) => v is T, what: string): T | undefined {
  if (value === undefined) return undefined;
  if (!ok(value)) throw new Invalid(key, `${key} must be ${what}`);
  return value;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);

/** The settings of a seed team; Invalid, its detail naming the key, on anything the API would refuse. */
export function seedTeamSettings(store: Store, team: SeedTeam): Settings {
  const visibility = readVisibility(team.visibility, 'organization', 'visibility');
  const organizationAccess = flagsOf(store, team['organization-access']);
  const ssoTeamId = optional(team['sso-team-id'], 'sso-team-id', isStringOrNull, 'a string or null');
  const allowMemberTokenManagement = optional(team['allow-member-token-management'], 'allow-member-token-management', isBoolean, 'true or false');
  const linked = optional(team['scim-linked'], 'scim-linked', isBoolean, 'true or false') === true;
  const groupName = optional(team['scim-group-name'], 'scim-group-name', isString, 'a non-empty string');
  if (groupName !== undefined && !linked) throw new Invalid('scim-group-name', 'scim-group-name needs scim-linked: true');
  // docs/api.md, "Teams": the owners team cannot be linked to a SCIM group.
  if (linked && team.name === OWNERS_TEAM) throw new Invalid('scim-linked', 'the owners team cannot be linked to a SCIM group');
  return {
    visibility,
    organizationAccess,
    ...(ssoTeamId !== undefined ? { ssoTeamId } : {}),
    ...(allowMemberTokenManagement !== undefined ? { allowMemberTokenManagement } : {}),
    ...(linked ? { scim: { groupName: groupName ?? team.name } } : {}),
  };
}
