import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState } from '../core/desired-state.js';
import { type DesiredTarget } from '../core/model.js';
import { fileExpiryWarnings } from './expiry.js';

const DAY = 86_400_000;
const END = '2026-12-02T00:00:00Z';
const NOW = Date.parse(END) - 2 * DAY;
const at = { file: 'a.yaml', line: 5, col: 30 };

function state(target: Partial<DesiredTarget> = {}, settings: Partial<DesiredState['settings']> = {}): DesiredState {
  const grants = [
    { team: 'dev', access: { access: 'write' as const }, expires: { at: END, source: at } },
    { team: 'ops', access: { access: 'write' as const }, expires: { at: '2027-01-01T00:00:00Z', source: { ...at, line: 6 } } },
  ];
  return {
    organization: 'acme',
    settings: { ...DEFAULT_SETTINGS, ...settings },
    targets: [{ type: 'project', name: 'platform', prune: true, grants, ...target }],
  };
}

describe("validate's expiry warnings", () => {
  it('warn at the expires: value of a grant ending within the warning days, not of one beyond them', () => {
    expect(fileExpiryWarnings(state(), NOW)).toEqual([
      {
        ...at,
        path: 'projects.platform.teams.dev.expires',
        message: 'projects.platform.teams.dev.expires: the grant of team dev expires in 2 days (end of 2026-12-01 UTC)',
      },
    ]);
    expect(fileExpiryWarnings(state({}, { expiryWarningDays: 1 }), NOW)).toEqual([]);
  });

  it('say take it out of the file once it has expired', () => {
    const [warning] = fileExpiryWarnings(state(), Date.parse(END) + DAY);
    expect(warning?.message).toBe(
      'projects.platform.teams.dev.expires: the grant of team dev expired 1 day ago (end of 2026-12-01 UTC): take it out of the file (until then, plan removes its live grant)',
    );
  });

  it('are silenced by ignore-warnings with the code the plan uses for the same thing', () => {
    expect(fileExpiryWarnings(state({}, { ignoreWarnings: ['grant-expires-soon'] }), NOW)).toEqual([]);
    expect(fileExpiryWarnings(state({ ignoreWarnings: ['grant-expired'] }), NOW)).toHaveLength(1);
    expect(fileExpiryWarnings(state({ ignoreWarnings: ['grant-expired'] }), Date.parse(END))).toEqual([]);
  });
});
