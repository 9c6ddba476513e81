// The guards' limits at `apply --plan` (docs/apply.md, "Saved plans": who can change one). The
// figures a guard counts come from apply's own read; its limits come from where an edited file
// cannot loosen them: the desired-state files given as PATHS, or a plan sealed with the key. A
// plan with neither is trusted only where it is stricter than the defaults. Pure.

import {
  DEFAULT_MAX_MEMBER_REMOVALS,
  DEFAULT_MAX_PEOPLE_REMOVALS,
  DEFAULT_MAX_REMOVALS,
  DEFAULT_MAX_TEAM_DELETIONS,
  DEFAULT_MAX_TOKEN_REVOCATIONS,
  DEFAULT_MIN_OWNERS,
} from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import { limitText, type MemberGuardInputs } from '../diff/member-guard-inputs.js';
import type { MemberLimits } from './apply-members.js';

/** A limit of the saved plan looser than its default, left for the default (render/apply/loose-limits.ts says so). */
export interface LooseLimit {
  /** The setting's name under `settings:`. */
  readonly setting: string;
  readonly saved: string;
  readonly used: string;
}

/** Every limit a guard at apply takes (the team and member ones only when the plan has such changes). */
export interface GuardLimits {
  readonly maxRemovals: number;
  readonly maxTeamDeletions?: number;
  readonly members?: MemberLimits;
  /** `settings.max-token-revocations`, when the plan has token-policy changes. */
  readonly maxTokenRevocations?: number;
}

/** The limits of the files' settings, each default filled in (what `plan` decided from). */
export function limitsOfFiles(settings: DesiredState['settings'], saved: GuardLimits): GuardLimits {
  return {
    maxRemovals: settings.maxRemovals,
    ...(saved.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: settings.maxTeamDeletions ?? DEFAULT_MAX_TEAM_DELETIONS }),
    ...(saved.members
      ? {
          members: {
            maxMemberRemovals: settings.maxMemberRemovals ?? DEFAULT_MAX_MEMBER_REMOVALS,
            minOwners: settings.minOwners ?? DEFAULT_MIN_OWNERS,
            maxPeopleRemovals: settings.maxPeopleRemovals ?? DEFAULT_MAX_PEOPLE_REMOVALS,
          },
        }
      : {}),
    ...(saved.maxTokenRevocations === undefined ? {} : { maxTokenRevocations: settings.maxTokenRevocations ?? DEFAULT_MAX_TOKEN_REVOCATIONS }),
  };
}

type RemovalLimit = MemberGuardInputs['maxMemberRemovals'];

/**
 * Two limits of one kind compare. A percentage lets at least 1 go, so a count of 0 or 1 is never
 * looser than one; a larger count is looser on a small team, and the default holds.
 */
function stricterRemovals(saved: RemovalLimit, fallback: RemovalLimit): RemovalLimit {
  if (typeof saved === 'number' && typeof fallback === 'number') return Math.min(saved, fallback);
  if (typeof saved !== 'number' && typeof fallback !== 'number') return saved.percent <= fallback.percent ? saved : fallback;
  return typeof saved === 'number' && saved <= 1 ? saved : fallback;
}

/** The saved limits, each no looser than its default, and those that were. */
export function unsealedLimits(saved: GuardLimits): { limits: GuardLimits; loose: LooseLimit[] } {
  const loose: LooseLimit[] = [];
  const keep = <T>(setting: string, value: T, used: T, text: (v: T) => string): T => {
    if (text(value) !== text(used)) loose.push({ setting, saved: text(value), used: text(used) });
    return used;
  };
  const count = (v: number): string => String(v);
  const maxRemovals = keep('max-removals', saved.maxRemovals, Math.min(saved.maxRemovals, DEFAULT_MAX_REMOVALS), count);
  const teams =
    saved.maxTeamDeletions === undefined
      ? {}
      : { maxTeamDeletions: keep('max-team-deletions', saved.maxTeamDeletions, Math.min(saved.maxTeamDeletions, DEFAULT_MAX_TEAM_DELETIONS), count) };
  const m = saved.members;
  const members = m
    ? {
        members: {
          maxMemberRemovals: keep('max-member-removals', m.maxMemberRemovals, stricterRemovals(m.maxMemberRemovals, DEFAULT_MAX_MEMBER_REMOVALS), limitText),
          minOwners: keep('min-owners', m.minOwners, Math.max(m.minOwners, DEFAULT_MIN_OWNERS), count),
          maxPeopleRemovals: keep('max-people-removals', m.maxPeopleRemovals, Math.min(m.maxPeopleRemovals, DEFAULT_MAX_PEOPLE_REMOVALS), count),
        },
      }
    : {};
  const tokens =
    saved.maxTokenRevocations === undefined
      ? {}
      : {
          maxTokenRevocations: keep(
            'max-token-revocations',
            saved.maxTokenRevocations,
            Math.min(saved.maxTokenRevocations, DEFAULT_MAX_TOKEN_REVOCATIONS),
            count,
          ),
        };
  return { limits: { maxRemovals, ...teams, ...members, ...tokens }, loose };
}
