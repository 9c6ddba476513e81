import { describe, expect, it } from 'vitest';
import { indirectUnreadOf } from './derived.js';

describe('indirectUnreadOf: the one coverage reason for the edges not read whole', () => {
  it('a read of the edges seen whole says nothing', () => {
    expect(indirectUnreadOf([])).toBeUndefined();
  });

  it('the gaps of the cells walks and the derived rows, the same gap twice, make one IndirectUnread naming each once', () => {
    const unread = indirectUnreadOf([
      { reason: 'not-listed', list: 'varsets' },
      { reason: 'consumers-not-read', workspace: 'web' },
      { reason: 'not-listed', list: 'workspaces' },
      { reason: 'not-listed', list: 'varsets' },
      { reason: 'relationship-short', varset: 'creds' },
      { reason: 'pool-not-named', workspaces: ['runner-b', 'runner-a'] },
      { reason: 'consumers-not-read', workspace: 'api' },
    ]);
    expect(unread).toEqual({
      lists: ['varsets', 'workspaces'],
      consumers: ['api', 'web'],
      short: ['creds'],
      unnamed: ['runner-a', 'runner-b'],
      partialToken: false,
    });
  });

  it('a token that does not see every workspace, or team access read in part, is said as partialToken', () => {
    expect(indirectUnreadOf([{ reason: 'partial-token' }])?.partialToken).toBe(true);
    expect(indirectUnreadOf([{ reason: 'access-partial' }])?.partialToken).toBe(true);
  });
});
