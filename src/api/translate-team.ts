// Teams both ways (docs/api.md, "Teams"): a `teams` resource -> Team, with every attribute a list
// or show reports (the organization-access flags as sent, `sso-team-id`,
// `allow-member-token-management`, `scim-linked`); a TeamWrite -> the body of a create or update,
// with only the attributes it gives. The current service's bodies and the seed profile's differ in
// which flags and attributes they carry: an attribute not sent is "not reported", never a default.
import type { Team } from '../core/model.js';
import type { TeamWrite } from '../core/team-write.js';
import { describeWire, type ObjectReader } from './json.js';

/** `relationships.users.data` ids (docs/api.md, "Account details": who a user token acts as); absent or not a list, not reported. */
function userIdsOf(team: ObjectReader): string[] | undefined {
  const data = (team.value['relationships'] as { users?: { data?: unknown } } | undefined)?.users?.data;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry: unknown) => {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}

function flagsOf(attributes: ObjectReader): Record<string, boolean> {
  const orgAccess = attributes.optionalObject('organization-access');
  const organizationAccess: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(orgAccess.value)) {
    if (flag === null) continue; // not reported
    if (typeof flag !== 'boolean') throw orgAccess.error(`${orgAccess.at(key)} is not a boolean`);
    organizationAccess[key] = flag;
  }
  return organizationAccess;
}

/** A boolean attribute; absent or null: not reported. */
function optionalBoolean(attributes: ObjectReader, key: string): boolean | undefined {
  const value = attributes.value[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw attributes.error(`${attributes.at(key)} is ${describeWire(value)}, expected true or false`);
  return value;
}

/** `sso-team-id`: null and "" are unset (the provider clears it with ""), absent is not reported. */
function ssoTeamIdOf(attributes: ObjectReader): string | null | undefined {
  if (!('sso-team-id' in attributes.value)) return undefined;
  const value = attributes.optionalString('sso-team-id');
  return value === undefined || value === '' ? null : value;
}

/** The attributes beyond name, visibility and flags, each only when reported. */
function settingsOf(attributes: ObjectReader): Pick<Team, 'ssoTeamId' | 'allowMemberTokenManagement' | 'scimLinked' | 'scimUpdatedAt'> {
  const ssoTeamId = ssoTeamIdOf(attributes);
  const allowMemberTokenManagement = optionalBoolean(attributes, 'allow-member-token-management');
  const scimLinked = optionalBoolean(attributes, 'scim-linked');
  const scimUpdatedAt = attributes.optionalString('scim-updated-at');
  return {
    ...(ssoTeamId !== undefined ? { ssoTeamId } : {}),
    ...(allowMemberTokenManagement !== undefined ? { allowMemberTokenManagement } : {}),
    ...(scimLinked !== undefined ? { scimLinked } : {}),
    ...(scimLinked === true && scimUpdatedAt !== undefined ? { scimUpdatedAt } : {}),
  };
}

/** A `teams` resource whose `type` is checked: its attributes as a Team. */
export function teamOf(reader: ObjectReader): Team {
  const attributes = reader.object('attributes');
  // A team whose visibility is not reported is shown as `unknown`, never assumed secret or not.
  const visibility = attributes.optionalString('visibility') ?? 'unknown';
  const users = userIdsOf(reader);
  return {
    id: reader.string('id'),
    name: attributes.string('name'),
    visibility,
    organizationAccess: flagsOf(attributes),
    ...(users ? { userIds: users } : {}),
    ...settingsOf(attributes),
  };
}

/**
 * The body of `POST /organizations/:org/teams` and `PATCH /teams/:id` (docs/api.md, "Teams"): only
 * the attributes the write gives (the service merges an update partially, the flags included);
 * `ssoTeamId: null` is sent as null, which clears it.
 */
export function teamWriteBody(write: TeamWrite): unknown {
  const attributes: Record<string, unknown> = {};
  if (write.name !== undefined) attributes['name'] = write.name;
  if (write.visibility !== undefined) attributes['visibility'] = write.visibility;
  if (write.ssoTeamId !== undefined) attributes['sso-team-id'] = write.ssoTeamId;
  if (write.allowMemberTokenManagement !== undefined) attributes['allow-member-token-management'] = write.allowMemberTokenManagement;
  if (write.organizationAccess !== undefined) attributes['organization-access'] = { ...write.organizationAccess };
  return { data: { type: 'teams', attributes } };
}
