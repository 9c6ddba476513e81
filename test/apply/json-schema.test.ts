// `apply --format json` against schemas/apply.schema.json: every kind of result and of outcome the
// executor gives validates, and the file is the schema its builder makes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../src/apply/outcome.js';
import type { ChangeOutcome } from '../../src/core/apply-outcome.js';
import { type Change, grantChanges, type Plan } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { renderApplyJson } from '../../src/render/apply/apply-json.js';
import { applySchema } from '../../src/render/schemas/apply-schema.js';
import { access, desiredOf, liveOf, team, teamId } from '../support/states.js';

const SCHEMA_FILE = new URL('../../schemas/apply.schema.json', import.meta.url);

function plan(): Plan {
  const live = liveOf(
    'acme',
    [team('dev'), team('ops'), team('qa')],
    [
      {
        type: 'project',
        id: 'prj-1',
        name: 'platform',
        grants: [{ id: 'tprj-ops', resource: 'team-projects', teamId: teamId('ops'), targetId: 'prj-1', access: access('team-projects', 'read'), extra: {} }],
      },
      {
        type: 'workspace',
        id: 'ws-1',
        name: 'net',
        grants: [{ id: 'tws-qa', resource: 'team-workspaces', teamId: teamId('qa'), targetId: 'ws-1', access: access('team-workspaces', 'read'), extra: {} }],
      },
    ],
  );
  const desired = desiredOf([
    {
      type: 'project',
      name: 'platform',
      prune: true,
      grants: [
        { team: 'dev', access: access('team-projects', 'write') },
        { team: 'ops', access: access('team-projects', 'admin') },
      ],
    },
    { type: 'workspace', name: 'net', prune: true, grants: [{ team: 'dev', access: access('team-workspaces', 'plan') }] },
  ]);
  return { ...buildPlan(desired, live), refusals: [] };
}

describe('schemas/apply.schema.json', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(applySchema());
  const check = (text: string): void => {
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
  };

  it('is the schema built by applySchema (WRITE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(applySchema(), null, 2)}\n`;
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('accepts every result and every outcome apply reports', () => {
    const p = plan();
    const [a, b, c, d] = grantChanges(p) as [Change, Change, Change, Change];
    const outcomes: ChangeOutcome[] = [
      { status: 'applied', change: a },
      { status: 'already-so', change: b, note: { kind: 'already-had', grantId: 'tws-qa' } },
      { status: 'failed', change: c, reason: '422 Unprocessable' },
      { status: 'not-started', change: d },
    ];
    check(renderApplyJson({ kind: 'applied', plan: p, report: reportOf(outcomes, { reason: 'SIGTERM', exitCode: 143 }) }));
    check(renderApplyJson({ kind: 'applied', plan: p, report: reportOf([{ status: 'applied', change: a, note: { kind: 'answer-lost-done' } }]) }));
    check(renderApplyJson({ kind: 'cancelled', plan: p }));
    check(renderApplyJson({ kind: 'cancelled', plan: p, stopped: { reason: 'SIGINT', exitCode: 130 } }));
    check(renderApplyJson({ kind: 'no-changes', plan: { ...p, changes: [], summary: { add: 0, update: 0, remove: 0 } } }));
  });

  it('refuses a failed outcome without its reason, and outcomes on a run that wrote nothing', () => {
    const p = plan();
    const failed = JSON.parse(
      renderApplyJson({ kind: 'applied', plan: p, report: reportOf([{ status: 'failed', change: grantChanges(p)[0] as Change, reason: 'x' }]) }),
    ) as { outcomes: Array<Record<string, unknown>> };
    delete failed.outcomes[0]?.reason;
    expect(validate(failed)).toBe(false);
    const cancelled = JSON.parse(renderApplyJson({ kind: 'cancelled', plan: p })) as Record<string, unknown>;
    expect(validate({ ...cancelled, outcomes: [] })).toBe(false);
  });
});
