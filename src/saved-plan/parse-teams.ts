// A saved plan's team changes and their basis back into the domain (docs/apply.md, "Saved plans";
// format 4). What the reader keeps must be all the file says: the caller compares the documents of
// what it read with the file's, so a value it would drop is an edit.

import { isLevel } from '../core/access.js';
import { RESOURCE_OF, type ReportedAccess, type TargetType } from '../core/model.js';
import { type GoneGrant, type TeamChange, type TeamField, type TeamFieldChange, type TeamValue, teamFieldOfName, VISIBILITIES } from '../core/teams.js';
import type { Reader } from './reader.js';
import type { BasisTeams } from './saved-plan.js';

function valueOf(reader: Reader, key: string): TeamValue {
  const value = reader.value[key];
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  return reader.fail(`${reader.at(key)} is not a string, a boolean or null`);
}

/** Whether `value` is one a setting (or any flag) takes after a change; before, as the service reported it. */
const FIELD_VALUES: { readonly [F in TeamField | 'flag']: (value: TeamValue, side: 'before' | 'after') => boolean } = {
  visibility: (v, side) => (side === 'before' ? typeof v === 'string' : (VISIBILITIES as readonly unknown[]).includes(v)),
  'sso-team-id': (v) => v === null || typeof v === 'string',
  'allow-member-token-management': (v) => typeof v === 'boolean',
  flag: (v) => typeof v === 'boolean',
};

/** A field of a document: its name read once (core/teams.ts, teamFieldOfName), its values of the type the field takes. */
function typedField(reader: Reader): TeamFieldChange {
  const name = reader.string('field');
  const key = teamFieldOfName(name) ?? reader.fail(`${reader.at('field')} "${name}" is not a team setting or organization-access flag`);
  const values = { before: valueOf(reader, 'before'), after: valueOf(reader, 'after') };
  const check = FIELD_VALUES['flag' in key ? 'flag' : key.field];
  // A before of null: not reported (core/teams.ts).
  for (const side of ['before', 'after'] as const)
    if (!(side === 'before' && values.before === null) && !check(values[side], side)) reader.fail(`${reader.at(side)} is not a value of ${name}`);
  return { ...key, ...values } as TeamFieldChange;
}

function fieldOf(reader: Reader): TeamFieldChange {
  const field = typedField(reader);
  // A create's default (core/teams.ts): whose it is; a service's is not written by apply.
  const given = reader.value['default'];
  if (given === undefined) return field;
  if (given !== 'tfe-access' && given !== 'service') return reader.fail(`${reader.at('default')} is not "tfe-access" or "service"`);
  return { ...field, default: given };
}

/** A deleted team's grant: `{target, access}` (the level; its permissions are not read back). */
function goneGrantOf(reader: Reader): GoneGrant {
  const target = reader.object('target');
  const type = target.string('type');
  if (type !== 'project' && type !== 'workspace') return target.fail(`${target.at('type')} is not project or workspace`);
  const resource = RESOURCE_OF[type as TargetType];
  const level = reader.string('access');
  if (!isLevel(resource, level)) reader.fail(`${reader.at('access')} "${level}" is not a level of ${resource}`);
  const { access: _level, target: _target, ...permissions } = reader.value;
  return {
    resource,
    target: { type: type as TargetType, name: target.string('name'), id: target.string('id') },
    access: { access: level, permissions: flat(permissions) } as ReportedAccess,
  };
}

/** The permissions of a grant document (nested or flat) as dotted keys. */
function flat(value: Readonly<Record<string, unknown>>, prefix = ''): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'boolean') out[`${prefix}${key}`] = v;
    else if (typeof v === 'object' && v !== null && !Array.isArray(v)) Object.assign(out, flat(v as Record<string, unknown>, `${prefix}${key}.`));
  }
  return out;
}

function teamChangeOf(reader: Reader): TeamChange {
  const action = reader.string('action');
  const name = reader.string('name');
  const fields = (): TeamFieldChange[] => reader.objects('fields').map(fieldOf);
  switch (action) {
    case 'create':
      if (reader.value.id !== null) reader.fail(`${reader.at('id')} of a create is not null`);
      return { action, name, fields: fields() };
    case 'update':
      return { action, id: reader.string('id'), name, fields: fields() };
    case 'rename':
      return { action, id: reader.string('id'), name, from: reader.string('from'), fields: fields() };
    case 'delete': {
      const powers =
        reader.value.powers === undefined
          ? {}
          : { powers: reader.array('powers').map((p, i) => (typeof p === 'string' ? p : reader.fail(`${reader.at('powers')}[${i}] is not a string`))) };
      return { action, id: reader.string('id'), name, grants: reader.objects('grants').map(goneGrantOf), ...powers };
    }
    default:
      return reader.fail(`${reader.at('action')} "${action}" is not create, update, rename or delete`);
  }
}

export function teamChangesOf(plan: Reader): TeamChange[] {
  return plan.objects('team_changes').map(teamChangeOf);
}

export function basisTeamsOf(basis: Reader): BasisTeams {
  const teams = basis.object('teams');
  return { fingerprint: teams.string('fingerprint'), maxTeamDeletions: teams.integer('max_team_deletions') };
}
