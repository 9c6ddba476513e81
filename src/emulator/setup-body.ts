// Bodies of the set-up endpoints (organizations, teams, projects, workspaces; docs/api.md, "Name
// resolution"). Pure: parsed JSON in, values out, Invalid (422) on anything malformed.
import { humanName, Invalid } from './answers.js';
import { isObject } from './grant-body.js';

// docs/api.md, "Seed: limits": a project name is at most 40 characters.
export const MAX_PROJECT_NAME = 40;
// The docs' rule for organization, team and workspace names: letters, digits, - and _.
const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
// A team name as the service takes it (the current profile; docs/api.md, "Teams"): no control character.
const PRINTABLE_NAME = /^[^\p{Cc}]+$/u;
const MAX_WORKSPACE_NAME = 90;

export interface SetupBody {
  readonly attributes: Record<string, unknown>;
  readonly relationships: Record<string, unknown>;
}

export function readSetupBody(body: unknown, type: string): SetupBody {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data)) throw new Invalid('/data', 'Data must be an object');
  if (data.type !== undefined && data.type !== type) throw new Invalid('/data/type', `Type must be ${type}`);
  const attributes = data.attributes;
  if (!isObject(attributes)) throw new Invalid('/data/attributes', 'Attributes must be an object');
  return { attributes, relationships: isObject(data.relationships) ? data.relationships : {} };
}

/** `printable`: a team name as the service takes it (the current profile), not the docs' character set. */
export function readName(attributes: Record<string, unknown>, kind: 'organization' | 'team' | 'project' | 'workspace', printable = false): string {
  const name = attributes.name;
  if (typeof name !== 'string' || name.trim() === '') throw new Invalid('/data/attributes/name', "Name can't be blank");
  if (kind === 'project' && name.length > MAX_PROJECT_NAME) {
    throw new Invalid('/data/attributes/name', `Name is too long (maximum is ${MAX_PROJECT_NAME} characters)`);
  }
  if (printable && kind === 'team') {
    if (!PRINTABLE_NAME.test(name)) throw new Invalid('/data/attributes/name', 'Name may not contain control characters');
  } else if (kind !== 'project' && !NAME_PATTERN.test(name)) {
    throw new Invalid('/data/attributes/name', 'Name may only contain letters, numbers, - and _');
  }
  if (kind === 'workspace' && name.length > MAX_WORKSPACE_NAME) {
    throw new Invalid('/data/attributes/name', `Name is too long (maximum is ${MAX_WORKSPACE_NAME} characters)`);
  }
  return name;
}

export function readOptionalString(attributes: Record<string, unknown>, key: string): string | null {
  const value = attributes[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Invalid(`/data/attributes/${key}`, `${humanName(key)} must be a string`);
  return value;
}

export function readVisibility(value: unknown, fallback: 'organization' | 'secret', pointer: string): 'organization' | 'secret' {
  if (value === undefined) return fallback;
  if (value !== 'organization' && value !== 'secret') throw new Invalid(pointer, 'Visibility is not included in the list');
  return value;
}

/**
 * `organization-access`: booleans under the flags the profile has (`flags`; docs/api.md, "Teams"),
 * as sent: the companions are the caller's to add (team-flags.ts).
 */
export function readOrganizationAccess(value: unknown, pointer: string, flags: readonly string[]): Record<string, boolean> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new Invalid(pointer, 'Organization access must be an object');
  const known = flags;
  const out: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(value)) {
    if (!known.includes(key)) throw new Invalid(`${pointer}/${key}`, `${humanName(key)} is not a known organization permission`);
    if (typeof flag !== 'boolean') throw new Invalid(`${pointer}/${key}`, `${humanName(key)} must be true or false`);
    out[key] = flag;
  }
  return out;
}

/** The id of an optional to-one relationship (`relationships.project.data.id`). */
export function readRelationshipId(relationships: Record<string, unknown>, name: string, type: string): string | undefined {
  const rel = relationships[name];
  if (rel === undefined) return undefined;
  const data = isObject(rel) ? rel.data : undefined;
  if (!isObject(data) || data.type !== type || typeof data.id !== 'string') {
    throw new Invalid(`/data/relationships/${name}`, `${humanName(name)} must be {"data": {"type": "${type}", "id": "..."}}`);
  }
  return data.id;
}
