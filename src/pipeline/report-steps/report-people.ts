// When a report reads the organization's people (docs/effective-access.md, "People"): only when
// asked for, one membership list (live/people.ts); a report by team reads none.
import type { FilesState } from '../../core/desired-state.js';
import { rulesRead } from '../../core/policy-rules.js';

/** How a report groups its access: by team (and target), as always, or by person. */
export type ReportBy = 'team' | 'person';

/**
 * Whether the report reads people: by person, after a plan of files that manage members (its
 * member changes need them), or with a policy of the files that reads them (`max-members`).
 */
export function readsPeople(by: ReportBy, after: boolean, desired: FilesState | undefined): boolean {
  const policies = rulesRead(
    (desired?.policies ?? []).map((p) => p.rule),
    'people',
  );
  return by === 'person' || policies || (after && (desired?.teams ?? []).some((t) => t.members !== undefined));
}
