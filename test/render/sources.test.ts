// Sources of changes in every format (docs/sets.md, "Sources in the plan"): JSON always; text and
// Markdown once a set takes part in the plan.
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import { buildPlan } from '../../src/diff/plan.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { access, liveOf, team, teamId } from '../support/states.js';

const live = liveOf(
  'acme',
  [team('owners'), team('sre'), team('ci'), team('dev')],
  [
    {
      type: 'workspace',
      id: 'ws-1',
      name: 'api-prod',
      grants: [{ id: 'tws-dev', resource: 'team-workspaces', teamId: teamId('dev'), targetId: 'ws-1', access: access('team-workspaces', 'write'), extra: {} }],
    },
  ],
);

function stateWith(fromSets: boolean): DesiredState {
  const grants = fromSets
    ? [
        { team: 'ci', access: access('team-workspaces', 'write'), origin: { kind: 'entry' as const, name: 'api-prod', overrides: ['prod'] } },
        { team: 'sre', access: access('team-workspaces', 'admin'), origin: { kind: 'set' as const, name: 'prod' } },
      ]
    : [{ team: 'ci', access: access('team-workspaces', 'write') }];
  const prunedBy = fromSets ? { prunedBy: { kind: 'set' as const, name: 'prod' } } : {};
  return {
    organization: 'acme',
    settings: { prune: true, ignoreTeams: [], maxRemovals: 10 },
    targets: [{ type: 'workspace', name: 'api-prod', prune: true, grants, ...prunedBy }],
  } as DesiredState;
}
const planOf = (fromSets: boolean) => ({ ...buildPlan(stateWith(fromSets), live), refusals: [] });

describe('sources of changes', () => {
  it('JSON: every change has its source; a removal the one that prunes', () => {
    const withSets = JSON.parse(renderJson(planOf(true))) as { changes: Array<{ team: { name: string }; source: unknown }> };
    expect(withSets.changes.map((c) => [c.team.name, c.source]).sort()).toEqual([
      ['ci', { kind: 'entry', name: 'api-prod', overrides: ['prod'] }],
      ['dev', { kind: 'set', name: 'prod' }],
      ['sre', { kind: 'set', name: 'prod' }],
    ]);
    const entries = JSON.parse(renderJson(planOf(false))) as { changes: Array<{ source: unknown }> };
    expect(entries.changes.map((c) => c.source)).toEqual([
      { kind: 'entry', name: 'api-prod' },
      { kind: 'entry', name: 'api-prod' },
    ]);
  });

  it('text and Markdown label each change once a set takes part, and only then', () => {
    const text = renderText(planOf(true), { color: false });
    expect(text).toMatch(/^ {2}\+ ci +write +\[entry, overrides set prod\]$/m);
    expect(text).toMatch(/^ {2}\+ sre +admin +\[set prod\]$/m);
    expect(text).toMatch(/^ {2}- dev +write +\[set prod\]$/m);
    const markdown = renderMarkdown(planOf(true));
    expect(markdown).toContain('+ sre: admin [set prod]');
    expect(markdown).toContain('- dev: write [set prod]');
    expect(renderText(planOf(false), { color: false })).not.toContain('[entry');
    expect(renderMarkdown(planOf(false))).not.toContain('[entry');
  });
});
