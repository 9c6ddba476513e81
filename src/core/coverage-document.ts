// What a read could not see and what a run was asked, as the JSON documents carry them (plan,
// drift, report, saved plans): the facts of `complete`, `incomplete` and `scope`. A renderer adds
// each reason's words (render/shared/coverage.ts, coverageDocument: `message`); a saved plan's reader
// checks these facts back (saved-plan/parse-coverage.ts). Pure.
import type { ChangedFrom, Coverage, IncompleteReason, Scope } from './coverage.js';
import type { JsonObject } from './json-value.js';

/** One reason's code and what it names, without its words. */
export function reasonFacts(reason: IncompleteReason): JsonObject {
  switch (reason.code) {
    case 'secret-teams-unseen':
      return { code: reason.code, targets: reason.targets };
    case 'grants-of-unseen-teams':
      return { code: reason.code, targets: [...reason.targets] };
    case 'projects-unseen':
      return { code: reason.code, workspaces: [...reason.workspaces] };
    case 'identity-unknown':
    case 'people-teams-unseen':
    case 'teams-not-proven':
    case 'no-targets-seen':
      return { code: reason.code };
    case 'targets-not-proven':
      return { code: reason.code, lists: [...reason.lists] };
    case 'team-tokens-unlisted':
      return { code: reason.code, policies: [...reason.policies], cause: reason.cause };
    case 'reach-unread':
      return { code: reason.code, reach: [...reason.reach] };
    case 'indirect-unread': {
      const u = reason.unread;
      return {
        code: reason.code,
        lists: [...u.lists],
        consumers: [...u.consumers],
        short: [...u.short],
        unnamed: [...u.unnamed],
        partial_token: u.partialToken,
      };
    }
  }
}

/** `complete`, `incomplete` (each reason's facts; empty when complete) and `scope`. Not part of any checksum. */
export function coverageFacts(coverage: Coverage, scope: Scope): { complete: boolean; incomplete: JsonObject[]; scope: JsonObject } {
  return {
    complete: coverage.complete,
    incomplete: coverage.reasons.map(reasonFacts),
    scope: {
      paths: [...scope.paths],
      targets: [...scope.targets],
      teams: [...scope.teams],
      projects: [...scope.projects],
      workspaces: [...scope.workspaces],
      // Only a report by person has it: every other output's scope reads as it always did.
      ...(scope.people ? { people: [...scope.people] } : {}),
      // Only a plan given --changed-from has it.
      ...(scope.changedFrom ? { changed_from: changedFromFacts(scope.changedFrom) } : {}),
    },
  };
}

/** `scope.changed_from`: the base, whether the plan is scoped, what it touched and read, or why it is the full plan. */
export function changedFromFacts(c: ChangedFrom): JsonObject {
  return {
    ref: c.ref,
    scoped: c.scoped,
    targets: [...c.targets],
    teams: [...c.teams],
    token_policy: c.tokenPolicy,
    targets_read: c.read,
    ...(c.reason === undefined ? {} : { reason: c.reason }),
  };
}
