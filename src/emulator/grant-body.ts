// Reading create and update bodies of team-projects and team-workspaces. Every malformed body is a
// 422 with a JSON:API error object (docs/api.md, "Seed: status codes and errors" and "Errors the real service gives").
// Pure: takes the parsed JSON (`unknown`), returns the request or throws Invalid.
import { isLevel, type Level, type PermissionSpec, type PermissionValue, type Resource } from '../core/access.js';
import { TARGET_RELATIONSHIP } from '../core/json-api.js';
import { flattenPermissions, orderedEntries } from '../core/permissions.js';
import { humanName, Invalid } from './answers.js';
import type { Profile } from './profile.js';

export interface GrantCreate {
  readonly access: Level;
  /** Only the permission attributes the body sent. */
  readonly sent: Record<string, PermissionValue>;
  readonly teamId: string;
  readonly targetId: string;
}

export interface GrantUpdate {
  readonly access?: Level;
  readonly sent: Record<string, PermissionValue>;
}

/** A JSON object (not null, not an array). The emulator's own guard: it shares no code with the client. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function member(parent: Record<string, unknown>, key: string, pointer: string, required: boolean): Record<string, unknown> | undefined {
  const value = parent[key];
  if (value === undefined && !required) return undefined;
  if (!isObject(value)) throw new Invalid(`${pointer}/${key}`, `${humanName(key)} must be an object`);
  return value;
}

function readData(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new Invalid('', 'The request body must be a JSON:API document');
  return member(body, 'data', '', true) as Record<string, unknown>;
}

function checkType(data: Record<string, unknown>, resource: Resource, required: boolean): void {
  // docs/api.md, "Seed: endpoints": data.type is required on create and absent from the documented update payload.
  if (data.type === undefined && !required) return;
  if (data.type !== resource) throw new Invalid('/data/type', `Type must be ${resource}`);
}

function readAccess(attributes: Record<string, unknown>, resource: Resource, required: boolean): Level | undefined {
  const access = attributes.access;
  if (access === undefined && !required) return undefined;
  if (access === undefined) throw new Invalid('/data/attributes/access', "Access can't be blank");
  if (!isLevel(resource, access)) throw new Invalid('/data/attributes/access', 'Access is not included in the list');
  return access;
}

function readPermission(spec: PermissionSpec, value: unknown): PermissionValue {
  const pointer = `/data/attributes/${spec.key.replace('.', '/')}`;
  if (spec.values === 'boolean') {
    if (typeof value !== 'boolean') throw new Invalid(pointer, `${humanName(spec.key)} must be true or false`);
    return value;
  }
  if (typeof value !== 'string' || !spec.values.includes(value)) {
    throw new Invalid(pointer, `${humanName(spec.key)} is not included in the list`);
  }
  return value;
}

/**
 * The permission attributes a body sent, checked against the access tables. Attributes the profile
 * does not store (the newer permissions in `seed`, docs/api.md, "Newer facts"), unknown ones and the legacy `plan-outputs` of the
 * documented create request are accepted and ignored (docs/api.md, "Wire format of team-workspaces").
 */
function readSent(attributes: Record<string, unknown>, resource: Resource, profile: Profile): Record<string, PermissionValue> {
  const sent: Record<string, PermissionValue> = {};
  const stored = new Set(profile.permissions[resource].map((p) => p.key));
  for (const { key, value, spec, notAnObject } of flattenPermissions(resource, attributes)) {
    if (notAnObject) throw new Invalid(`/data/attributes/${key}`, `${humanName(key)} must be an object`);
    if (spec && stored.has(key) && value !== undefined) sent[key] = readPermission(spec, value);
  }
  // In table order, so the 422 of a fixed level names the same attribute whatever the body's order.
  return Object.fromEntries(orderedEntries(resource, sent));
}

/** docs/api.md, "Errors the real service gives": a permission attribute sent with a fixed level is a 422 naming the attribute. */
export function checkFixedLevel(access: Level, sent: Record<string, PermissionValue>): void {
  const first = Object.keys(sent)[0];
  if (access === 'custom' || first === undefined) return;
  throw new Invalid(
    `/data/attributes/${first.replace('.', '/')}`,
    `${humanName(first)} is read-only when access level is '${access}'; use the 'custom' access level to set this attribute.`,
  );
}

function readRelationship(data: Record<string, unknown>, name: string, type: string): string {
  const relationships = member(data, 'relationships', '/data', true) as Record<string, unknown>;
  const base = `/data/relationships/${name}`;
  const rel = member(relationships, name, '/data/relationships', true) as Record<string, unknown>;
  const ref = member(rel, 'data', base, true) as Record<string, unknown>;
  if (ref.type !== type) throw new Invalid(`${base}/data/type`, `${humanName(name)} type must be ${type}`);
  if (typeof ref.id !== 'string' || ref.id === '') throw new Invalid(`${base}/data/id`, `${humanName(name)} id must be a non-empty string`);
  return ref.id;
}

export function readCreate(body: unknown, resource: Resource, profile: Profile): GrantCreate {
  const data = readData(body);
  checkType(data, resource, true);
  const attributes = member(data, 'attributes', '/data', true) as Record<string, unknown>;
  const access = readAccess(attributes, resource, true) as Level;
  const sent = readSent(attributes, resource, profile);
  checkFixedLevel(access, sent);
  const target = TARGET_RELATIONSHIP[resource];
  const targetId = readRelationship(data, target.name, target.type);
  const teamId = readRelationship(data, 'team', 'teams');
  return { access, sent, teamId, targetId };
}

/** docs/api.md, "Seed: endpoints": partial PATCH, `data.type` optional; `data.id`, when sent, must name the resource. */
export function readUpdate(body: unknown, resource: Resource, id: string, profile: Profile): GrantUpdate {
  const data = readData(body);
  checkType(data, resource, false);
  if (data.id !== undefined && data.id !== id) throw new Invalid('/data/id', `Id must be ${id}`);
  const attributes = member(data, 'attributes', '/data', true) as Record<string, unknown>;
  const access = readAccess(attributes, resource, false);
  return { access, sent: readSent(attributes, resource, profile) };
}
