// A member change has a typed before and after (issue 38, Build 2: Terraform's Change{Before,After,Action}
// for every object), worked out from the change itself: the plan's JSON and a saved plan keep the
// change as they always did (test/people/saved-plan.test.ts, render.test.ts).
import { describe, expect, it } from 'vitest';
import { type MemberChange, memberBeforeAfter } from '../../src/core/people.js';

const person = { email: 'ada@example.com', membershipId: 'ou-ada' };
const sre = { id: 'team-sre', name: 'sre' };
const dev = { id: 'team-dev', name: 'dev' };

describe('memberBeforeAfter', () => {
  it.each<[string, MemberChange, ReturnType<typeof memberBeforeAfter>]>([
    ['an add: in the team after, not before', { action: 'add', team: sre, person }, { action: 'add', before: null, after: { person, teams: [sre] } }],
    ['a removal: in the team before, not after', { action: 'remove', team: sre, person }, { action: 'remove', before: { person, teams: [sre] }, after: null }],
    [
      'an invitation: in its teams after, nowhere before',
      { action: 'invite', person, teams: [sre, dev] },
      { action: 'invite', before: null, after: { person, teams: [sre, dev] } },
    ],
    [
      'a leave: in its teams before, nowhere after',
      { action: 'remove-from-organization', person, teams: [dev] },
      { action: 'remove-from-organization', before: { person, teams: [dev] }, after: null },
    ],
  ])('%s', (_name, change, expected) => {
    const before = JSON.stringify(change);
    expect(memberBeforeAfter(change)).toEqual(expected);
    // Derived, never stored: the change serialises as it did.
    expect(JSON.stringify(change)).toBe(before);
  });
});
