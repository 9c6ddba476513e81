// `apply --format markdown` (issue 19, item 6): the outcomes as Markdown tables, what did not happen
// in view, what did collapsed when there is much of it; text from the service stays in its cell.
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../src/apply/outcome.js';
import type { ApplyReport, ChangeOutcome } from '../../src/core/apply-outcome.js';
import type { Change, Plan } from '../../src/core/plan.js';
import { renderApplyResult } from '../../src/render/apply.js';
import { LONG_COMMENT_LINES } from '../../src/render/plan/markdown.js';

const change = (n: number): Change => ({
  action: 'update',
  resource: 'team-workspaces',
  id: `tws-${n}`,
  team: { name: `team${n}`, id: `team-${n}` },
  target: { type: 'workspace', name: `ws<${n}>`, id: `ws-${n}` },
  before: { access: 'read', permissions: {} },
  after: { access: 'write' },
  labelOnly: false,
});

/** What apply writes after the plan in Markdown, for a run of `report` on organization acme. */
const markdownOf = (report: ApplyReport): string => renderApplyResult({ kind: 'applied', plan: { organization: 'acme' } as Plan, report }, 'markdown', {});

describe('apply --format markdown', () => {
  it('a table of what did not happen in view, under the summary; reasons stay in their cell', () => {
    const outcomes: ChangeOutcome[] = [
      { status: 'applied', change: change(1) },
      { status: 'failed', change: change(2), reason: '422 | nope\n::error::x' },
      { status: 'not-started', change: change(3) },
    ];
    const markdown = markdownOf(reportOf(outcomes, { reason: 'SIGTERM', exitCode: 143 }));
    const lines = markdown.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '',
      '### Apply',
      '',
      expect.stringMatching(/^Apply stopped: SIGTERM\. 1 applied, 0 already so, 1 failed, 1 not started, of 3 changes in acme\./),
    ]);
    expect(markdown).toContain('| **FAILED** | `~` | team2 | workspace <code>ws&lt;2&gt;</code> | read -&gt; write | 422 \\| nope ::error::x |');
    expect(markdown).toContain('| not started | `~` | team3 | workspace <code>ws&lt;3&gt;</code> | read -&gt; write |  |');
    expect(markdown).toContain('| applied | `~` | team1 |');
    expect(markdown.indexOf('FAILED')).toBeLessThan(markdown.indexOf('| applied |'));
    expect(markdown).not.toMatch(/^::/m);
    expect(markdown).not.toContain('<details>');
  });

  it('many changes applied: their table is collapsed, the failures stay in view', () => {
    const outcomes: ChangeOutcome[] = Array.from({ length: LONG_COMMENT_LINES + 1 }, (_, i): ChangeOutcome => ({ status: 'applied', change: change(i) }));
    outcomes.push({ status: 'failed', change: change(99), reason: 'gone' });
    const markdown = markdownOf(reportOf(outcomes));
    expect(markdown).toContain(`<details><summary>${LONG_COMMENT_LINES + 1} applied or already so</summary>`);
    expect(markdown.indexOf('**FAILED**')).toBeLessThan(markdown.indexOf('<details>'));
  });
});
