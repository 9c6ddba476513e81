import { describe, expect, it } from 'vitest';
import { access, teamId } from '../../test/support/states.js';
import { type Change, planChanges } from '../core/plan.js';
import { EXIT } from '../errors.js';
import { checkGuards as checkPlanGuards, type GuardContext } from './guards.js';
import { GuardRefusedError } from './refusal.js';

const PRJ = { type: 'project', name: 'platform', id: 'prj-platform' } as const;
const WS = { type: 'workspace', name: 'net-prod', id: 'ws-net' } as const;
const removal = (name: string, target: typeof PRJ | typeof WS = PRJ, n = 0): Change => ({
  action: 'remove',
  resource: target.type === 'project' ? 'team-projects' : 'team-workspaces',
  id: `grant-${name}-${n}`,
  team: { name, id: teamId(name) },
  target,
  before: access(target.type === 'project' ? 'team-projects' : 'team-workspaces', 'read'),
});
const addition: Change = {
  action: 'add',
  resource: 'team-projects',
  team: { name: 'dev', id: teamId('dev') },
  target: PRJ,
  after: access('team-projects', 'read'),
};
const context = (over: Partial<GuardContext> = {}): GuardContext => ({ maxRemovals: 10, force: false, incompleteTargets: new Set(), ...over });
const many = (n: number): Change[] => Array.from({ length: n }, (_, i) => removal('dev', PRJ, i));

/** The guards of a plan of these grant changes. */
const checkGuards = (changes: readonly Change[], context: GuardContext) => checkPlanGuards(planChanges({ grant: changes }).changes, context);

describe('checkGuards', () => {
  it('lets a plan within every guard through', () => {
    expect(checkGuards([addition, ...many(10)], context())).toEqual([]);
  });

  it('refuses more removals than max-removals, and --force lifts it', () => {
    const [refusal, ...rest] = checkGuards(many(3), context({ maxRemovals: 2 }));
    expect(rest).toEqual([]);
    expect(refusal?.guard).toBe('max-removals');
    expect(refusal?.message).toContain('removes 3 grants, more than settings.max-removals (2)');
    expect(refusal?.howToProceed).toContain('--force');
    expect(checkGuards(many(3), context({ maxRemovals: 2, force: true }))).toEqual([]);
  });

  it('refuses removals from a target read partially, even with --force', () => {
    const changes = [removal('dev', WS), removal('ops', PRJ)];
    for (const force of [false, true]) {
      const refusals = checkGuards(changes, context({ force, incompleteTargets: new Set([WS.id]) }));
      expect(refusals.map((r) => r.guard)).toEqual(['incomplete-read']);
      expect(refusals[0]?.changes).toEqual([changes[0]]);
      expect(refusals[0]?.message).toContain('workspace "net-prod"');
    }
  });

  it('never removes the owners team, even with --force', () => {
    const refusals = checkGuards([removal('owners')], context({ force: true }));
    expect(refusals.map((r) => r.guard)).toEqual(['owners-team']);
    expect(refusals[0]?.message).toContain('"owners" team');
  });

  it('reports every guard at once and exits 3', () => {
    const refusals = checkGuards([removal('owners'), ...many(2)], context({ maxRemovals: 1, incompleteTargets: new Set([PRJ.id]) }));
    expect(refusals.map((r) => r.guard)).toEqual(['owners-team', 'incomplete-read', 'max-removals']);
    const error = new GuardRefusedError(refusals);
    expect(error.exitCode).toBe(EXIT.refused);
    expect(error.message).toMatch(/^refused by 3 safety guards; nothing was changed\./);
    expect(error.message).toContain('[max-removals]');
    expect(error.message).toContain('To proceed:');
  });
});
