// The rule of reuse of a usage log (docs/recommend.md, "Keep what was read"), pure: what a read's
// coverage is, when a log's read saw every workspace this one sees, what of the log is reused,
// and the header written and read back with its coverage (a log of version 1: coverage unknown).
import { describe, expect, it } from 'vitest';
import type { Team, Viewer, Workspace } from './model.js';
import type { UsageRun } from './usage.js';
import { readSawAll, reuseOf, runsCoverageOf } from './usage-coverage.js';
import { parseUsageLog, type RunsCoverage, type UsageLog, usageLogText } from './usage-log.js';

const run = (id: string, workspaceId: string): UsageRun => ({
  id,
  workspaceId,
  createdAt: '2026-11-01T00:00:00.000Z',
  status: 'applied',
  planOnly: false,
  autoApply: false,
  source: 'tfe-api',
  createdBy: 'user-a',
  confirmedBy: 'user-a',
});
const COMPLETE: RunsCoverage = { runsIndex: 'complete' };
const partial = (...workspaces: string[]): RunsCoverage => ({ runsIndex: 'partial', workspaces });
const log = (coverage: RunsCoverage | undefined): UsageLog => ({
  organization: 'acme',
  coversFrom: '2026-09-01T00:00:00.000Z',
  checkpoint: '2026-11-01T00:00:00.000Z',
  ...(coverage ? { coverage, readTo: '2026-11-29T00:00:00.000Z' } : {}),
  runs: [run('run-1', 'ws-a'), run('run-2', 'ws-b')],
});
const team = (flags: Record<string, boolean>): Team => ({ id: 'team-x', name: 'x', organizationAccess: flags }) as unknown as Team;
const workspace = (id: string): Workspace => ({ id, name: id }) as unknown as Workspace;

describe('runsCoverageOf', () => {
  it("an owner's or a read-workspaces team's read is complete; any other lists the workspaces it saw, sorted, once", () => {
    const identity = { kind: 'team', resourceId: 'team-x' } as Viewer['identity'];
    expect(runsCoverageOf({ identity, seesEveryTeam: true, teams: [] }, [])).toEqual(COMPLETE);
    expect(runsCoverageOf({ identity, seesEveryTeam: false, teams: [team({ 'read-workspaces': true })] }, [])).toEqual(COMPLETE);
    const seen = [workspace('ws-b'), workspace('ws-a'), workspace('ws-b')];
    expect(runsCoverageOf({ identity, seesEveryTeam: false, teams: [team({ 'manage-membership': true })] }, seen)).toEqual(partial('ws-a', 'ws-b'));
    expect(runsCoverageOf(undefined, seen)).toEqual(partial('ws-a', 'ws-b'));
  });
});

describe('the rule of reuse', () => {
  it('a log saw all when complete, or when partial over every workspace seen now', () => {
    expect(readSawAll(COMPLETE, COMPLETE)).toBe(true);
    expect(readSawAll(COMPLETE, partial('ws-a'))).toBe(true);
    expect(readSawAll(partial('ws-a', 'ws-b'), COMPLETE)).toBe(false);
    expect(readSawAll(partial('ws-a', 'ws-b'), partial('ws-a'))).toBe(true);
    expect(readSawAll(partial('ws-a'), partial('ws-a', 'ws-c'))).toBe(false);
  });

  it('a narrower or unknown log is not reused, with the line that says so; a wider one only on the workspaces seen now', () => {
    expect(reuseOf(undefined, COMPLETE)).toEqual({ log: undefined });
    expect(reuseOf(log(undefined), partial('ws-a')).log).toBeUndefined();
    expect(reuseOf(log(undefined), partial('ws-a')).note).toMatch(/older format.*reading the whole window again$/);
    expect(reuseOf(log(partial('ws-a', 'ws-b')), COMPLETE)).toEqual({
      log: undefined,
      note: 'usage log written by a narrower read: reading the whole window again',
    });
    expect(reuseOf(log(COMPLETE), COMPLETE)).toEqual({ log: log(COMPLETE) });
    expect(reuseOf(log(COMPLETE), partial('ws-b')).log?.runs.map((r) => r.id)).toEqual(['run-2']);
    expect(reuseOf(log(partial('ws-a', 'ws-b')), partial('ws-a')).log?.runs.map((r) => r.id)).toEqual(['run-1']);
  });
});

describe('the header', () => {
  it('is written with what the read saw and read back the same; never a workspace list when complete', () => {
    for (const coverage of [COMPLETE, partial('ws-a', 'ws-b')]) {
      const written = { ...log(coverage), readTo: '2026-11-29T00:00:00.000Z', coverage };
      expect(parseUsageLog(usageLogText(written))).toEqual(written);
    }
    expect(usageLogText({ ...log(COMPLETE), readTo: '2026-11-29T00:00:00.000Z', coverage: COMPLETE }).split('\n')[0]).not.toContain('workspaces');
  });

  it('of version 1 is read with its coverage unknown; of version 2 without a coverage is no usage log', () => {
    const v1 = '{"usage-log":1,"organization":"acme","covers_from":"2026-09-01T00:00:00.000Z","checkpoint":null}\n';
    expect(parseUsageLog(v1)).toEqual({ organization: 'acme', coversFrom: '2026-09-01T00:00:00.000Z', checkpoint: null, runs: [] });
    const v2 = '{"usage-log":2,"organization":"acme","covers_from":"2026-09-01T00:00:00.000Z","read_to":"2026-11-29T00:00:00.000Z","checkpoint":null';
    expect(parseUsageLog(`${v2}}\n`)).toHaveProperty('problem');
    expect(parseUsageLog(`${v2},"runs_index":"partial","workspaces":[1]}\n`)).toHaveProperty('problem');
    expect(parseUsageLog(`${v2},"runs_index":"partial","workspaces":[]}\n`)).toMatchObject({ coverage: partial() });
  });
});
