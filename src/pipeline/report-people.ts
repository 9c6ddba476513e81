// The people of a report (docs/effective-access.md, "People"): read only when asked for (`--by
// person`, or `--after` with files that manage members, whose plan needs them), one membership
// list (live/people.ts), then each person's access from the cells every team has, as the plan
// leaves them with --after.
import type { FilesState } from '../core/desired-state.js';
import type { PeopleReader } from '../core/member-write.js';
import type { Team } from '../core/model.js';
import type { LivePeople } from '../core/person.js';
import { readPeople } from '../live/people.js';
import { CLIError } from '../errors.js';
import { rulesRead } from '../core/policy-rules.js';

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

/** The organization's people: one membership list, every page, and the hidden members from the team list read already. */
export function readReportPeople(client: PeopleReader, organization: string, teams: readonly Team[]): Promise<LivePeople> {
  return readPeople(client, organization, teams);
}

/** The client as a people reader. Until the client lists people (src/api), a report that needs them says so in one line. */
export function peopleReaderOf(client: object): PeopleReader {
  if ('listPeople' in client && typeof client.listPeople === 'function') return client as PeopleReader;
  throw new CLIError('this build of tfe-access cannot read the organization memberships yet: report by team.');
}
