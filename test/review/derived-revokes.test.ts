// review/derived.ts (docs/evidence.md, "Derived rows"): a derived row's revoke is carried out by its
// grant's revoke in the same close, else by a setting reported to change by hand; one only its kept
// grant carries is refused at its place. Pure: rows in, outcomes and problems out.
import { describe, expect, it } from 'vitest';
import type { SheetRow } from '../../src/core/review.js';
import type { DecidedRow } from '../../src/review/decisions.js';
import { derivedRevokes } from '../../src/review/derived.js';

const APP_A = { type: 'workspace', name: 'app-a', id: 'ws-a' } as const;

function decided(at: string, kind: SheetRow['kind'], access: string, decision: 'keep' | 'revoke', target: DecidedRow['row']['target'] = APP_A): DecidedRow {
  const row = {
    review: 'acme@2026-11-20T10:00:00Z',
    owner: 'apps',
    kind,
    subject: 'planners',
    teamId: 'team-planners',
    target,
    access,
    sources: 'workspace grant: plan',
    decision,
    reviewer: 'bo@acme.test',
    rationale: '',
    decidedAt: '2026-11-21T09:00:00Z',
    check: 'x',
  };
  return { at, row };
}

const SETTING = 'workspace app-a is a remote-state consumer of network-prod: change it in the workspace network-prod';

describe('derivedRevokes', () => {
  it("the grant's row revoked in the same close carries it out, whatever setting stands beside", () => {
    const rows = [decided('s.csv:2', 'team', 'plan', 'revoke'), decided('s.csv:3', 'derived', 'reaches outputs:network-prod', 'revoke')];
    const { outcomes, problems } = derivedRevokes(rows, () => SETTING);
    expect(problems).toEqual([]);
    expect(outcomes.get('s.csv:3')).toEqual({ kind: 'grant', at: 's.csv:2' });
  });

  it('the grant kept: the setting that carries it is the outcome, to change by hand', () => {
    const rows = [decided('s.csv:2', 'team', 'plan', 'keep'), decided('s.csv:3', 'derived', 'reaches outputs:network-prod', 'revoke')];
    const { outcomes, problems } = derivedRevokes(rows, () => SETTING);
    expect(problems).toEqual([]);
    expect(outcomes.get('s.csv:3')).toEqual({ kind: 'setting', change: SETTING });
  });

  it("a row only the kept grant carries (a Stack's project role): refused at its place", () => {
    const net = { type: 'project', name: 'net', id: 'prj-net' } as const;
    const rows = [decided('s.csv:2', 'team', 'write', 'keep', net), decided('s.csv:3', 'derived', 'reaches stack:edge', 'revoke', net)];
    const { outcomes, problems } = derivedRevokes(rows, () => undefined);
    expect(outcomes.size).toBe(0);
    expect(problems).toEqual([
      "s.csv:3: team planners reaches stack:edge only through its access on project net (workspace grant: plan): revoke that access's row too, or keep this one",
    ]);
  });

  it('a kept derived row, and a grant revoked on another target, carry nothing', () => {
    const other = { type: 'workspace', name: 'app-b', id: 'ws-b' } as const;
    const rows = [decided('s.csv:2', 'team', 'plan', 'revoke', other), decided('s.csv:3', 'derived', 'reaches varset:x', 'keep')];
    expect(derivedRevokes(rows, () => undefined)).toEqual({ outcomes: new Map(), problems: [] });
  });
});
