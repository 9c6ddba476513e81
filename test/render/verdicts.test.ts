// issue 29, item 8 (docs/evidence.md): a plan's violations in text, those the change makes first (they
// block), then those already live, then those an exception accepts with its reason and end; the
// JSON says each one's `status` and `accepted`; the report's text shows an accepted one with its
// reason; and long effective changes get one line per team before the detail.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { EffectiveChange } from '../../src/core/effective.js';
import type { Plan } from '../../src/core/plan.js';
import type { PolicyViolation } from '../../src/core/policy.js';
import type { Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { buildPlan } from '../../src/diff/plan.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderText } from '../../src/render/plan/text.js';
import { renderReportText } from '../../src/render/report/report-text.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { desiredOf, liveOf, team } from '../support/states.js';

const target = { type: 'workspace' as const, name: 'api-prod', id: 'ws-1' };
const violation = (name: string, extra: Partial<PolicyViolation> = {}): PolicyViolation => ({
  policy: 'at most write',
  target,
  team: { name, id: `team-${name}` },
  message: `team "${name}" has admin`,
  finding: {},
  ...extra,
});
const ACCEPTED = { reason: 'migration, INC-42', expires: '2026-06-02T00:00:00Z' };
const plan = (violations: PolicyViolation[], effectiveChanges?: EffectiveChange[]): Plan => ({
  ...buildPlan(desiredOf([]), liveOf('acme', [team('dev')], [])),
  warnings: [],
  refusals: [],
  violations,
  ...(effectiveChanges ? { effectiveChanges } : {}),
});

describe('violations in the text and JSON plans', () => {
  const violations = [violation('old', { status: 'live' }), violation('new', { status: 'new' }), violation('ok', { status: 'new', accepted: ACCEPTED })];

  it('text: those the change makes first, then those already live, then those accepted with reason and end', () => {
    const text = renderText(plan(violations), { color: false });
    expect(text).toContain(
      [
        'Policies broken (1 violation); plan and apply refuse (exit 3), drift reports them (exit 2):',
        '  [at most write] team "new" has admin',
        'Already live, not caused by this change (1 violation); they do not block:',
        '  [at most write] team "old" has admin',
        'Accepted by an exception of the policy (1 violation); they do not block until it ends:',
        '  [at most write] team "ok" has admin (accepted until end of 2026-06-01 UTC: migration, INC-42)',
      ].join('\n'),
    );
  });

  it('text: a plan whose violations carry no comparison (drift) reads as before', () => {
    const text = renderText(plan([violation('old')]), { color: false });
    expect(text).toContain(
      'Policies broken (1 violation); plan and apply refuse (exit 3), drift reports them (exit 2):\n  [at most write] team "old" has admin\n',
    );
    expect(text).not.toContain('Already live');
  });

  it('json: each violation says its status and what accepts it, valid against the schema; none given, no key', () => {
    const document = JSON.parse(renderJson(plan([...violations, violation('drift')]))) as { violations: Record<string, unknown>[] };
    expect(document.violations.map((v) => [v.status, v.accepted])).toEqual([
      ['live', undefined],
      ['new', undefined],
      ['new', ACCEPTED],
      [undefined, undefined],
    ]);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the report text shows an accepted violation with its reason and end, listed apart under its own heading', () => {
    const text = renderReportText({ ...baseReport(), violations: [violation('ok', { accepted: ACCEPTED }), violation('dev')] }, { byTeam: false });
    // Issue 37, finding 8: the open ones under a heading true of live violations, the accepted apart.
    expect(text).toContain(
      'Policies broken (1 violation): drift reports them (exit 2); plan and apply refuse only a change that makes or worsens one (exit 3):',
    );
    expect(text).toContain('Accepted by an exception of the policy (1 violation); they do not block until it ends:');
    expect(text).toContain('  [at most write] team "ok" has admin (accepted until end of 2026-06-01 UTC: migration, INC-42)\n');
  });
});

describe('effective changes summarised per team in the text plan', () => {
  it('one line per team before the detail once it is long; not for a short one', () => {
    const change = (i: number, direction: 'rises' | 'falls'): EffectiveChange => ({
      team: { name: direction === 'rises' ? 'dev' : 'ops', id: direction === 'rises' ? 'team-dev' : 'team-ops' },
      target: { type: 'workspace', name: `w-${i}`, id: `ws-${i}` },
      before: 'write',
      after: direction === 'rises' ? 'admin' : 'read',
      direction,
      via: [{ type: 'project', name: `p-${i}`, action: 'update', access: 'admin' }],
    });
    const long = renderText(plan([], [...Array.from({ length: 11 }, (_, i) => change(i, 'rises')), change(99, 'falls')]), { color: false });
    expect(long).toContain('Effective access by team:\n  dev: 11 workspaces rise to admin\n  ops: 1 workspace falls to read\n\nEffective access:\n');
    const short = renderText(plan([], [change(1, 'rises')]), { color: false });
    expect(short).not.toContain('Effective access by team');
  });
});

function baseReport(): Report {
  return {
    organization: 'acme',
    state: 'live',
    generatedAt: '2026-05-01T00:00:00.000Z',
    teams: [],
    projects: [],
    workspaces: [],
    cells: [],
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf({}),
  };
}
