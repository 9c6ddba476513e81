// Ajv errors -> problems in the file's terms, one per real mistake, each at FILE:LINE:COL.
//
// Ajv reports what failed in the schema (`must match "else" schema`, `must be string,object`); a
// user needs what is wrong in the file and what was meant. Wrapper errors (if/anyOf/not) only say
// that a branch failed, so they are dropped for the branch's own errors; a wrong type hides every
// other error on the same value, since nothing else about it can be right.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { parseExpiry } from '../core/expiry.js';
import { idShape } from '../core/ids.js';
import { clip, quote } from '../core/printable.js';
import { closest, didYouMean, orList } from '../core/suggest.js';
import type { LoadedFile } from '../load/document.js';
import { dotted, type Segment } from '../load/pointer.js';
import { type Problem, sortProblems } from '../load/problem.js';
import { schemaErrors } from './ajv.js';
import { keyAt, problemAt, segmentsOf, valueAt } from './positions.js';

const WRAPPERS = new Set(['if', 'anyOf', 'oneOf', 'not']);

const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'a mapping',
  array: 'a list',
  string: 'a string',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
  null: 'nothing',
};

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(clip(value));
  return String(value);
}

/** A missing key next to an unknown key that is its typo (`tems:`) is one mistake: keep the typo. */
function isTypoOfMissing(e: ErrorObject, errors: readonly ErrorObject[]): boolean {
  if (e.keyword !== 'required') return false;
  const missing = String((e.params as { missingProperty?: unknown }).missingProperty);
  return errors.some(
    (other) =>
      other.keyword === 'additionalProperties' &&
      other.instancePath === e.instancePath &&
      closest(String((other.params as { additionalProperty?: unknown }).additionalProperty), [missing]) !== undefined,
  );
}

function collapse(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept = errors.filter((e) => !WRAPPERS.has(e.keyword) && e.propertyName === undefined && !isTypoOfMissing(e, errors));
  const typed = new Set(kept.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const seen = new Set<string>();
  return kept.filter((e) => {
    if (typed.has(e.instancePath) && e.keyword !== 'type') return false;
    // The first type error of a value names the whole expectation; later ones come from branches.
    const id = e.keyword === 'type' ? `${e.instancePath}|type` : `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const GRANT_HOLDERS: Readonly<Record<string, 'project' | 'workspace'>> = {
  projects: 'project',
  workspaces: 'workspace',
  'project-sets': 'project',
  'workspace-sets': 'workspace',
};

function grantKind(segments: readonly Segment[]): 'project' | 'workspace' | undefined {
  if (segments.length < 4 || segments[2] !== 'teams') return undefined;
  return GRANT_HOLDERS[String(segments[0])];
}

function typeMessage(e: ErrorObject, segments: Segment[]): string {
  const types = String((e.params as { type?: unknown }).type ?? '').split(',');
  const kind = segments.length === 4 ? grantKind(segments) : undefined;
  const expected = kind ? `an access level, a ${kind} role name or a mapping with \`access\`` : orList(types.map((t) => TYPE_WORDS[t] ?? t));
  return `expected ${expected}, got ${describe(e.data)}`;
}

function enumMessage(e: ErrorObject, segments: Segment[]): string {
  const allowed = ((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(String);
  const kind = grantKind(segments);
  const guess = typeof e.data === 'string' ? didYouMean(e.data, allowed) : '';
  const hint = guess ? `.${guess}` : '';
  if (kind && segments[4] === 'access' && segments.length === 5) {
    return `${describe(e.data)} is not a ${kind} access level (${orList(allowed)})${hint}`;
  }
  return `${describe(e.data)} is not one of ${orList(allowed)}${hint}`;
}

function unknownKey(e: ErrorObject, segments: Segment[]): { text: string; child: Segment[] } {
  const key = String((e.params as { additionalProperty?: unknown }).additionalProperty);
  const properties = (e.parentSchema as { properties?: Record<string, { properties?: object }> } | undefined)?.properties ?? {};
  const allowed = Object.keys(properties);
  const group = allowed.find((k) => Object.keys(properties[k]?.properties ?? {}).includes(key));
  const guess = didYouMean(key, allowed);
  let hint = guess ? `.${guess}` : '';
  const flat = allowed.length > 0 && allowed.every((k) => !properties[k]?.properties);
  if (group) hint = `; ${quote(key)} belongs under ${group}`;
  else if (flat && /-access$/.test(key)) hint = `; these permissions are flat, without ${key}: write ${orList(allowed)} directly`;
  else if (hint === '' && allowed.length > 0) hint = `; expected ${orList(allowed)}`;
  else if (allowed.length === 0) hint = '';
  return { text: `unknown key ${quote(key)}${hint}`, child: [...segments, key] };
}

/** A key of the grant mapping at `segments`, as a message quotes it (undefined when absent). */
function grantField(data: unknown, segments: readonly Segment[], key: string): string | undefined {
  let current = data;
  for (const s of segments) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[String(s)] : undefined;
  const value = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? clip(value) : describe(value);
}

/** A key a grant may not have beside the others: an attribute without `access: custom`, or anything but `expires` beside `role`. */
function notAllowedHere(data: unknown, segments: readonly Segment[]): string {
  const parent = segments.slice(0, -1);
  const key = quote(String(segments[segments.length - 1]));
  const role = grantField(data, parent, 'role');
  if (role !== undefined && segments[segments.length - 1] === 'access')
    return `${key} and "role" exclude each other: a grant is a level (access) or a role (role: ${role}), not both`;
  if (role !== undefined) return `${key} may not be set with a role (role: ${role} gives every permission of the grant)`;
  return `${key} may be set only with access: custom (this grant has access: ${grantField(data, parent, 'access') ?? 'nothing'})`;
}

function requiredMessage(missing: string, segments: readonly Segment[]): string {
  if (missing === 'access' && grantKind(segments)) return 'missing "access" (a level) or "role" (a role name)';
  return `missing required key "${missing}"`;
}

function patternMessage(e: ErrorObject, segments: Segment[]): string {
  // docs/files.md, "Members": an email of `members:`, and the percentage of max-member-removals.
  if (segments[0] === 'teams' && segments[2] === 'members') return `${describe(e.data)} is not an email address (name@example.com)`;
  if (segments[0] === 'settings' && segments[1] === 'max-member-removals')
    return `${describe(e.data)} is not a count or a percentage of a team's members (3, or 25%)`;
  const type = segments[0] === 'projects' ? 'project' : 'workspace';
  if (segments[segments.length - 1] === 'id' && typeof e.data === 'string') {
    return `${describe(e.data)} is not a ${type} id: the service's ${type} ids are ${idShape(type)}`;
  }
  const parsed = typeof e.data === 'string' && segments[segments.length - 1] === 'expires' && grantKind(segments) ? parseExpiry(e.data) : undefined;
  if (parsed && 'error' in parsed) return `${describe(e.data)} is not a date or time: ${parsed.error}`;
  return `${describe(e.data)} does not have the expected form (${String((e.params as { pattern?: unknown }).pattern)})`;
}

function toProblem(file: LoadedFile, e: ErrorObject): Problem {
  const segments = segmentsOf(e.instancePath, file.data);
  const here = valueAt(file, segments);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return problemAt(here, segments, typeMessage(e, segments));
    case 'enum':
      return problemAt(here, segments, enumMessage(e, segments));
    case 'additionalProperties': {
      const { text, child } = unknownKey(e, segments);
      return { ...problemAt(keyAt(file, child), segments, text), path: dotted(child) };
    }
    case 'required':
      return problemAt(keyAt(file, segments), segments, requiredMessage(String(params.missingProperty), segments));
    case 'false schema': {
      return { ...problemAt(keyAt(file, segments), segments.slice(0, -1), notAllowedHere(file.data, segments)), path: dotted(segments) };
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      const child = [...segments, name];
      const text = segments[0] === 'roles' ? `a role may not be named like an access level (${quote(name)}); choose another name` : 'a name may not be empty';
      return { ...problemAt(keyAt(file, child), segments, text), path: dotted(child) };
    }
    case 'pattern':
      return problemAt(here, segments, patternMessage(e, segments));
    case 'minLength':
      return problemAt(here, segments, 'may not be empty');
    case 'minimum':
      return problemAt(here, segments, `must be ${String(params.limit)} or more, got ${describe(e.data)}`);
    case 'uniqueItems': {
      const item = [...segments, Math.max(Number(params.i), Number(params.j))];
      const value = Array.isArray(e.data) ? e.data[Number(params.i)] : undefined;
      return problemAt(valueAt(file, item), segments, `${describe(value)} is listed twice`);
    }
    default:
      return problemAt(here, segments, e.message ?? `does not match the schema (${e.keyword})`);
  }
}

/** The schema problems of one parsed file, at most one per mistake. */
export function schemaProblems(file: LoadedFile): Problem[] {
  const problems = collapse(schemaErrors(file.data)).map((e) => toProblem(file, e));
  const seen = new Set<string>();
  return sortProblems(
    problems.filter((p) => {
      const id = `${p.line}:${p.col}:${p.message}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
  );
}
