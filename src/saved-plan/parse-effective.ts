// A saved plan's `effective_changes` back into EffectiveChange values, so a saved plan is shown
// (`show`, `apply --plan`) as `plan` printed it. Checked as the changes are: every value known,
// and what is kept is all the file says (core/effective-document.ts writes it back the same).

import { type Level, PROJECT_LEVELS, WORKSPACE_LEVELS } from '../core/access.js';
import type { AccessSource, ChangeCause, Direction, EffectiveChange, MemberCause } from '../core/effective.js';
import { effectiveChangeDocument } from '../core/effective-document.js';
import type { TargetType } from '../core/model.js';
import { pendingTeamId } from '../core/teams.js';
import type { Reader } from './reader.js';

const LEVELS: ReadonlySet<string> = new Set([...PROJECT_LEVELS, ...WORKSPACE_LEVELS]);
const DIRECTIONS: readonly Direction[] = ['rises', 'falls', 'mixed', 'none'];
const ACTIONS: readonly ChangeCause['action'][] = ['add', 'update', 'remove'];
const MEMBER_ACTIONS: readonly MemberCause['action'][] = ['add', 'remove'];

function oneOf<T extends string>(reader: Reader, key: string, allowed: readonly T[]): T {
  const value = reader.string(key);
  return (allowed as readonly string[]).includes(value) ? (value as T) : reader.fail(`${reader.at(key)} "${value}" is not one of ${allowed.join(', ')}`);
}

/** A level, or null for no access. */
function levelOrNull(reader: Reader, key: string): Level | null {
  if (reader.value[key] === null) return null;
  const value = reader.string(key);
  return LEVELS.has(value) ? (value as Level) : reader.fail(`${reader.at(key)} "${value}" is not an access level`);
}

function level(reader: Reader, key: string): Level {
  return levelOrNull(reader, key) ?? reader.fail(`${reader.at(key)} is null`);
}

const TARGET_TYPES: readonly TargetType[] = ['project', 'workspace'];

function sourceOf(reader: Reader): AccessSource {
  switch (oneOf(reader, 'kind', ['owners', 'organization', 'project', 'workspace'])) {
    case 'owners':
      return { kind: 'owners' };
    case 'organization':
      return { kind: 'organization', permission: reader.string('permission') };
    case 'project':
      return { kind: 'project', name: reader.string('name'), id: reader.string('id'), access: level(reader, 'access') };
    case 'workspace':
      return { kind: 'workspace', access: level(reader, 'access') };
  }
}

function effectiveChangeOf(reader: Reader): EffectiveChange {
  const team = reader.object('team');
  const target = reader.object('target');
  const change: EffectiveChange = {
    team: { name: team.string('name'), id: team.value.id === null ? pendingTeamId(team.string('name')) : team.string('id') },
    target: { type: oneOf(target, 'type', TARGET_TYPES), name: target.string('name'), id: target.string('id') },
    before: levelOrNull(reader, 'before'),
    after: levelOrNull(reader, 'after'),
    direction: oneOf(reader, 'direction', DIRECTIONS),
    via: reader
      .objects('via')
      .map((c) => ({ type: oneOf(c, 'type', TARGET_TYPES), name: c.string('name'), action: oneOf(c, 'action', ACTIONS), access: levelOrNull(c, 'access') })),
  };
  return {
    ...change,
    ...(reader.value.held_by === undefined ? {} : { heldBy: reader.objects('held_by').map(sourceOf) }),
    ...(reader.value.people === undefined ? {} : { people: emails(reader, 'people') }),
    ...(reader.value.member === undefined ? {} : { member: memberOf(reader.object('member')) }),
  };
}

function emails(reader: Reader, key: string): string[] {
  return reader.array(key).map((value, i) => (typeof value === 'string' && value !== '' ? value : reader.fail(`${reader.at(key)}[${i}] is not an email`)));
}

/** docs/effective-access.md, "People": the member change an entry is caused by. */
function memberOf(reader: Reader): MemberCause {
  return { action: oneOf(reader, 'action', MEMBER_ACTIONS), email: reader.string('email') };
}

/** `{effectiveChanges}` when the plan carries them (plans of `plan` and `drift` do), else nothing. */
export function effectiveChangesOf(plan: Reader): { effectiveChanges?: EffectiveChange[] } {
  if (plan.value.effective_changes === undefined) return {};
  const changes = plan.objects('effective_changes').map(effectiveChangeOf);
  if (JSON.stringify(changes.map(effectiveChangeDocument)) !== JSON.stringify(plan.array('effective_changes'))) {
    plan.fail(`${plan.at('effective_changes')} holds values tfe-access does not write (the file was edited or damaged)`);
  }
  return { effectiveChanges: changes };
}
