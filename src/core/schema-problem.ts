// A JSON document the tool reads back (a report's snapshot, a bundle's manifest): its text read as
// a JSON object with its `format_version` (versionedJson), then checked by Ajv against the schema of
// what it reads: the options every such reader compiles with, and the first
// error in the file's terms, one line (`workspaces[0].teams[0].access is not a string`).
// The build writes each reader's validator as Ajv standalone code (scripts/standalone-validator.mjs).
import type { ErrorObject, Options } from 'ajv/dist/2020.js';

/** The first error only (a reader says one problem); `verbose` for the failing schema's `title`. */
export const READER_AJV_OPTIONS: Options = { allErrors: false, verbose: true, strict: true, allowUnionTypes: true };

const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'a list',
  string: 'a string',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
  null: 'null',
};

/** `/workspaces/0/teams` as `workspaces[0].teams`; the top as `the document`. */
export function pathOf(instancePath: string): string {
  if (instancePath === '') return 'the document';
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at, segment) => (/^\d+$/.test(segment) ? `${at}[${segment}]` : at === '' ? segment : `${at}.${segment}`), '');
}

const typesOf = (type: unknown): string[] => (Array.isArray(type) ? type.map(String) : [String(type)]);

/** What is wrong, in words: the failing schema's `title`, when it has one, names what the value must be. */
function wrong(error: ErrorObject): string {
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  if (typeof title === 'string') return `is not ${title}`;
  if (error.keyword === 'type')
    return `is not ${typesOf(error.params.type)
      .map((t) => TYPE_WORDS[t] ?? t)
      .join(' or ')}`;
  return error.message ?? `fails ${error.keyword}`;
}

/** The first of Ajv's errors as one line naming where in the document and what is wrong. */
export function schemaProblem(errors: readonly ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (error === undefined) return 'the document does not match its schema';
  if (error.keyword === 'required') {
    const at = pathOf(error.instancePath);
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return `${at === 'the document' ? missing : `${at}.${missing}`} is missing`;
  }
  return `${pathOf(error.instancePath)} ${wrong(error)}`;
}

/** A document the tool wrote, read back: the JSON object and its `format_version`, or the problem in one line. */
export type VersionedJson = { readonly document: object; readonly version: unknown } | { readonly problem: string };

/** The text as a JSON object and its `format_version`: the version is read first, as it says which schema the rest is of. */
export function versionedJson(source: string): VersionedJson {
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    return { problem: 'not JSON' };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return { problem: 'the document is not an object' };
  return { document, version: (document as { format_version?: unknown }).format_version };
}
