// Parsed files -> the desired state as they write it (FilesState) or every problem found: schema, cross-file and semantic rules. Pure.
import type { FilesState } from '../core/desired-state.js';
import type { LoadedFile } from '../load/document.js';
import { type Problem, sortProblems } from '../load/problem.js';
import { invisibleProblems } from './invisible.js';
import { membersProblems } from './members.js';
import { merge } from './merge.js';
import { schemaProblems } from './messages.js';
import { toDesiredState } from './model.js';
import { policyProblems } from './policies.js';
import { reviewOwnersProblems } from './review-owners.js';
import { grantProblems } from './semantic.js';
import { teamsProblems } from './teams.js';

export type ValidationResult = { readonly state: FilesState } | { readonly problems: Problem[] };

/** Files whose `data` is undefined (unparseable) are skipped; their problems come from loading. */
export function validateDocuments(files: readonly LoadedFile[]): ValidationResult {
  if (files.length === 0) return { problems: [{ file: '.', message: 'no desired-state files to read' }] };
  const parsed = files.filter((f) => f.data !== undefined);
  const problems: Problem[] = [...parsed.flatMap((f) => schemaProblems(f)), ...invisibleProblems(parsed)];
  const merged = merge(parsed);
  problems.push(
    ...merged.problems,
    ...grantProblems(merged, parsed.length === files.length),
    ...policyProblems(merged),
    ...teamsProblems(merged, parsed.length === files.length),
    ...membersProblems(merged),
    ...reviewOwnersProblems(merged),
  );
  if (problems.length > 0 || parsed.length < files.length) return { problems: sortProblems(problems) };
  return { state: toDesiredState(merged) };
}
