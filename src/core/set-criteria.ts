// The criteria of a set's or a policy's match (docs/sets.md, "Sets", "Policies"), one row each, as
// core/access.ts is for permissions. The desired-state schema (validate/schema.ts), the files'
// reading (validate/selection.ts) and rules (validate/semantic.ts, validate/policies.ts), the name
// checker (expand/selectors.ts), the policies' canonical form (core/policy-document.ts) and the
// model's `SetMatch` read this table; expand/match.ts holds each row's matcher, in a table the
// compiler checks against this one. A row's key is its key in the files; every criterion is a
// list of non-empty strings, and every one given must hold. Row order is the order written out
// (schema properties, a saved plan's policies). Pure.

/** model.ts's TargetType, spelled here: model.ts reads this table for `SetMatch`, so it is not imported back. */
type TargetType = 'project' | 'workspace';

/**
 * What a criterion's values name, so the name checker knows which list to find them in:
 * `project` a project of the organization, `tag` a tag some workspace carries, `glob` the name of
 * a target of the set's own kind (`*` and `?` allowed: only a name without them is checked).
 */
export type CriterionNames = 'project' | 'tag' | 'glob';

export interface SetCriterion {
  /** The kinds of set (and policy) that take it. */
  readonly types: readonly TargetType[];
  /** What it means, for the schema's description, in a set or policy of `type`. */
  readonly describe: (type: TargetType) => string;
  readonly names: CriterionNames;
  /** Whether it can say alone what a match covers (`exclude` alone would cover everything by accident). */
  readonly narrows: boolean;
}

export const SET_CRITERIA = {
  projects: {
    types: ['workspace'],
    describe: () => 'Project names: the workspace is in one of them.',
    names: 'project',
    narrows: true,
  },
  tags: {
    types: ['workspace'],
    describe: () => 'Tags that must all be on the workspace: `key:value` matches a key-value tag (or a flat tag written so), a bare word a flat tag or a key.',
    names: 'tag',
    narrows: true,
  },
  names: {
    types: ['project', 'workspace'],
    describe: (type) => `Globs of ${type} names (\`*\` any run of characters, \`?\` one); the name matches one of them.`,
    names: 'glob',
    narrows: true,
  },
  exclude: {
    types: ['project', 'workspace'],
    describe: (type) => `Globs of ${type} names left out, even when every other criterion holds.`,
    names: 'glob',
    narrows: false,
  },
} as const satisfies Readonly<Record<string, SetCriterion>>;

export type CriterionKey = keyof typeof SET_CRITERIA;

/** Every criterion, in row order. */
export const CRITERION_KEYS = Object.keys(SET_CRITERIA) as readonly CriterionKey[];

/** The criteria a set or policy of `type` takes, in row order. */
export function criteriaOf(type: TargetType): CriterionKey[] {
  return CRITERION_KEYS.filter((key) => (SET_CRITERIA[key].types as readonly TargetType[]).includes(type));
}

/** The criteria of `type` that can say alone what a match covers: a match must give one of them. */
export function narrowingCriteria(type: TargetType): CriterionKey[] {
  return criteriaOf(type).filter((key) => SET_CRITERIA[key].narrows);
}

/** Whether a match names tags: the workspaces are then read with their key-value tags (a bare word may be a key). */
export function namesTags(match: { readonly [K in CriterionKey]?: readonly string[] }): boolean {
  return CRITERION_KEYS.some((key) => SET_CRITERIA[key].names === 'tag' && match[key] !== undefined);
}
