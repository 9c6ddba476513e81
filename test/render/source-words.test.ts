// Issue 38, Build 5: one wording of an access source (render/shared/source-text.ts). The report, the review
// sheets, the plan's effective changes and a violation already phrased a source there; `report
// diff` had its own (`project platform write`, `owners`) in evidence/snapshot.ts. Now a report read
// back keeps each source's facts, compared by them, and every format of `report diff` says them in
// the same words as the report.
import { describe, expect, it } from 'vitest';
import type { AccessSource } from '../../src/core/effective.js';
import { compareSnapshots } from '../../src/evidence/compare.js';
import { parseSnapshot, type Snapshot } from '../../src/evidence/snapshot.js';
import { renderReportDiff } from '../../src/render/report-diff.js';
import { reportSourceText } from '../../src/render/report-words/report-source.js';
import { sourceText } from '../../src/render/shared/source-text.js';

const SOURCES = [
  { kind: 'owners' },
  { kind: 'organization', permission: 'manage-workspaces' },
  { kind: 'project', name: 'platform', id: 'prj-1', access: 'write' },
  { kind: 'workspace', access: 'admin' },
] as const;

const cell = (sources: readonly object[]) => ({ name: 'ops', id: 'team-1', access: 'admin', permissions: {}, sources });

function snapshot(sources: readonly object[] | undefined): Snapshot {
  const teams = sources === undefined ? [] : [cell(sources)];
  const parsed = parseSnapshot(
    JSON.stringify({
      format_version: 1,
      organization: 'acme',
      state: 'live',
      generated_at: 'T',
      teams: [{ name: 'ops', id: 'team-1' }],
      projects: [{ name: 'platform', id: 'prj-1', teams: sources === undefined ? [] : [cell(SOURCES.filter((s) => s.kind !== 'workspace'))] }],
      workspaces: [{ name: 'web', id: 'ws-1', teams }],
    }),
  );
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.snapshot;
}

describe('one wording of a source', () => {
  it('the words of each kind on a workspace and on a project', () => {
    expect(SOURCES.map((s) => sourceText(s, 'workspace'))).toEqual([
      'owners team',
      'organization manage-workspaces',
      'project platform: write',
      'workspace grant: admin',
    ]);
    expect(sourceText(SOURCES[2], 'project')).toBe('project grant: write');
  });

  it("report diff says a source in the report's words, in every format", () => {
    const diff = compareSnapshots(snapshot(undefined), snapshot(SOURCES));
    const onWorkspace = SOURCES.map((s) => sourceText(s, 'workspace'));
    // The report's own words of a grant (its notes apart: an organization-wide source's bracket).
    expect(reportSourceText(SOURCES[2] as AccessSource, 'workspace')).toBe(onWorkspace[2]);
    expect(reportSourceText(SOURCES[3] as AccessSource, 'workspace')).toBe(onWorkspace[3]);
    expect(renderReportDiff(diff, 'text', {})).toContain(`  + ops gained admin on workspace "web"\n    sources: ${onWorkspace.join(', ')}\n`);
    expect(renderReportDiff(diff, 'markdown', {})).toContain(`sources: ${onWorkspace.join(', ')}`);
    expect(renderReportDiff(diff, 'csv', {})).toContain(`,${onWorkspace.join('; ')},`);
    expect(renderReportDiff(diff, 'html', {})).toContain(onWorkspace.join(', '));
    const json = JSON.parse(renderReportDiff(diff, 'json', {})) as { access: { target: { type: string }; after: { sources: string[] } }[] };
    expect(json.access.map((c) => [c.target.type, c.after.sources])).toEqual([
      ['project', ['owners team', 'organization manage-workspaces', 'project grant: write']],
      ['workspace', onWorkspace],
    ]);
  });

  it('sources are compared by their facts: the same source is no change, another level is one', () => {
    const workspace = (access: string) => [{ kind: 'project', name: 'platform', access, added_later: true }];
    expect(compareSnapshots(snapshot(workspace('write')), snapshot(workspace('write'))).access.filter((c) => c.target.type === 'workspace')).toEqual([]);
    const changed = compareSnapshots(snapshot(workspace('write')), snapshot(workspace('admin'))).access.find((c) => c.target.type === 'workspace');
    expect(changed).toMatchObject({
      change: 'changed',
      sourcesAdded: [{ kind: 'project', name: 'platform', access: 'admin' }],
      sourcesRemoved: [{ kind: 'project', name: 'platform', access: 'write' }],
    });
    expect(renderReportDiff(compareSnapshots(snapshot(workspace('write')), snapshot(workspace('admin'))), 'text', {})).toContain(
      '    sources added: project platform: admin\n    sources removed: project platform: write\n',
    );
  });
});
