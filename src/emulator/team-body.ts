// Reading the bodies of a team's create and update (docs/api.md, "Teams"): only the attributes a
// body sends, each checked; unknown attributes are accepted and ignored, as on grants. Pure: parsed
// JSON in, values out, Invalid (422) on anything malformed.
import { Invalid } from './answers.js';
import type { Profile } from './profile.js';
import { readName, readOrganizationAccess, readSetupBody, readVisibility } from './setup-body.js';

export interface TeamBody {
  readonly name?: string;
  readonly visibility?: 'organization' | 'secret';
  /** null clears it; so does "" (what the provider sends to clear it). */
  readonly ssoTeamId?: string | null;
  readonly allowMemberTokenManagement?: boolean;
  /** The flags sent, as sent (no companions yet). */
  readonly organizationAccess?: Record<string, boolean>;
}

const POINTER = '/data/attributes';

function readSsoTeamId(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw new Invalid(`${POINTER}/sso-team-id`, 'Sso team id must be a string');
  return value;
}

function readFlag(value: unknown, key: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new Invalid(`${POINTER}/${key}`, 'Allow member token management must be true or false');
  return value;
}

/**
 * `create`: the name is required, as in the docs' create table. `profile`: its organization-access
 * flags and whether it takes any printable team name.
 */
export function readTeamBody(body: unknown, profile: Pick<Profile, 'organizationFlags' | 'printableTeamNames'>, create: boolean): TeamBody {
  const flags = profile.organizationFlags;
  const { attributes } = readSetupBody(body, 'teams');
  const name = create || attributes.name !== undefined ? readName(attributes, 'team', profile.printableTeamNames) : undefined;
  const visibility = attributes.visibility === undefined ? undefined : readVisibility(attributes.visibility, 'secret', `${POINTER}/visibility`);
  const ssoTeamId = readSsoTeamId(attributes['sso-team-id']);
  const allowMemberTokenManagement = readFlag(attributes['allow-member-token-management'], 'allow-member-token-management');
  const access = attributes['organization-access'];
  const organizationAccess = access === undefined ? undefined : readOrganizationAccess(access, `${POINTER}/organization-access`, flags);
  return {
    ...(name !== undefined ? { name } : {}),
    ...(visibility !== undefined ? { visibility } : {}),
    ...(ssoTeamId !== undefined ? { ssoTeamId } : {}),
    ...(allowMemberTokenManagement !== undefined ? { allowMemberTokenManagement } : {}),
    ...(organizationAccess !== undefined ? { organizationAccess } : {}),
  };
}
