// Parsed files -> the desired state as they write it (FilesState) or every problem found: schema, cross-file and semantic rules. Pure.
import type { FilesState } from '../core/desired-state.js';
import type { LoadedFile } from '../load/document.js';
import { sortProblems, type Problem } from '../load/problem.js';
import { merge } from './merge.js';
import { schemaProblems } from './messages.js';
import { toDesiredState } from './model.js';
import { grantProblems } from './semantic.js';
import { policyProblems } from './policies.js';
import { teamsProblems } from './teams.js';
import { membersProblems } from './members.js';
import { reviewOwnersProblems } from './review-owners.js';
import { invisibleProblems } from './invisible.js';

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
