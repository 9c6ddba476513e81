// `review-owners:` (docs/files.md, "`review-owners`"; docs/evidence.md, "Access reviews"): who
// reviews the access on which projects or tagged workspaces, and who the organization's powers. Its
// schema, the rule the schema cannot say well (an owner covers something: projects, tags, the
// organization), and the owners as `review start`
// reads them, each name with where it is written. Pure.
import type { JsonSchema } from '../core/json-schema.js';
import type { SourceRef } from '../core/model.js';
import type { ReviewOwner } from '../core/review.js';
import type { Problem } from '../load/problem.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { problemAt, valueAt } from './positions.js';

/** An owner's name names its sheet file (`review-NAME.csv`): letters, digits, `.`, `_` and `-`. */
export const OWNER_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';

const names = (description: string): JsonSchema => ({ description, type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true });

export function reviewOwnersSchema(): JsonSchema {
  return {
    description: 'Access reviews (review start): each owner, by the name its sheet is written under, with its reviewers and what it covers.',
    type: 'object',
    propertyNames: { minLength: 1 },
    additionalProperties: {
      type: 'object',
      additionalProperties: false,
      required: ['reviewers'],
      properties: {
        reviewers: { ...names("Who may decide the rows of this owner's sheet: emails or usernames."), minItems: 1 },
        projects: names('Projects whose access (the project and its workspaces) this owner reviews.'),
        tags: names('Workspace tags: a workspace with any of them is reviewed by this owner.'),
        organization: {
          description: "true: this owner reviews the teams' organization powers (the first owner that says so; without one they go to the unowned sheet).",
          type: 'boolean',
        },
      },
    },
  };
}

/** An owner whose name no sheet file can have, or that covers nothing: neither `projects`, `tags` (or both empty) nor `organization: true`. */
export function reviewOwnersProblems(merged: Merged): Problem[] {
  return [...merged.reviewOwners].flatMap(([name, owner]) => {
    if (name !== '' && !new RegExp(OWNER_NAME_PATTERN).test(name))
      return [
        problemAt(
          owner.at,
          owner.segments,
          `the owner's name names its sheet (review-NAME.csv): letters, digits, ".", "_" and "-" only, starting with a letter or digit`,
        ),
      ];
    const value = owner.value;
    if (!isRecord(value)) return [];
    const listed = (key: string): number => (Array.isArray(value[key]) ? (value[key] as unknown[]).length : 0);
    if (listed('projects') + listed('tags') > 0 || value.organization === true) return [];
    return [
      problemAt(
        owner.at,
        owner.segments,
        "an owner reviews the access of projects or tagged workspaces, or the organization's powers: give it `projects`, `tags`, `organization: true`, or several",
      ),
    ];
  });
}

function stringsAt(owner: Located, key: string): { names: string[]; at: SourceRef[] } {
  const list = isRecord(owner.value) ? owner.value[key] : undefined;
  if (!Array.isArray(list)) return { names: [], at: [] };
  const found = list.flatMap((name: unknown, i) => (typeof name === 'string' ? [{ name, at: valueAt(owner.file, [...owner.segments, key, i]) }] : []));
  return { names: found.map((f) => f.name), at: found.map((f) => f.at) };
}

/** The owners in file order, each with the places of its project names and tags. */
export function toReviewOwners(merged: Merged): { reviewOwners?: ReviewOwner[] } {
  const owners = [...merged.reviewOwners].map(([owner, located]): ReviewOwner => {
    const projects = stringsAt(located, 'projects');
    const tags = stringsAt(located, 'tags');
    return {
      owner,
      reviewers: stringsAt(located, 'reviewers').names,
      ...(projects.names.length > 0 ? { projects: projects.names, projectSources: projects.at } : {}),
      ...(tags.names.length > 0 ? { tags: tags.names, tagSources: tags.at } : {}),
      ...(isRecord(located.value) && located.value.organization === true ? { organization: true } : {}),
      source: located.at,
    };
  });
  return owners.length > 0 ? { reviewOwners: owners } : {};
}
