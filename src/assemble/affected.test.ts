// What a change of the files touches (assemble/affected.ts): the model diff of two desired states,
// with fan-out through roles, the widenings that make it the full plan, and the files narrowed to it.
import { describe, expect, it } from 'vitest';
import { stateOfTexts } from '../adopt/files-state.js';
import type { FilesState } from '../core/desired-state.js';
import { desiredAt } from '../core/expiry.js';
import { affectedOf, scopedFiles, teamNamesOf } from './affected.js';

const NOW = Date.parse('2026-11-29T00:00:00Z');

function state(text: string): FilesState {
  const loaded = stateOfTexts([{ path: 'access.yaml', text }]);
  if (!('state' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  return desiredAt(loaded.state, NOW);
}

const BASE = `organization: acme
roles:
  workspace:
    planner: { runs: plan }
workspaces:
  api:
    teams: { sre: admin, ci: planner }
  web:
    teams: { dev: write }
  db:
    teams: { ci: planner }
`;

const targetsOf = (base: string, head: string): string[] => {
  const affected = affectedOf(state(base), state(head));
  if (affected.kind !== 'scoped') throw new Error(affected.reason);
  return affected.targets.map((t) => `${t.type}:${t.name}`);
};

describe('affectedOf', () => {
  it('no change, and lines moved or commented: nothing touched', () => {
    expect(targetsOf(BASE, BASE)).toEqual([]);
    expect(targetsOf(BASE, `# a comment\n\n${BASE}`)).toEqual([]);
  });

  it('a grant changed: its target alone', () => {
    expect(targetsOf(BASE, BASE.replace('dev: write', 'dev: read'))).toEqual(['workspace:web']);
  });

  it('a role changed: every target that gives it (fan-out)', () => {
    expect(targetsOf(BASE, BASE.replace('runs: plan', 'runs: apply'))).toEqual(['workspace:api', 'workspace:db']);
  });

  it('an entry added is touched; an entry taken out is not (no longer managed), unless a set of its kind may still match it', () => {
    expect(targetsOf(BASE, `${BASE}  new:\n    teams: { dev: read }\n`)).toEqual(['workspace:new']);
    expect(targetsOf(BASE, BASE.replace('  web:\n    teams: { dev: write }\n', ''))).toEqual([]);
    const sets = 'workspace-sets:\n  all:\n    match: { names: ["*"] }\n    teams: { ops: read }\n';
    expect(targetsOf(BASE + sets, BASE.replace('  web:\n    teams: { dev: write }\n', '') + sets)).toEqual(['workspace:web']);
  });

  it('a grant that has ended touches its target in every plan until the files drop it', () => {
    const ended = BASE.replace('dev: write', 'dev: { access: write, expires: 2026-01-01 }');
    expect(targetsOf(ended, ended)).toEqual(['workspace:web']);
  });

  it('a team of teams: and the token policy touched by what differs', () => {
    const teams = `${BASE}teams:\n  sre: { visibility: secret }\n  dev: {}\n`;
    const affected = affectedOf(state(teams), state(teams.replace('visibility: secret', 'visibility: organization')));
    expect(affected).toEqual({ kind: 'scoped', targets: [], teams: ['sre'], tokenPolicy: false });
  });

  it('the full plan, saying why: a setting, prune-teams, a policy, a set, the organization, more targets than the limit', () => {
    const reason = (base: string, head: string, limit?: number): string => {
      const affected = affectedOf(state(base), state(head), limit);
      return affected.kind === 'full' ? affected.reason : 'scoped';
    };
    expect(reason(BASE, `${BASE}settings:\n  prune: false\n`)).toBe('settings changed (prune): settings govern every target');
    const pruneTeams = `${BASE}settings:\n  prune-teams: true\n`;
    expect(reason(pruneTeams, pruneTeams)).toBe('settings.prune-teams is on: every team the token sees is governed by the files');
    const policy = `${BASE}policies:\n  - name: p\n    workspaces: { names: ["*"] }\n    max-access: write\n`;
    expect(reason(policy, policy.replace('max-access: write', 'max-access: read'))).toBe('the policies changed: a policy governs every target it selects');
    const set = `${BASE}workspace-sets:\n  s:\n    match: { names: ["a*"] }\n    teams: { ops: read }\n`;
    expect(reason(set, set.replace('a*', 'b*'))).toMatch(/^a set changed \(workspace:s\)/);
    expect(reason(BASE, BASE.replace('organization: acme', 'organization: other'))).toBe('the organization changed (acme to other)');
    expect(reason(BASE, BASE.replace('runs: plan', 'runs: apply'), 1)).toBe('the change touches 2 targets, more than 1');
  });
});

describe('scopedFiles and teamNamesOf', () => {
  it('keeps the touched entries and teams, and names the teams to look up (with the owners)', () => {
    const head = state(`${BASE.replace('dev: write', 'dev: read')}teams:\n  dev: {}\n  sre: {}\n`);
    const affected = affectedOf(state(`${BASE}teams:\n  dev: {}\n  sre: { visibility: secret }\n`), head);
    if (affected.kind !== 'scoped') throw new Error(affected.reason);
    const narrowed = scopedFiles(head, affected);
    expect(narrowed.targets.map((t) => t.name)).toEqual(['web']);
    expect(narrowed.teams?.map((t) => t.name)).toEqual(['sre']);
    expect(teamNamesOf(narrowed)).toEqual(['dev', 'owners', 'sre']);
  });

  it('every team when a policy is kept', () => {
    expect(teamNamesOf(state(`${BASE}policies:\n  - name: p\n    workspaces: { names: ["*"] }\n    max-access: write\n`))).toBeUndefined();
  });
});
