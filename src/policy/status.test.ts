// New and live violations (docs/evidence.md, "New and live violations"): a plan's violation is `new`
// when the access as it is does not break the policy there, or breaks it less (worse by its kind's
// row, core/policy-rules.ts); else `live`. Only new ones block (core/policy.ts, blocks).
import { describe, expect, it } from 'vitest';
import type { AccessSource } from '../core/effective.js';
import { blocks, type FoundViolation } from '../core/policy.js';
import type { Finding } from '../core/policy-rules.js';
import { withStatus } from './status.js';

const target = { type: 'workspace', name: 'api-prod', id: 'ws-api' } as const;
const dev = { name: 'dev', id: 'team-dev' };
const sources: AccessSource[] = [];
const maxAccess = (access: 'write' | 'admin' | 'custom'): Finding => ({
  kind: 'max-access',
  rule: { kind: 'max-access', access: 'plan', exceptTeams: [] },
  access,
  sources,
});
const violation = (found: Finding, team: typeof dev | null = dev): FoundViolation => ({ policy: 'p', target, team, found });
const status = (after: FoundViolation[], live: FoundViolation[]) => withStatus(after, live).map((v) => v.status);

describe('new and live violations', () => {
  it('new when live access does not break it there; live when it does, no worse', () => {
    expect(status([violation(maxAccess('admin'))], [])).toEqual(['new']);
    expect(status([violation(maxAccess('admin'))], [violation(maxAccess('admin'))])).toEqual(['live']);
    // Another team's, or another target's, is not the same violation.
    expect(status([violation(maxAccess('admin'))], [violation(maxAccess('admin'), { name: 'ops', id: 'team-ops' })])).toEqual(['new']);
  });

  it('max-access: a higher level is worse (write -> admin), a lower one is not; custom that differs is worse', () => {
    expect(status([violation(maxAccess('admin'))], [violation(maxAccess('write'))])).toEqual(['new']);
    expect(status([violation(maxAccess('write'))], [violation(maxAccess('admin'))])).toEqual(['live']);
    expect(status([violation(maxAccess('custom'))], [violation(maxAccess('write'))])).toEqual(['new']);
  });

  it('min-access: less than live (nothing where it had some) is worse', () => {
    const rule = { kind: 'min-access', team: 'dev', access: 'admin' } as const;
    const has = (access: 'write' | 'plan'): Finding => ({ kind: 'min-access', rule, has: { access, sources } });
    const none: Finding = { kind: 'min-access', rule };
    expect(status([violation(none)], [violation(has('write'))])).toEqual(['new']);
    expect(status([violation(has('plan'))], [violation(has('write'))])).toEqual(['new']);
    expect(status([violation(has('write'))], [violation(has('plan'))])).toEqual(['live']);
  });

  it('max-teams: a team more is worse; the same teams or fewer are not', () => {
    const rule = { kind: 'max-teams', access: 'admin', count: 1 } as const;
    const teams = (...names: string[]): FoundViolation => violation({ kind: 'max-teams', rule, teams: names }, null);
    expect(status([teams('a', 'b', 'c')], [teams('a', 'b')])).toEqual(['new']);
    expect(status([teams('a', 'b')], [teams('a', 'b', 'c')])).toEqual(['live']);
  });

  it('max-expiry: a later end, or none where there was one, is worse', () => {
    const rule = { kind: 'max-expiry', access: 'admin', days: 7 } as const;
    const ends = (expires?: string): FoundViolation => violation({ kind: 'max-expiry', rule, access: 'admin', ...(expires ? { expires } : {}) });
    expect(status([ends('2026-05-01T00:00:00Z')], [ends('2026-04-01T00:00:00Z')])).toEqual(['new']);
    expect(status([ends()], [ends('2026-04-01T00:00:00Z')])).toEqual(['new']);
    expect(status([ends('2026-04-01T00:00:00Z')], [ends()])).toEqual(['live']);
  });

  it('only new violations not accepted by an exception block', () => {
    const [made, kept] = [withStatus([violation(maxAccess('admin'))], [])[0], withStatus([violation(maxAccess('admin'))], [violation(maxAccess('admin'))])[0]];
    expect([made, kept].map((v) => blocks(v as FoundViolation))).toEqual([true, false]);
    expect(blocks({ ...(made as FoundViolation), accepted: { reason: 'r', expires: '2026-01-01T00:00:00Z' } })).toBe(false);
    // Drift compares nothing: every violation not accepted blocks (exit 2).
    expect(blocks(violation(maxAccess('admin')))).toBe(true);
  });
});
