// A saved plan keeps what its read could not see and what it was asked (`complete`, `incomplete`,
// `scope`: render/shared/coverage.ts), so `show` and `apply --plan` say it as `plan` did; an edit of them
// is refused like any other; a plan saved before them takes its coverage from its basis.
import { describe, expect, it } from 'vitest';
import { savedPlanDocument } from '../../test/support/saved-plan.js';
import { access, desiredOf, liveOf, team, teamId } from '../../test/support/states.js';
import { scopeOf } from '../core/scope.js';
import { buildPlan } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { savedPlanOf } from './saved-plan.js';

const grant = (id: string, teamName: string, targetId: string) => ({
  id,
  resource: 'team-workspaces' as const,
  teamId: teamId(teamName),
  targetId,
  access: access('team-workspaces', 'read'),
  extra: {},
});
const desired = desiredOf([{ type: 'workspace', name: 'web', prune: true, grants: [{ team: 'dev', access: access('team-workspaces', 'write') }] }]);
// `secret` is not among the teams the token sees: its grant makes the read of web incomplete.
const live = liveOf(
  'acme',
  [team('dev')],
  [{ type: 'workspace', id: 'ws-web', name: 'web', grants: [grant('tws-1', 'dev', 'ws-web'), grant('tws-2', 'secret', 'ws-web')] }],
);
const scope = scopeOf({ paths: ['access/'], targets: ['workspace:web'] });
const plan = { ...guardPlan(buildPlan(desired, live, { scope }), guardInputsOf(desired, live)), targeted: ['workspace:web'] };
const document = (): Record<string, any> => JSON.parse(JSON.stringify(savedPlanDocument(savedPlanOf(plan, desired, live)))) as Record<string, any>;
const resealed = (edited: Record<string, unknown>): Record<string, unknown> => ({ ...edited, [INTEGRITY_KEY]: integrityOf(edited) });

describe('coverage and scope in a saved plan', () => {
  it('are written as `plan --format json` writes them and read back exactly', () => {
    const written = document();
    expect(written.plan).toMatchObject({
      complete: false,
      incomplete: [{ code: 'grants-of-unseen-teams', targets: ['workspace "web"'] }],
      scope: { paths: ['access/'], targets: ['workspace:web'] },
    });
    const read = parseSavedPlan('p.json', written).plan;
    expect(read.coverage).toEqual(plan.coverage);
    expect(read.scope).toEqual(scope);
  });

  it('an edit of them, resealed, is refused: a key of a reason, the scope, complete; the words are not read', () => {
    const reason = document();
    reason.plan.incomplete[0].note = 'a key no plan writes';
    expect(() => parseSavedPlan('p.json', resealed(reason))).toThrow(/plan\.incomplete is not what a plan writes/);
    // The reader knows no words: a reason's message is phrased again from its facts (render/shared/coverage.ts).
    const message = document();
    message.plan.incomplete[0].message = 'nothing to see';
    expect(parseSavedPlan('p.json', resealed(message)).plan.coverage).toEqual(plan.coverage);
    message.plan.incomplete[0].message = 42;
    expect(() => parseSavedPlan('p.json', resealed(message))).toThrow(/plan\.incomplete\[0\]\.message is not a string/);
    const widened = document();
    widened.plan.scope.targets = [];
    expect(() => parseSavedPlan('p.json', resealed(widened))).toThrow(/plan\.scope\.targets does not match plan\.targeted/);
    const whole = document();
    whole.plan.complete = true;
    whole.plan.incomplete = [];
    expect(parseSavedPlan('p.json', resealed(whole)).plan.coverage).toEqual({ complete: true, reasons: [] });
    const unknown = document();
    unknown.plan.incomplete[0].code = 'nothing';
    expect(() => parseSavedPlan('p.json', resealed(unknown))).toThrow(/"nothing" is not a known reason/);
  });

  it('a plan saved before them: coverage from the basis, scope from `targeted`', () => {
    const older = document();
    delete older.plan.complete;
    delete older.plan.incomplete;
    delete older.plan.scope;
    const read = parseSavedPlan('p.json', resealed(older)).plan;
    expect(read.coverage).toEqual({ complete: false, reasons: [{ code: 'grants-of-unseen-teams', targets: ['workspace "web"'] }] });
    expect(read.scope).toEqual(scopeOf({ targets: ['workspace:web'] }));
  });
});
