// Is a saved plan still based on the current reality? Every managed target is read again (one
// list call each) and its grants' fingerprint compared with the one saved, and no grant it writes
// may have expired meanwhile. A plan reviewed on Monday is never applied to Tuesday's reality: a
// moved target refuses the whole plan (exit 1).
import pLimit from 'p-limit';
import type { DesiredTokenPolicy } from '../core/desired-state.js';
import { describeInstant, isExpired } from '../core/expiry.js';
import type { PeopleReader } from '../core/member-write.js';
import type { LiveGrant, LiveTarget, TargetRef, Team } from '../core/model.js';
import type { Person } from '../core/person.js';
import { type Change, grantChanges, managedChanges } from '../core/plan.js';
import type { LiveTokens, TokenPolicyChange, TokenType } from '../core/token-policy.js';
import { diffTokenPolicy } from '../diff/token-policy.js';
import { CLIError, messageOf } from '../errors.js';
import { fingerprintGrants, fingerprintPeople, fingerprintTeams, fingerprintTokenPolicy } from './fingerprint.js';
import type { BasisTarget, SavedPlan } from './saved-plan.js';

export class StalePlanError extends CLIError {
  override readonly name: string = 'StalePlanError';
  constructor(readonly moved: readonly BasisTarget[]) {
    const names = moved.map((t) => `${t.type} "${t.name}" (${t.id})`).join(', ');
    super(`the saved plan is stale: the team access of ${names} changed since it was planned; nothing was changed. Plan again and review the new plan.`);
  }
}

/** A grant the saved plan writes whose expiry has passed since it was planned (docs/files.md, "Grants that expire"). */
export class ExpiredSincePlannedError extends CLIError {
  override readonly name: string = 'ExpiredSincePlannedError';
  constructor(expired: readonly Change[]) {
    const grants = expired.map((c) => `team "${c.team.name}" on ${c.target.type} "${c.target.name}" (${describeInstant(c.expires ?? '')})`).join(', ');
    super(
      `the saved plan is stale: it grants access that has expired since it was planned: ${grants}; nothing was changed. Plan again and review the new plan.`,
    );
  }
}

/** The one call the freshness check reads through: a target's grant list (the client, the run's reader, or a fake in tests). */
export interface BasisLister {
  listGrants(target: Pick<TargetRef, 'type' | 'id'>): Promise<readonly LiveGrant[]>;
}

/** Throws ExpiredSincePlannedError when an add or update of the plan has expired at `now`. Offline. */
export function assertNotExpired(saved: SavedPlan, now: number): void {
  const expired = grantChanges(saved.plan).filter((c) => c.action !== 'remove' && c.expires !== undefined && isExpired(c.expires, now));
  if (expired.length > 0) throw new ExpiredSincePlannedError(expired);
}

/** Every target of the basis read again, in the basis's order. */
async function readBasis(saved: SavedPlan, api: BasisLister, concurrency: number): Promise<LiveTarget[]> {
  const limit = pLimit(Math.max(1, concurrency));
  return Promise.all(
    saved.basis.targets.map((target) =>
      limit(async () => {
        try {
          return { type: target.type, id: target.id, name: target.name, grants: await api.listGrants(target) };
        } catch (error: unknown) {
          throw new CLIError(
            `could not read the team access of ${target.type} "${target.name}" (${target.id}) to check the saved plan; nothing was changed: ${messageOf(error)}`,
          );
        }
      }),
    ),
  );
}

/**
 * The basis's targets as they are now, when none moved: what `apply --plan` checks the policies
 * on (docs/effective-access.md, "Policies"). Throws StalePlanError naming every target that moved.
 */
export async function readFresh(saved: SavedPlan, api: BasisLister, concurrency: number): Promise<LiveTarget[]> {
  const read = await readBasis(saved, api, concurrency);
  const moved = saved.basis.targets.filter((target, i) => fingerprintGrants(read[i]?.grants ?? []) !== target.grants);
  if (moved.length > 0) throw new StalePlanError(moved);
  return read;
}

/** Throws StalePlanError naming every target that moved. */
export async function assertFresh(saved: SavedPlan, api: BasisLister, concurrency: number): Promise<void> {
  await readFresh(saved, api, concurrency);
}

/** The one call the teams' freshness check reads through (the team list a plan reads). */
export interface BasisTeamLister {
  listTeams(organization: string): Promise<readonly Team[]>;
}

/**
 * docs/apply.md, "Saved plans": a plan with team changes is applied only to the teams it was planned
 * from: one list of the teams, its fingerprint against the basis's. Throws a stale plan's error.
 */
export async function assertTeamsFresh(saved: SavedPlan, api: BasisTeamLister): Promise<void> {
  const basis = saved.basis.teams;
  if (!basis) return;
  let teams: readonly Team[];
  try {
    teams = await api.listTeams(saved.plan.organization);
  } catch (error: unknown) {
    throw new CLIError(`could not read the teams of ${saved.plan.organization} to check the saved plan; nothing was changed: ${messageOf(error)}`);
  }
  if (fingerprintTeams(teams) !== basis.fingerprint) {
    throw new CLIError(
      'the saved plan is stale: the teams changed since it was planned (a team created, renamed, deleted or changed); nothing was changed. Plan again and review the new plan.',
    );
  }
}

/**
 * docs/apply.md, "Saved plans": a plan with member changes is applied only to the people it was
 * planned from: one read of the membership list, its fingerprint against the basis's. Throws a
 * stale plan's error (a person who accepted an invitation, joined or left a team meanwhile);
 * returns the people read.
 */
export async function assertPeopleFresh(saved: SavedPlan, api: PeopleReader): Promise<readonly Person[] | undefined> {
  const basis = saved.basis.members;
  if (!basis) return undefined;
  let people: readonly Person[];
  try {
    people = (await api.listPeople(saved.plan.organization)).people;
  } catch (error: unknown) {
    throw new CLIError(`could not read the people of ${saved.plan.organization} to check the saved plan; nothing was changed: ${messageOf(error)}`);
  }
  if (fingerprintPeople(people) !== basis.fingerprint) {
    throw new CLIError(
      'the saved plan is stale: the people changed since it was planned (an invitation accepted, a person added to or removed from a team, or gone); nothing was changed. Plan again and review the new plan.',
    );
  }
  // What the member guards count at apply (guard/apply-members.ts): this read, not the file.
  return people;
}

/** The one call the token policy's freshness check reads through (the policy and the tokens a plan reads). */
export interface BasisTokenReader {
  readTokens(organization: string): Promise<LiveTokens>;
}

const tokenIds = (change: TokenPolicyChange): string => (change.ends.count === 'unknown' ? 'unknown' : change.ends.tokens.map((t) => t.id).join(','));

/** The files' token policy as the changes set it: what diffTokenPolicy plans again against a fresh read. */
function desiredOf(changes: readonly TokenPolicyChange[]): DesiredTokenPolicy {
  const maxTtl: Partial<Record<TokenType, number>> = {};
  let userTokens: boolean | undefined;
  for (const change of changes) {
    if (change.setting === 'max-ttl') maxTtl[change.type] = change.after;
    else userTokens = change.after;
  }
  return { maxTtl, ...(userTokens === undefined ? {} : { userTokens }) };
}

/**
 * docs/apply.md, "Saved plans": a plan with token-policy changes is applied only to the policy it
 * was planned from (its fingerprint against the basis's), and only when its changes end the very
 * tokens the plan named, counted again at apply's clock (a token made, revoked or aged past the new
 * limit since makes it stale). Throws a stale plan's error.
 */
export async function assertTokenPolicyFresh(saved: SavedPlan, api: BasisTokenReader, now: number): Promise<void> {
  const basis = saved.basis.tokenPolicy;
  if (!basis) return;
  let live: LiveTokens;
  try {
    live = await api.readTokens(saved.plan.organization);
  } catch (error: unknown) {
    throw new CLIError(`could not read the token policy of ${saved.plan.organization} to check the saved plan; nothing was changed: ${messageOf(error)}`);
  }
  const stale = (what: string): CLIError =>
    new CLIError(`the saved plan is stale: ${what} since it was planned; nothing was changed. Plan again and review the new plan.`);
  if (fingerprintTokenPolicy(live.policy) !== basis.fingerprint) throw stale('the token policy changed');
  const changes = managedChanges(saved.plan, 'token-policy') ?? [];
  const again = diffTokenPolicy(desiredOf(changes), live, now);
  if (again.map(tokenIds).join(';') !== changes.map(tokenIds).join(';'))
    throw stale('the live tokens its token-policy changes end changed (a token made, revoked or past the new limit)');
}
