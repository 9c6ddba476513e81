// The Markdown plan at scale (issue 19, item 6): removals in view and additions and changes
// collapsed in a long comment, warnings collapsed and limited to the changed targets, a cut-off
// note that names what it hides, drift marked as drift.
import { describe, expect, it } from 'vitest';
import type { DesiredTarget, LiveTarget } from '../../src/core/model.js';
import { grantChanges, type Plan, type PlanWarning } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { DRIFT_MARKER_PREFIX, GITHUB_COMMENT_LIMIT, LONG_COMMENT_LINES, renderMarkdown } from '../../src/render/plan/markdown.js';
import { access, desiredOf, liveOf, team, teamId } from '../support/states.js';

/** `count` workspaces, each with one grant to remove (ops), one to change (dev) and one to add (qa). */
function planOf(count: number, warnings: PlanWarning[] = []): Plan {
  const teams = [team('ops'), team('dev'), team('qa')];
  const targets: DesiredTarget[] = [];
  const live: LiveTarget[] = [];
  for (let w = 0; w < count; w++) {
    const name = `ws-${String(w).padStart(4, '0')}`;
    targets.push({
      type: 'workspace',
      name,
      prune: true,
      grants: [
        { team: 'dev', access: access('team-workspaces', 'write') },
        { team: 'qa', access: access('team-workspaces', 'read') },
      ],
    });
    live.push({
      type: 'workspace',
      id: `ws-${w}`,
      name,
      grants: [
        {
          id: `tws-ops-${w}`,
          resource: 'team-workspaces',
          teamId: teamId('ops'),
          targetId: `ws-${w}`,
          access: access('team-workspaces', 'custom', { runs: 'plan' }),
          extra: {},
        },
        { id: `tws-dev-${w}`, resource: 'team-workspaces', teamId: teamId('dev'), targetId: `ws-${w}`, access: access('team-workspaces', 'read'), extra: {} },
      ],
    });
  }
  return { ...buildPlan(desiredOf(targets), liveOf('acme', teams, live)), warnings, refusals: [] };
}

const warning = (name: string, id: string): PlanWarning => ({
  code: 'custom-equals-level',
  message: `workspace ${name}: write "read" instead.`,
  target: { type: 'workspace', name, id },
});

describe('the Markdown plan at scale', () => {
  it('a short comment shows every change; a long one keeps removals and escalations in view and collapses the other additions and changes', () => {
    const short = renderMarkdown(planOf(1));
    expect(short).not.toContain('<details>');
    expect(short).toContain('```diff\n! dev: read -> write\n- ops: custom\n-     runs: plan\n+ qa: read\n```');

    const count = Math.ceil(LONG_COMMENT_LINES / 4) + 1;
    const long = renderMarkdown(planOf(count));
    const first = long.slice(long.indexOf('**workspace <code>ws-0000</code>**'), long.indexOf('**workspace <code>ws-0001</code>**'));
    expect(first).toBe(
      // issue 29: dev's read -> write is an escalation: in view with the removal, never behind a click.
      '**workspace <code>ws-0000</code>** (+1 ~1 -1)\n\n```diff\n! dev: read -> write\n- ops: custom\n-     runs: plan\n```\n\n' +
        '<details><summary>additions and changes (+1 ~0)</summary>\n\n```diff\n+ qa: read\n```\n\n</details>\n\n',
    );
    expect(long.split('<details><summary>additions and changes').length - 1).toBe(count);
  });

  it('a long comment keeps the refusals and the effective escalations in view and collapses the other effective changes; a short one shows both', () => {
    const effective = {
      team: { name: 'dev', id: 'team-dev' },
      target: { type: 'workspace' as const, name: 'ws-0000', id: 'ws-0' },
      before: 'read' as const,
      after: 'write' as const,
      direction: 'rises' as const,
      via: [{ type: 'workspace' as const, name: 'ws-0000', action: 'update' as const, access: 'write' as const }],
    };
    const refusals = [{ guard: 'max-removals' as const, message: 'too many removals', howToProceed: 'run with --force' }];
    const long = renderMarkdown({ ...planOf(Math.ceil(LONG_COMMENT_LINES / 4) + 1), effectiveChanges: [effective], refusals });
    expect(long).toContain(
      '> [!CAUTION]\n> **Apply will refuse this plan** (1 safety guard); nothing would be changed:\n> - `max-removals`: too many removals To proceed: run with --force',
    );
    // issue 29: a rise is never collapsed; a fall is.
    expect(long).toContain('**Effective access that rises** (1)\n\n- dev: read -&gt; write on workspace ws-0000, through workspace ws-0000: write\n');
    const falls = { ...effective, before: 'write' as const, after: 'read' as const, direction: 'falls' as const };
    const longFalls = renderMarkdown({ ...planOf(Math.ceil(LONG_COMMENT_LINES / 4) + 1), effectiveChanges: [falls], refusals });
    expect(longFalls).toContain(
      '<details><summary>Effective access (1)</summary>\n\n- dev: write -&gt; read on workspace ws-0000, through workspace ws-0000: write\n',
    );
    expect(longFalls).not.toContain('Effective access that rises');
    const short = renderMarkdown({ ...planOf(1), effectiveChanges: [effective], refusals });
    expect(short).toContain('> [!CAUTION]');
    expect(short).toContain('**Effective access**\n\n- dev: read -&gt; write on workspace ws-0000');
  });

  it('warnings are collapsed, and by default only those about targets the plan changes', () => {
    const plan = planOf(1, [warning('ws-0000', 'ws-0'), warning('elsewhere', 'ws-other')]);
    const markdown = renderMarkdown(plan);
    expect(markdown).toContain(
      '<details><summary>Warnings (1)</summary>\n\n- workspace ws-0000: write &quot;read&quot; instead. (`custom-equals-level`)\n\n</details>',
    );
    expect(markdown).not.toContain('elsewhere');
    expect(markdown).toContain('1 warning about targets this plan does not change not shown (--warnings all shows them).');
    expect(renderMarkdown(plan, { warnings: 'all' })).toContain('<details><summary>Warnings (2)</summary>');
    const none = renderMarkdown(plan, { warnings: 'none' });
    expect(none).not.toContain('Warnings (');
    expect(none).toContain('2 warnings not shown (--warnings none).');
  });

  it('the cut-off note names the targets it hides, as many as fit, and counts the rest', () => {
    const plan = planOf(2000);
    const markdown = renderMarkdown(plan);
    expect(markdown.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    const note = /> \*\*(\d+) of 2000 targets not shown\*\* \((\d+) changes\): [^\n]* Not shown: ([^\n]*)\. Run /.exec(markdown);
    expect(note).not.toBeNull();
    const hidden = Number(note?.[1]);
    expect(Number(note?.[2])).toBe(hidden * 3);
    const shownSections = markdown.split('**workspace <code>').length - 1;
    expect(shownSections).toBe(2000 - hidden);
    // The first hidden target is named first, in plan order; those that do not fit are counted.
    const names = note?.[3] ?? '';
    expect(names.startsWith(`workspace ws-${String(shownSections).padStart(4, '0')}, `)).toBe(true);
    const named = names.split(', ').filter((n) => n.startsWith('workspace ')).length;
    expect(names).toMatch(new RegExp(`, and ${hidden - named} more$`));
  });

  it('a short cut names every target it hides', () => {
    const markdown = renderMarkdown(planOf(40), { limit: 9_000 });
    const names = /Not shown: ([^\n]*)\. Run /.exec(markdown)?.[1] ?? '';
    expect(names).not.toContain('more');
    expect(names.split(', ').at(-1)).toBe('workspace ws-0039');
    expect(names.split(', ')).toHaveLength(Number(/\*\*(\d+) of 40 targets not shown/.exec(markdown)?.[1]));
  });

  it('drift is titled and marked as drift, with its own summary and columns', () => {
    const drift = renderMarkdown(planOf(1), { kind: 'drift' });
    expect(drift.split('\n').slice(0, 4)).toEqual([
      `${DRIFT_MARKER_PREFIX} organization=acme -->`,
      '### tfe-access drift in `acme`',
      '',
      'Drift in acme: live access differs from the files (1 missing, 1 different, 1 not in the files).',
    ]);
    expect(drift).toContain('| missing | different | not in the files |');
    const none = renderMarkdown({ ...planOf(0), changes: [] }, { kind: 'drift' });
    expect(none).toContain('No drift: access in acme matches the files.');
  });

  it('issue 29: a grant that falls stays collapsed in a long comment; one that rises (maintain -> admin) never is', () => {
    const plan = planOf(Math.ceil(LONG_COMMENT_LINES / 4) + 1);
    const change = grantChanges(plan).find((c) => c.action === 'update' && c.target.name === 'ws-0000');
    if (change?.action !== 'update') throw new Error('no update');
    const falls = { ...change, before: access('team-workspaces', 'admin'), after: access('team-workspaces', 'write') };
    const long = renderMarkdown({ ...plan, changes: plan.changes.map((c) => (c.change === change ? { kind: 'grant' as const, change: falls } : c)) });
    const first = long.slice(long.indexOf('**workspace <code>ws-0000</code>**'), long.indexOf('**workspace <code>ws-0001</code>**'));
    expect(first).toContain('<details><summary>additions and changes (+1 ~1)</summary>\n\n```diff\n! dev: admin -> write\n');
    const project = { ...change, resource: 'team-projects' as const, before: access('team-projects', 'maintain'), after: access('team-projects', 'admin') };
    const rising = renderMarkdown({ ...plan, changes: plan.changes.map((c) => (c.change === change ? { kind: 'grant' as const, change: project } : c)) });
    const section = rising.slice(
      rising.indexOf('**workspace <code>ws-0000</code>**'),
      rising.indexOf('<details>', rising.indexOf('**workspace <code>ws-0000</code>**')),
    );
    expect(section).toContain('! dev: maintain -> admin');
  });

  it('issue 29: effective changes of a set are summarised per team before the detail, once the detail is long', () => {
    const rise = (w: number, team: string, type: 'workspace' | 'project', after: 'admin' | 'read', direction: 'rises' | 'falls') => ({
      team: { name: team, id: `team-${team}` },
      target: { type, name: `t-${w}`, id: `id-${w}` },
      before: 'write' as const,
      after,
      direction,
      via: [{ type: 'project' as const, name: `p-${w}`, action: 'update' as const, access: after }],
    });
    // Each through its own project: one detail line each, 15 lines for two teams.
    const changes = [
      ...Array.from({ length: 12 }, (_, w) => rise(w, 'dev', 'workspace', 'admin', 'rises')),
      ...Array.from({ length: 2 }, (_, w) => rise(20 + w, 'dev', 'project', 'read', 'falls')),
      rise(30, 'ops', 'workspace', 'read', 'falls'),
    ];
    const short = renderMarkdown({ ...planOf(1), effectiveChanges: changes });
    expect(short).toContain(
      '**Effective access by team**\n\n- dev: 12 workspaces rise to admin, 2 projects fall to read\n- ops: 1 workspace falls to read\n\n**Effective access**\n\n',
    );
    const few = renderMarkdown({ ...planOf(1), effectiveChanges: changes.slice(0, 3) });
    expect(few).not.toContain('Effective access by team');
  });

  it('issue 29: violations the change makes first (an alert), those already live and those accepted collapsed after it; a plan without either as before', () => {
    const violation = (team: string, status?: 'new' | 'live', accepted?: { reason: string; expires: string }) => ({
      policy: 'at most write',
      target: { type: 'workspace' as const, name: 'ws-0000', id: 'ws-0' },
      team: { name: team, id: `team-${team}` },
      message: `team "${team}" has admin`,
      finding: {},
      ...(status ? { status } : {}),
      ...(accepted ? { accepted } : {}),
    });
    const md = renderMarkdown({
      ...planOf(1),
      violations: [violation('old', 'live'), violation('new', 'new'), violation('ok', 'new', { reason: 'INC-42', expires: '2026-06-02T00:00:00Z' })],
    });
    const caution = md.indexOf(
      '> [!CAUTION]\n> **Policies broken (1 violation); plan and apply refuse (exit 3), drift reports them (exit 2):**\n> - [at most write] team "new" has admin\n',
    );
    const live = md.indexOf(
      '<details><summary>Already live, not caused by this change (1 violation); they do not block:</summary>\n\n- [at most write] team "old" has admin\n',
    );
    const accepted = md.indexOf(
      '<details><summary>Accepted by an exception of the policy (1 violation); they do not block until it ends:</summary>\n\n- [at most write] team "ok" has admin (accepted until end of 2026-06-01 UTC: INC-42)\n',
    );
    expect([caution > 0, live > caution, accepted > live]).toEqual([true, true, true]);
    const drift = renderMarkdown({ ...planOf(1), violations: [violation('old')] }, { kind: 'drift' });
    expect(drift).toContain('> [!CAUTION]\n> **Policies broken (1 violation)');
    expect(drift).not.toContain('Already live');
  });
});
