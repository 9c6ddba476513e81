// The saved plan's kinds as one table (kinds.ts): which versions hold each kind is the row's, and
// agrees with the version the writer picks (savedPlanFormatOf), so a file always holds its kinds.
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../core/plan.js';
import { fileHoldsKind, READABLE_VERSIONS, SAVED_KINDS } from './kinds.js';
import { type PlanBasis, savedPlanFormatOf } from './saved-plan.js';

const BASIS: PlanBasis = { desired: 'd', maxRemovals: 1, targets: [], policies: [] };
const TEAMS = { teams: { fingerprint: 'f', maxTeamDeletions: 1 } };
const TOKENS = { tokenPolicy: { fingerprint: 'f', maxTokenRevocations: 0 } };
const MEMBERS = { members: { fingerprint: 'f', guards: { maxMemberRemovals: 1, minOwners: 1, maxPeopleRemovals: 1, teamSizes: new Map(), owners: 1 } } };

const kindsHeld = (version: number, plan: Record<string, unknown>): string[] =>
  CHANGE_KINDS.filter((kind) => fileHoldsKind(SAVED_KINDS[kind] as never, version, plan));

describe('the saved plan kinds table', () => {
  it('reads the versions its rows hold', () => {
    expect(READABLE_VERSIONS).toEqual([3, 4, 5, 6, 7]);
  });

  it('the version written for a plan holds every kind the plan manages, and no other', () => {
    expect(kindsHeld(savedPlanFormatOf(BASIS), { changes: [] })).toEqual(['grant']);
    expect(kindsHeld(savedPlanFormatOf({ ...BASIS, ...TEAMS }), { changes: [], team_changes: [] })).toEqual(['grant', 'team']);
    expect(kindsHeld(savedPlanFormatOf({ ...BASIS, ...MEMBERS }), { changes: [], member_changes: [] })).toEqual(['grant', 'member']);
    expect(kindsHeld(savedPlanFormatOf({ ...BASIS, ...TEAMS, ...MEMBERS }), { changes: [], team_changes: [], member_changes: [] })).toEqual([
      'grant',
      'team',
      'member',
    ]);
    // Format 6: token-policy changes, with the teams and members when the plan has them.
    expect(savedPlanFormatOf({ ...BASIS, ...TOKENS })).toBe(6);
    expect(kindsHeld(6, { changes: [], token_policy_changes: [] })).toEqual(['grant', 'token-policy']);
    expect(
      kindsHeld(savedPlanFormatOf({ ...BASIS, ...TEAMS, ...MEMBERS, ...TOKENS }), {
        changes: [],
        team_changes: [],
        member_changes: [],
        token_policy_changes: [],
      }),
    ).toEqual(['grant', 'team', 'member', 'token-policy']);
  });

  it('a plan given --changed-from is written as 7, which holds every kind the plan has (docs/plan.md, "Scoped plans")', () => {
    expect(savedPlanFormatOf(BASIS, true)).toBe(7);
    expect(savedPlanFormatOf({ ...BASIS, ...TEAMS, ...MEMBERS, ...TOKENS }, true)).toBe(7);
    expect(kindsHeld(7, { changes: [] })).toEqual(['grant']);
    expect(kindsHeld(7, { changes: [], team_changes: [], member_changes: [], token_policy_changes: [] })).toEqual(['grant', 'team', 'member', 'token-policy']);
  });
});
