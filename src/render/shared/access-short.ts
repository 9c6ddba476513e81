// A cell's access in a few words (docs/effective-access.md, "Custom in short"): a fixed level is its
// name; `custom` says what it allows, `custom: apply, vars rw, state r`. One function, used by the
// report's text, CSV and HTML, so a custom cell reads the same everywhere.
import { PERMISSION_ORDER, PERMISSIONS, type PermissionValue } from '../../core/access.js';
import type { EffectiveCell } from '../../core/effective.js';
import { RESOURCE_OF } from '../../core/model.js';

/**
 * The word of each value a permission may have, by its key without the group (`workspace-access.`,
 * `project-access.`): the same words on a project and a workspace. The lowest value of every
 * permission (`none`, `false`, runs `read`, settings `read`) has no word: every grant has at least it.
 */
const WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  runs: { plan: 'plan', apply: 'apply' },
  variables: { read: 'vars r', write: 'vars rw' },
  'state-versions': { 'read-outputs': 'state ro', read: 'state r', write: 'state rw' },
  'sentinel-mocks': { read: 'mocks r' },
  'workspace-locking': { true: 'lock' },
  locking: { true: 'lock' },
  'run-tasks': { true: 'run-tasks' },
  'policy-overrides': { true: 'overrides' },
  settings: { update: 'settings update', delete: 'settings delete' },
  teams: { read: 'teams r', manage: 'teams manage' },
  'variable-sets': { read: 'varsets r', write: 'varsets rw' },
  create: { true: 'create' },
  move: { true: 'move' },
  delete: { true: 'delete' },
};

/** The place of a permission (its key without the group) in the one order of both tables; one not in it last. */
const rank = (name: string): number => {
  const at = PERMISSION_ORDER.indexOf(name);
  return at < 0 ? PERMISSION_ORDER.length : at;
};

/** What a custom cell allows, in the one order of core/access.ts (a project's and a workspace's alike); a permission at its lowest value, or not known, says nothing. */
function allowed(cell: Pick<EffectiveCell, 'target' | 'permissions'>): string[] {
  const out: { name: string; word: string }[] = [];
  for (const spec of PERMISSIONS[RESOURCE_OF[cell.target.type]]) {
    const value: PermissionValue | undefined = cell.permissions[spec.key];
    const lowest = spec.values === 'boolean' ? false : spec.values[0];
    if (value === undefined || value === lowest) continue;
    const name = spec.key.slice(spec.key.indexOf('.') + 1);
    // A permission added to the tables without a word here still says what it is.
    out.push({ name, word: WORDS[name]?.[String(value)] ?? `${name}=${String(value)}` });
  }
  return out.sort((a, b) => rank(a.name) - rank(b.name)).map((w) => w.word);
}

/** `write`, `admin`, or `custom: apply, vars rw, state r` (`custom: read` when it allows no more than every grant does). */
export function accessShortForm(cell: Pick<EffectiveCell, 'target' | 'access' | 'permissions'>): string {
  if (cell.access !== 'custom') return cell.access;
  const words = allowed(cell);
  return `custom: ${words.length > 0 ? words.join(', ') : 'read'}`;
}
