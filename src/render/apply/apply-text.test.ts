import { describe, expect, it } from 'vitest';
import type { OutcomeNote } from '../../core/apply-outcome.js';
import type { Change } from '../../core/plan.js';
import { noteText, outcomeLine } from './apply-text.js';

const change: Change = {
  action: 'add',
  resource: 'team-projects',
  team: { name: 'dev', id: 'team-dev' },
  target: { type: 'project', name: 'platform', id: 'prj-1' },
  after: { access: 'write' },
};

describe("apply's notes in words", () => {
  it('says how each change that did not go straight ended, naming the grant found', () => {
    const notes: [OutcomeNote, string][] = [
      [{ kind: 'added-after-vanished' }, 'the grant was not there when read again, so it was added'],
      [{ kind: 'answer-lost-done' }, 'the answer was lost; reading the target again showed it done'],
      [{ kind: 'already-had', grantId: 'tprj-9' }, 'the team already had this access (grant tprj-9)'],
      [{ kind: 'updated-found', grantId: 'tprj-9' }, 'finished by updating grant tprj-9, found when reading the target again'],
      [{ kind: 'already-gone' }, 'the grant was already gone'],
      [{ kind: 'answer-lost-gone' }, 'the answer was lost; reading the target again showed the grant gone'],
    ];
    for (const [note, words] of notes) expect(noteText(note)).toBe(words);
  });

  it('puts the note after the change on its line', () => {
    expect(outcomeLine({ status: 'already-so', change, note: { kind: 'already-had', grantId: 'tprj-9' } })).toBe(
      '  already so   + dev on project "platform": write (the team already had this access (grant tprj-9))',
    );
    expect(outcomeLine({ status: 'applied', change })).toBe('  applied      + dev on project "platform": write');
  });
});
