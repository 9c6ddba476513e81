// The seed document: reading (strict, every problem a one-line CLIError naming where it is) and
// applying it to a fresh store. Format documented in docs/emulator.md, "Seed file".

import { type Resource, WORKSPACE_PERMISSIONS } from '../core/access.js';
import { idShape, isId } from '../core/ids.js';
import { OWNERS_TEAM, type TargetType } from '../core/model.js';
import { flattenPermissions } from '../core/permissions.js';
import { CLIError } from '../errors.js';
import { Invalid } from './answers.js';
import { AUDIT_TRAIL_MODES, isAuditTrailMode } from './audit-log.js';
import { createGrant, createOrganization, createProject, createTeam, createWorkspace } from './builders.js';
import { isObject, readCreate } from './grant-body.js';
import { isProfileName, PROFILE_NAMES } from './profile.js';
import { applySeedIndirect, checkSeedIndirect, SEED_INDIRECT_ORG_KEYS, SEED_INDIRECT_PROJECT_KEYS, SEED_INDIRECT_WORKSPACE_KEYS } from './seed-indirect.js';
import { applySeedPeople, checkSeedPeople } from './seed-people.js';
import { seedTeamSettings } from './seed-teams.js';
import { addTeamServiceUser } from './service-users.js';
import { DEFAULT_PROJECT, type Identity, type Store, type TagBinding, type Team } from './state.js';
import type { SeedDocument, SeedOrganization, SeedTeamProject, SeedTeamWorkspace } from './types.js';
import { checkBindings, readTagNames } from './workspace-tags.js';

type Obj = Record<string, unknown>;

const ORG_KEYS = [
  'name',
  'email',
  'token',
  'audit-token',
  'created-at',
  'hcp-groups',
  'teams',
  'projects',
  'workspaces',
  'team-projects',
  'team-workspaces',
  'people',
  ...SEED_INDIRECT_ORG_KEYS,
];
const TEAM_KEYS = [
  'name',
  'id',
  'visibility',
  'organization-access',
  'sso-team-id',
  'allow-member-token-management',
  'scim-linked',
  'scim-group-name',
  'tokens',
];
const PROJECT_KEYS = ['name', 'id', 'description', 'tag-bindings', ...SEED_INDIRECT_PROJECT_KEYS];
const WORKSPACE_KEYS = ['name', 'id', 'project', 'tag-names', 'tag-bindings', ...SEED_INDIRECT_WORKSPACE_KEYS];
const TEAM_PROJECT_KEYS = ['team', 'project', 'access', 'id', 'project-access', 'workspace-access'];
// The flat permission attributes come from the tables: a new one needs no change here.
const TEAM_WORKSPACE_KEYS = ['team', 'workspace', 'access', 'id', ...WORKSPACE_PERMISSIONS.map((p) => p.key)];

function fail(where: string, message: string): never {
  throw new CLIError(`seed: ${where}: ${message}`);
}

function objectAt(value: unknown, where: string, keys: readonly string[]): Obj {
  if (!isObject(value)) fail(where, 'must be a mapping');
  const unknown = Object.keys(value).find((k) => !keys.includes(k));
  if (unknown !== undefined) fail(where, `unknown key "${unknown}" (allowed: ${keys.join(', ')})`);
  return value;
}

function listAt(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(where, 'must be a list');
  return value;
}

function stringAt(value: unknown, where: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value === '') fail(where, 'must be a non-empty string');
  return value;
}

/** Checks the shape of a parsed YAML/JSON seed; grants are checked when applied. */
export function parseSeed(value: unknown): SeedDocument {
  const doc = objectAt(value, 'document', ['profile', 'audit-trail', 'organizations']);
  if (doc.profile !== undefined && !isProfileName(doc.profile)) fail('profile', `must be one of ${PROFILE_NAMES.join(', ')}`);
  if (doc['audit-trail'] !== undefined && !isAuditTrailMode(doc['audit-trail'])) fail('audit-trail', `must be one of ${AUDIT_TRAIL_MODES.join(', ')}`);
  const orgs = listAt(doc.organizations, 'organizations');
  orgs.forEach((org, i) => {
    const where = `organizations[${i}]`;
    const o = objectAt(org, where, ORG_KEYS);
    stringAt(o.name, `${where}.name`);
    stringAt(o.email, `${where}.email`, true);
    stringAt(o.token, `${where}.token`, true);
    stringAt(o['audit-token'], `${where}.audit-token`, true);
    const created = stringAt(o['created-at'], `${where}.created-at`, true);
    if (created !== undefined && Number.isNaN(Date.parse(created))) fail(`${where}.created-at`, 'must be an ISO 8601 time');
    if (o['hcp-groups'] !== undefined && typeof o['hcp-groups'] !== 'boolean') fail(`${where}.hcp-groups`, 'must be true or false');
    listAt(o.teams, `${where}.teams`).forEach((t, j) => {
      const team = objectAt(t, `${where}.teams[${j}]`, TEAM_KEYS);
      stringAt(team.name, `${where}.teams[${j}].name`);
      listAt(team.tokens, `${where}.teams[${j}].tokens`).forEach((tok, k) => stringAt(tok, `${where}.teams[${j}].tokens[${k}]`));
    });
    listAt(o.projects, `${where}.projects`).forEach((p, j) =>
      stringAt(objectAt(p, `${where}.projects[${j}]`, PROJECT_KEYS).name, `${where}.projects[${j}].name`),
    );
    listAt(o.workspaces, `${where}.workspaces`).forEach((w, j) =>
      stringAt(objectAt(w, `${where}.workspaces[${j}]`, WORKSPACE_KEYS).name, `${where}.workspaces[${j}].name`),
    );
    listAt(o['team-projects'], `${where}.team-projects`).forEach((g, j) => objectAt(g, `${where}.team-projects[${j}]`, TEAM_PROJECT_KEYS));
    listAt(o['team-workspaces'], `${where}.team-workspaces`).forEach((g, j) => objectAt(g, `${where}.team-workspaces[${j}]`, TEAM_WORKSPACE_KEYS));
    checkSeedPeople(o.people, `${where}.people`);
    checkSeedIndirect(o, where);
  });
  return doc as unknown as SeedDocument;
}

function addToken(store: Store, token: string, identity: Identity, where: string): void {
  // A token names one identity: a second use would silently change who the first one is.
  if (store.tokens.has(token)) fail(where, 'this token is already used (by another entry or as the admin token)');
  store.tokens.set(token, identity);
}

function claim(store: Store, id: string | undefined, where: string): string | undefined {
  if (id !== undefined && store.idInUse(id)) fail(where, `id "${id}" is used twice`);
  return id;
}

function ownersFromSeed(owners: Team, settings: ReturnType<typeof seedTeamSettings>): void {
  Object.assign(owners.organizationAccess, settings.organizationAccess);
  if (settings.ssoTeamId !== undefined) owners.ssoTeamId = settings.ssoTeamId;
  if (settings.allowMemberTokenManagement !== undefined) owners.allowMemberTokenManagement = settings.allowMemberTokenManagement;
}

function applyTeams(store: Store, org: SeedOrganization, where: string): void {
  (org.teams ?? []).forEach((t, j) => {
    const at = `${where}.teams[${j}]`;
    try {
      const settings = seedTeamSettings(store, t);
      const existing = store.teamByName(org.name, t.name);
      // The `owners` team always exists; listing it in the seed adds tokens or access to it.
      if (existing && t.name !== OWNERS_TEAM) fail(at, `team "${t.name}" is listed twice`);
      const team = existing ?? createTeam(store, org.name, { name: t.name, id: claim(store, t.id, at), ...settings });
      // The owners team keeps its visibility; the seed may add organization access, an SSO id and tokens to it.
      if (existing) ownersFromSeed(existing, settings);
      const organization = store.orgs.get(org.name);
      // docs/api.md, "Teams": with SCIM on, every team answer carries the `scim-*` attributes.
      if (team.scim && organization) organization.scim = true;
      (t.tokens ?? []).forEach((token, k) => addToken(store, token, { kind: 'team', teamId: team.id }, `${at}.tokens[${k}]`));
      if ((t.tokens ?? []).length > 0) addTeamServiceUser(store, team);
    } catch (error: unknown) {
      if (error instanceof Invalid) fail(at, error.detail);
      throw error;
    }
  });
}

/** A project or workspace id a seed pins: one the service could issue, so a desired-state file can pin it too. */
function targetId(type: TargetType, id: string | undefined, where: string): string | undefined {
  if (id !== undefined && !isId(type, id)) fail(where, `id "${id}" is not a ${type} id the service would issue: ${idShape(type)}`);
  return id;
}

/** `tag-bindings: {key: value}` of a seed project or workspace: key-value tags, a current-profile feature. */
function seedBindings(store: Store, value: unknown, at: string): TagBinding[] {
  if (value === undefined) return [];
  if (!store.profile.keyValueTags)
    fail(at, `key-value tags exist in the current profile only (this emulator runs the ${store.profile.name} profile; set profile: current)`);
  if (!isObject(value) || Object.values(value).some((v) => typeof v !== 'string')) fail(at, 'must be a mapping of tag keys to string values');
  return seedTags(
    () =>
      checkBindings(
        Object.entries(value as Record<string, string>).map(([key, v]) => ({ key, value: v })),
        '',
      ),
    at,
  );
}

/** A seed's tags pass the API's checks, or the seed fails naming where. */
function seedTags<T>(read: () => T, at: string): T {
  try {
    return read();
  } catch (error: unknown) {
    if (error instanceof Invalid) fail(at, error.detail);
    throw error;
  }
}

function applyTargets(store: Store, org: SeedOrganization, where: string): void {
  (org.projects ?? []).forEach((p, j) => {
    const at = `${where}.projects[${j}]`;
    const existing = store.projectByName(org.name, p.name);
    const tagBindings = seedBindings(store, p['tag-bindings'], `${at}.tag-bindings`);
    if (existing && existing.name === DEFAULT_PROJECT && existing.id === (p.id ?? existing.id)) {
      existing.tagBindings = tagBindings;
      return;
    }
    if (existing) fail(at, `project "${p.name}" is listed twice`);
    createProject(store, org.name, { name: p.name, id: claim(store, targetId('project', p.id, at), at), description: p.description ?? null, tagBindings });
  });
  (org.workspaces ?? []).forEach((w, j) => {
    const at = `${where}.workspaces[${j}]`;
    const project = store.projectByName(org.name, w.project ?? DEFAULT_PROJECT);
    if (!project) fail(at, `unknown project "${w.project ?? DEFAULT_PROJECT}"`);
    if (store.workspaceByName(org.name, w.name)) fail(at, `workspace "${w.name}" is listed twice`);
    const tagNames = seedTags(() => readTagNames(w['tag-names'], ''), `${at}.tag-names`);
    const tagBindings = seedBindings(store, w['tag-bindings'], `${at}.tag-bindings`);
    createWorkspace(store, org.name, { name: w.name, id: claim(store, targetId('workspace', w.id, at), at), projectId: project.id, tagNames, tagBindings });
  });
}

function applyGrant(store: Store, org: string, entry: SeedTeamProject | SeedTeamWorkspace, at: string): void {
  const isProject = 'project' in entry;
  const resource = isProject ? 'team-projects' : 'team-workspaces';
  const team = store.teamByName(org, entry.team);
  if (!team) fail(at, `unknown team "${entry.team}"`);
  const target = isProject ? store.projectByName(org, entry.project) : store.workspaceByName(org, entry.workspace);
  if (!target) fail(at, `unknown ${isProject ? 'project' : 'workspace'} "${isProject ? entry.project : entry.workspace}"`);
  if (store.grantOf(target.id, team.id)) fail(at, `team "${entry.team}" already has access there`);
  const { team: _t, id, ...attributes } = entry as unknown as Obj;
  delete attributes.project;
  delete attributes.workspace;
  const rel = isProject ? { project: { data: { type: 'projects', id: target.id } } } : { workspace: { data: { type: 'workspaces', id: target.id } } };
  const body = { data: { type: resource, attributes, relationships: { ...rel, team: { data: { type: 'teams', id: team.id } } } } };
  refuseUnstored(store, resource, attributes, at);
  try {
    // The same checks as the API's create (levels, values, fixed levels), so a seed can't hold what the API refuses.
    const request = readCreate(body, resource, store.profile);
    createGrant(store, {
      resource,
      teamId: team.id,
      targetId: target.id,
      access: request.access,
      sent: request.sent,
      id: claim(store, id as string | undefined, at),
    });
  } catch (error: unknown) {
    if (error instanceof Invalid) fail(at, `${error.detail} (${error.pointer.replace('/data/attributes/', '')})`);
    throw error;
  }
}

/** The API ignores a permission its profile does not store; a seed file that names one says so instead. */
function refuseUnstored(store: Store, resource: Resource, attributes: Obj, at: string): void {
  const stored = new Set(store.profile.permissions[resource].map((p) => p.key));
  const unstored = flattenPermissions(resource, attributes).find((e) => e.spec !== undefined && !stored.has(e.key));
  if (unstored) fail(at, `${unstored.key} exists in the current profile only (this emulator runs the ${store.profile.name} profile; set profile: current)`);
}

export function applySeed(store: Store, seed: SeedDocument): void {
  const docs = parseSeed(seed);
  docs.organizations.forEach((org, i) => {
    const where = `organizations[${i}]`;
    if (store.orgs.has(org.name)) fail(where, `organization "${org.name}" is listed twice`);
    // The owners team and the Default Project always exist; listing them only pins their ids.
    const owners = (org.teams ?? []).find((t) => t.name === OWNERS_TEAM);
    const defaultProject = (org.projects ?? []).find((p) => p.name.toLowerCase() === DEFAULT_PROJECT.toLowerCase());
    const createdAt = org['created-at'] === undefined ? undefined : new Date(org['created-at']).toISOString();
    const created = createOrganization(store, org.name, org.email ?? null, {
      owners: claim(store, owners?.id, `${where}.teams`),
      defaultProject: claim(store, targetId('project', defaultProject?.id, `${where}.projects`), `${where}.projects`),
      ...(createdAt === undefined ? {} : { createdAt }),
    });
    if (org['hcp-groups'] === true) created.hcpGroups = true;
    if (org.token !== undefined) addToken(store, org.token, { kind: 'org', org: org.name }, `${where}.token`);
    if (org['audit-token'] !== undefined) addToken(store, org['audit-token'], { kind: 'audit', org: org.name }, `${where}.audit-token`);
    applyTeams(store, org, where);
    applyTargets(store, org, where);
    applySeedIndirect(store, org, where);
    (org['team-projects'] ?? []).forEach((g, j) => applyGrant(store, org.name, g, `${where}.team-projects[${j}]`));
    (org['team-workspaces'] ?? []).forEach((g, j) => applyGrant(store, org.name, g, `${where}.team-workspaces[${j}]`));
    applySeedPeople(store, org, where, (token, userId, at) => addToken(store, token, { kind: 'user', userId }, at));
  });
}
