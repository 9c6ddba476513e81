// The guards of `apply --plan`, re-made at apply (docs/apply.md, "Saved plans": who can change one).
// A saved plan resealed without the key may say anything about its guards; here the figures they
// count (the people, the teams, who the token is) come from apply's own read, and the limits from
// where an edited file cannot loosen them: the files given as PATHS, a plan sealed with the key or
// vouched for by the reviewed --checksum (which covers them), else the saved limits no looser than
// their defaults (a line on stderr for each that was).
import type { TfeClient } from '../../api/client.js';
import type { FilesState } from '../../core/desired-state.js';
import type { Team } from '../../core/model.js';
import { managedChanges } from '../../core/plan.js';
import { viewerOf } from '../../core/viewer.js';
import { CLIError, messageOf } from '../../errors.js';
import { type ApplyRead, memberGuardInputsAsRead } from '../../guard/apply-members.js';
import { type GuardContext, ownTeamsOf } from '../../guard/guards.js';
import { type GuardLimits, limitsOfFiles, unsealedLimits } from '../../guard/saved-limits.js';
import { looseLimitLine } from '../../render/apply/loose-limits.js';
import { basisGuardInputs, type SavedPlan } from '../../saved-plan/saved-plan.js';
import { assertPeopleFresh, assertTeamsFresh } from '../../saved-plan/stale.js';

export interface SavedGuardRequest {
  readonly file: string;
  readonly saved: SavedPlan;
  /** The desired state of the PATHS given beside --plan (already checked to be the plan's), if any. */
  readonly desired: FilesState | undefined;
  readonly force: boolean;
  /** `--checksum SUM` was given (and matched): the reviewed checksum covers the saved limits. */
  readonly reviewed: boolean;
  readonly onNotice?: ((line: string) => void) | undefined;
}

/** The teams listed once: the teams' freshness check and who the token is read from the same list. */
async function teamsOf(saved: SavedPlan, client: TfeClient): Promise<readonly Team[]> {
  try {
    return await client.listTeams(saved.plan.organization);
  } catch (error: unknown) {
    throw new CLIError(`could not read the teams of ${saved.plan.organization} to check the saved plan; nothing was changed: ${messageOf(error)}`);
  }
}

/** What apply reads for the guards of a plan with team or member changes, the freshness of both checked on it. */
async function readForGuards(saved: SavedPlan, client: TfeClient): Promise<ApplyRead | undefined> {
  if (!saved.plan.manages?.length) return undefined;
  const teams = await teamsOf(saved, client);
  await assertTeamsFresh(saved, { listTeams: async () => teams });
  const people = (await assertPeopleFresh(saved, client)) ?? [];
  // Unknown (no endpoint, an error) reads as no own team and no own user: the other guards still hold.
  const identity = await client.accountDetails().catch(() => undefined);
  return { people, teams, viewer: viewerOf(identity, saved.plan.organization, teams) };
}

function limitsOf(request: SavedGuardRequest, saved: GuardLimits): GuardLimits {
  if (request.desired) return limitsOfFiles(request.desired.settings, saved);
  if (request.saved.hmac === 'verified' || request.reviewed) return saved;
  const { limits, loose } = unsealedLimits(saved);
  for (const limit of loose) request.onNotice?.(looseLimitLine(request.file, limit));
  return limits;
}

/** The guards' context of `apply --plan`: read again, never taken from the file. */
export async function savedGuards(request: SavedGuardRequest, client: TfeClient): Promise<GuardContext> {
  const { saved } = request;
  const read = await readForGuards(saved, client);
  const basis = basisGuardInputs(saved.basis);
  const limits = limitsOf(request, {
    maxRemovals: basis.maxRemovals,
    ...(basis.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: basis.maxTeamDeletions }),
    ...(basis.memberGuards ? { members: basis.memberGuards } : {}),
    ...(basis.maxTokenRevocations === undefined ? {} : { maxTokenRevocations: basis.maxTokenRevocations }),
  });
  const members = limits.members && read ? { members: memberGuardInputsAsRead(managedChanges(saved.plan, 'member') ?? [], read, limits.members) } : {};
  return {
    maxRemovals: limits.maxRemovals,
    incompleteTargets: new Set(basis.incompleteTargets),
    force: request.force,
    ...(limits.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: limits.maxTeamDeletions }),
    ...(limits.maxTokenRevocations === undefined ? {} : { maxTokenRevocations: limits.maxTokenRevocations }),
    ...members,
    ...(read ? { applyRead: read, ownTeams: ownTeamsOf(read.viewer) } : {}),
  };
}
