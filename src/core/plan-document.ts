// The parts of the plan's JSON document (docs/plan.md, "Formats", `json`; render/plan/json.ts puts them
// together): the form of `--format json`, of saved plans and of the checksum. Permissions use the
// wire names and nesting: `project-access` and `workspace-access` objects for projects, flat for
// workspaces. Keys are written in a fixed order so the same plan always serialises to the same bytes.

import type { Resource } from './access.js';
import type { JsonObject } from './json-value.js';
import type { Access, GrantOrigin, GrantRead, ReportedAccess } from './model.js';
import { nestedPermissionsInto, permissionsOf } from './permissions.js';
import type { Change, PlanWarning } from './plan.js';
import type { ServerInfo } from './server.js';
import { isPendingTeamId, type TeamChange, teamFieldName } from './teams.js';

export const PLAN_FORMAT_VERSION = 1;

/**
 * A grant's level, the role it is (when the plan knows one: docs/plan.md, "Reading a plan") and the
 * permissions it has, in table order and the wire's nesting.
 */
export function accessDocument(resource: Resource, access: Access | ReportedAccess, role?: string): JsonObject {
  const out: JsonObject = role === undefined ? { access: access.access } : { access: access.access, role };
  return nestedPermissionsInto(out, resource, permissionsOf(resource, access));
}

export function changeDocument(change: Change): JsonObject {
  const base: JsonObject = { action: change.action, resource: change.resource };
  if (change.action !== 'add') base.id = change.id;
  // A team this plan creates has no id yet (core/teams.ts): null until apply creates it.
  base.team = { name: change.team.name, id: isPendingTeamId(change.team.id) ? null : change.team.id };
  base.target = { type: change.target.type, name: change.target.name, id: change.target.id };
  base.before = change.action === 'add' ? null : accessDocument(change.resource, change.before, change.beforeRole);
  base.after = change.action === 'remove' ? null : accessDocument(change.resource, change.after, change.afterRole);
  if (change.action === 'update') base.label_only = change.labelOnly;
  if (change.source) base.source = originDocument(change.source);
  // docs/files.md, "Grants that expire": when the file's grant ends, and on a removal why it goes.
  if (change.expires !== undefined) base.expires = change.expires;
  if (change.action === 'remove' && change.reason !== undefined) base.reason = change.reason;
  return base;
}

/** docs/sets.md, "Sets": `{kind, name}`, and the sets an entry overrides. */
export function originDocument(source: GrantOrigin): JsonObject {
  return { kind: source.kind, name: source.name, ...(source.overrides ? { overrides: [...source.overrides] } : {}) };
}

export function warningDocument(warning: PlanWarning): JsonObject {
  const out: JsonObject = { code: warning.code, message: warning.message };
  if (warning.target) out.target = { type: warning.target.type, name: warning.target.name, id: warning.target.id };
  if (warning.team) out.team = warning.team;
  return out;
}

/** What the server's ping said (docs/connecting.md, "Server capabilities"); null where it said nothing. */
export function serverDocument(server: ServerInfo): JsonObject {
  return {
    app: server.app ?? null,
    version: server.version ?? null,
    numeric_version: server.numericVersion ?? null,
    api_version: server.apiVersion ?? null,
  };
}

/** docs/connecting.md, "Reading by team": the strategy, its requests, the estimates it chose from, and why it left reading by team. */
export function readDocument(read: GrantRead): JsonObject {
  return {
    strategy: read.strategy,
    requests: read.requests,
    estimate: { by_target: read.estimate.byTarget, by_team: read.estimate.byTeam ?? null },
    fallback: read.fallback ?? null,
  };
}

/**
 * docs/plan.md, "Team changes": `{action, name, id, from?, fields: [{field, before, after}], grants?}`;
 * a create has no id (null), a rename says the name it had, a deletion lists the grants that go with it.
 */
export function teamChangeDocument(change: TeamChange): JsonObject {
  const base: JsonObject = { action: change.action, name: change.name, id: change.action === 'create' ? null : change.id };
  if (change.action === 'rename') base.from = change.from;
  if (change.action === 'delete') {
    base.grants = change.grants.map((g) => ({
      target: { type: g.target.type, name: g.target.name, id: g.target.id },
      ...accessDocument(g.resource, g.access),
    }));
    if (change.powers) base.powers = [...change.powers];
  } else {
    base.fields = change.fields.map((f) => ({ field: teamFieldName(f), before: f.before, after: f.after, ...(f.default ? { default: f.default } : {}) }));
  }
  return base;
}

/** The team changes counted by action, as the summary says them. */
export function teamSummaryDocument(changes: readonly TeamChange[]): JsonObject {
  const count = (action: TeamChange['action']): number => changes.filter((c) => c.action === action).length;
  return { create: count('create'), rename: count('rename'), update: count('update'), delete: count('delete') };
}
