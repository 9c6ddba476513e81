// Rules the schema cannot express: a grant's string (or `role:`) must be a level or a role of the
// matching kind, `expires:` a day the calendar has, and a team is either managed or in
// settings.ignore-teams, never both, and a set says what it matches. Pure.
import { isFixedLevel } from '../core/access.js';
import { EXPIRY_PATTERN, parseExpiry } from '../core/expiry.js';
import { RESOURCE_OF, type TargetType } from '../core/model.js';
import { clip, quote } from '../core/printable.js';
import { narrowingCriteria } from '../core/set-criteria.js';
import { didYouMean } from '../core/suggest.js';
import type { Problem } from '../load/problem.js';
import { isRecord, type Located, type Merged, SET_KEYS } from './merge.js';
import { problemAt, relativePlace, valueAt } from './positions.js';
import { fixedLevels } from './schema.js';

function grantStringProblem(merged: Merged, type: TargetType, value: string): string | undefined {
  const resource = RESOURCE_OF[type];
  if (isFixedLevel(resource, value) || merged.roles[type].has(value)) return undefined;
  const levels = fixedLevels(resource);
  if (value === 'custom') {
    return `"custom" needs its permissions: name a ${type} role, or write a mapping {access: custom, ...}`;
  }
  const other: TargetType = type === 'project' ? 'workspace' : 'project';
  if (merged.roles[other].has(value)) {
    return `${quote(value)} is a ${other} role; a ${type} takes a ${type} role or one of ${levels.join(', ')}`;
  }
  const roles = [...merged.roles[type].keys()];
  const expected = `${levels.join(', ')} or a ${type} role${roles.length > 0 ? ` (${roles.map((r) => clip(r)).join(', ')})` : ''}`;
  if (isFixedLevel(RESOURCE_OF[other], value)) return `${quote(value)} is a ${other} level, not a ${type} level; a ${type} takes ${expected}`;
  const hint = didYouMean(value, [...levels, ...roles]);
  return `${quote(value)} is not an access level or a ${type} role${hint ? `.${hint}` : `; expected ${expected}`}`;
}

/** `role:` of an inline grant: a role of the matching kind (a level belongs under `access:`). */
function roleProblem(merged: Merged, type: TargetType, value: string): string | undefined {
  if (merged.roles[type].has(value)) return undefined;
  const other: TargetType = type === 'project' ? 'workspace' : 'project';
  if (isFixedLevel(RESOURCE_OF[type], value)) return `${quote(value)} is an access level, not a role; use access: ${clip(value)}`;
  if (merged.roles[other].has(value)) return `${quote(value)} is a ${other} role; a ${type} takes a ${type} role`;
  const roles = [...merged.roles[type].keys()];
  const known = roles.length > 0 ? `; the ${type} roles are ${roles.map((r) => clip(r)).join(', ')}` : `; no ${type} role is defined under roles.${type}`;
  const hint = didYouMean(value, roles);
  return `${quote(value)} is not a ${type} role${hint ? `.${hint}` : known}`;
}

/** Problems of an inline grant's `role` and `expires` the schema cannot see: unknown roles, impossible dates. */
function inlineProblems(merged: Merged, type: TargetType, grant: Located, rolesComplete: boolean): Problem[] {
  const value = grant.value;
  if (!isRecord(value)) return [];
  const problems: Problem[] = [];
  const at = (key: string, text: string) => {
    const segments = [...grant.segments, key];
    problems.push(problemAt(valueAt(grant.file, segments), segments, text));
  };
  const role = typeof value.role === 'string' && rolesComplete ? roleProblem(merged, type, value.role) : undefined;
  if (role) at('role', role);
  // A wrong form is the schema's (its pattern); here, what only a calendar knows (2026-02-30).
  if (typeof value.expires === 'string' && new RegExp(EXPIRY_PATTERN).test(value.expires)) {
    const parsed = parseExpiry(value.expires);
    if ('error' in parsed) at('expires', `${quote(value.expires)} is not a date or time: ${parsed.error}`);
  }
  return problems;
}

function ignoredTeams(merged: Merged): Map<string, Located> {
  const out = new Map<string, Located>();
  const entry = merged.settings.get('ignore-teams');
  if (!entry || !Array.isArray(entry.value)) return out;
  entry.value.forEach((team: unknown, i) => {
    if (typeof team !== 'string' || out.has(team)) return;
    const segments = [...entry.segments, i];
    out.set(team, { value: team, at: valueAt(entry.file, segments), file: entry.file, segments });
  });
  return out;
}

/**
 * Problems of grants. `rolesComplete` is false when some file could not be parsed: a role it
 * defined is then unknown here, and "unknown role" would be noise on top of its syntax error.
 */
export function grantProblems(merged: Merged, rolesComplete = true): Problem[] {
  const problems: Problem[] = [];
  const ignored = ignoredTeams(merged);
  const holders = [...merged.targets.values(), ...merged.sets.project.values(), ...merged.sets.workspace.values()];
  for (const holder of holders) {
    for (const [team, grant] of holder.grants) {
      const skip = ignored.get(team);
      if (skip) {
        const text = `team ${quote(team)} is also in settings.ignore-teams (${relativePlace(skip.at, grant.at)}); a team is either managed here or ignored`;
        problems.push(problemAt(grant.at, grant.segments, text));
      }
      problems.push(...inlineProblems(merged, holder.type, grant, rolesComplete));
      if (typeof grant.value !== 'string' || !rolesComplete) continue;
      const text = grantStringProblem(merged, holder.type, grant.value);
      if (text) problems.push(problemAt(valueAt(grant.file, grant.segments), grant.segments, text));
    }
  }
  return [...problems, ...matchProblems(merged)];
}

/**
 * A set's `match` gives at least one criterion that narrows (core/set-criteria.ts; for a workspace
 * set projects, tags or names): `exclude` alone, or nothing, would match every target by
 * accident; `names: ["*"]` says it on purpose.
 */
function matchProblems(merged: Merged): Problem[] {
  const problems: Problem[] = [];
  for (const type of ['project', 'workspace'] as const) {
    const needed = narrowingCriteria(type);
    for (const set of merged.sets[type].values()) {
      const match = isRecord(set.item.value) ? set.item.value.match : undefined;
      if (!isRecord(match) || needed.some((key) => key in match)) continue;
      const segments = [SET_KEYS[type], set.name, 'match'];
      const text = `${type} set ${quote(set.name)} matches nothing in particular: give ${needed
        .map((k) => `\`${k}\``)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')} (\`names: ["*"]\` for every ${type})`;
      problems.push(problemAt(valueAt(set.item.file, segments), segments, text));
    }
  }
  return problems;
}
