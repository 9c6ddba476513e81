import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import type { DesiredTarget, LiveState, LiveTarget } from '../../src/core/model.js';
import { customAccess } from '../../src/core/permissions.js';
import { grantChanges, planChanges } from '../../src/core/plan.js';
import { buildPlan as diffPlan } from '../../src/diff/plan.js';
import { renderJson } from '../../src/render/plan/json.js';
import { GITHUB_COMMENT_LIMIT, MARKER_PREFIX, renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { access, arbScenario, arbScenarioWithRoles, desiredOf, liveOf, team, teamId } from '../support/states.js';

/** A plan as the renderers take it; the guards' refusals (none here) are tested where they are computed. */
const buildPlan = (desired: DesiredState, live: LiveState) => ({ ...diffPlan(desired, live), refusals: [] });

const SCHEMA_FILE = new URL('../../schemas/plan.schema.json', import.meta.url);

function samplePlan() {
  const live = liveOf(
    'acme',
    [team('owners'), team('dev'), team('ops'), team('audit')],
    [
      {
        type: 'project',
        id: 'prj-1',
        name: 'platform',
        grants: [
          { id: 'tprj-ops', resource: 'team-projects', teamId: teamId('ops'), targetId: 'prj-1', access: access('team-projects', 'read'), extra: {} },
          { id: 'tprj-aud', resource: 'team-projects', teamId: teamId('audit'), targetId: 'prj-1', access: access('team-projects', 'write'), extra: {} },
        ],
      },
    ],
  );
  const desired = desiredOf([
    {
      type: 'project',
      name: 'platform',
      prune: true,
      grants: [
        { team: 'dev', access: access('team-projects', 'custom', { 'workspace-access.runs': 'apply' }) },
        { team: 'ops', access: access('team-projects', 'write') },
      ],
    },
  ]);
  return buildPlan(desired, live);
}

describe('renderers', () => {
  it('text: a summary, +/~/- per grant, a change between fixed levels on one line (its attribute-level differences with verbose), the checksum', () => {
    const text = renderText(samplePlan(), { color: false });
    expect(text).toContain('Plan for acme: 1 to add, 1 to change, 1 to remove.');
    expect(text).toMatch(/^ {2}- audit +write$/m);
    expect(text).toMatch(/^ {2}\+ dev +custom$/m);
    expect(text).toMatch(/^ {2}~ ops +read -> write\n\n/m);
    const verbose = renderText(samplePlan(), { color: false, verbose: true });
    expect(verbose).toContain('      - workspace-access.runs: read');
    expect(verbose).toContain('      + workspace-access.runs: apply');
    expect(text).not.toContain('\u001b[');
    expect(renderText(samplePlan(), { color: true })).toContain('\u001b[32m+ dev');
  });

  it('json: the contract format, valid against schemas/plan.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(planSchema());
    const document = JSON.parse(renderJson(samplePlan())) as Record<string, unknown>;
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.summary).toEqual({ add: 1, update: 1, remove: 1 });
    const changes = document.changes as Array<Record<string, unknown>>;
    expect(changes[0]).toMatchObject({ action: 'remove', id: 'tprj-aud', after: null, team: { name: 'audit', id: 'team-audit' } });
    expect(changes[1]).toMatchObject({
      action: 'add',
      before: null,
      after: { access: 'custom', 'workspace-access': { runs: 'apply' }, 'project-access': { settings: 'read' } },
    });
  });

  it('json: every generated plan validates against the schema', () => {
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    fc.assert(
      fc.property(fc.oneof(arbScenario, arbScenarioWithRoles), ({ desired, live }) => {
        expect(validate(JSON.parse(renderJson(buildPlan(desired, live))))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('schemas/plan.schema.json is the schema built from the tables', () => {
    const generated = `${JSON.stringify(planSchema(), null, 2)}\n`;
    // Regenerate with: WRITE_SCHEMA=1 npx vitest run test/render/render.test.ts
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE)).toBe(true);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('every format names the role of a role grant, before and after', () => {
    const deployer = customAccess('team-projects', { 'workspace-access.runs': 'apply' });
    const observer = customAccess('team-projects', { 'workspace-access.state-versions': 'read-outputs' });
    const live = liveOf(
      'acme',
      [team('dev'), team('ops')],
      [
        {
          type: 'project',
          id: 'prj-1',
          name: 'platform',
          grants: [{ id: 'tprj-ops', resource: 'team-projects', teamId: teamId('ops'), targetId: 'prj-1', access: observer, extra: {} }],
        },
      ],
    );
    const desired = {
      ...desiredOf([
        {
          type: 'project',
          name: 'platform',
          prune: true,
          grants: [
            { team: 'dev', access: deployer, role: 'deployer' },
            { team: 'ops', access: access('team-projects', 'read') },
          ],
        },
      ]),
      roles: {
        project: new Map([
          ['deployer', deployer],
          ['observer', observer],
        ]),
        workspace: new Map(),
      },
    };
    const plan = buildPlan(desired, live);
    const text = renderText(plan, { color: false });
    expect(text).toMatch(/^ {2}\+ dev +custom \(role deployer\)$/m);
    expect(text).toMatch(/^ {2}~ ops +custom \(role observer\) -> read$/m);
    expect(renderMarkdown(plan)).toContain('! ops: custom (role observer) -> read');
    const changes = (JSON.parse(renderJson(plan)) as { changes: Array<{ before: { role?: string } | null; after: { role?: string } | null }> }).changes;
    expect(changes.map((c) => [c.before?.role, c.after?.role])).toEqual([
      [undefined, 'deployer'],
      ['observer', undefined],
    ]);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(JSON.parse(renderJson(plan)))).toBe(true);
    // A fixed level never names a role: the schema refuses one.
    const forged = JSON.parse(renderJson(plan)) as { changes: Array<{ after: Record<string, unknown> | null }> };
    forged.changes[1]!.after!.role = 'observer';
    expect(validate(forged)).toBe(false);
  });

  it('markdown: a marker, a summary table and one section per target, in view when the comment is short', () => {
    const markdown = renderMarkdown(samplePlan());
    expect(markdown.startsWith(`${MARKER_PREFIX} organization=acme -->`)).toBe(true);
    expect(markdown).toContain('| 1 | 1 | 1 |');
    expect(markdown).toContain('**project <code>platform</code>** (+1 ~1 -1)\n\n```diff\n');
    expect(markdown).not.toContain('<details>');
    expect(markdown).toContain('! ops: read -> write');
  });

  it('markdown: a plan of 5,000 changes stays under the comment limit and says what it left out', () => {
    const teams = Array.from({ length: 10 }, (_, i) => team(`team${i}`));
    const targets: DesiredTarget[] = [];
    const live: LiveTarget[] = [];
    for (let w = 0; w < 500; w++) {
      const name = `ws-${String(w).padStart(4, '0')}`;
      targets.push({
        type: 'workspace',
        name,
        prune: true,
        grants: teams.map((t) => ({ team: t.name, access: access('team-workspaces', 'custom', { runs: 'apply' }) })),
      });
      live.push({ type: 'workspace', id: `ws-${w}`, name, grants: [] });
    }
    const plan = buildPlan(desiredOf(targets), liveOf('acme', teams, live));
    expect(plan.changes).toHaveLength(5000);
    const markdown = renderMarkdown(plan);
    expect(markdown.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    const match = /\*\*(\d+) of 500 targets not shown\*\* \((\d+) changes\)/.exec(markdown);
    expect(match).not.toBeNull();
    const notShown = Number(match?.[1]);
    expect(markdown.split('<details>').length - 1).toBe(500 - notShown);
    expect(Number(match?.[2])).toBe(notShown * 10);
    expect(markdown).toContain(`Checksum: \`${plan.checksum}\``);
  });

  it('two renders of the same state are byte-identical, and the checksum is stable', () => {
    expect(renderJson(samplePlan())).toBe(renderJson(samplePlan()));
    expect(renderText(samplePlan(), { color: false })).toBe(renderText(samplePlan(), { color: false }));
    expect(samplePlan().checksum).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('markdown: text from outside stays on its line', () => {
  it('regression: a team name with a newline cannot start a line of its own (a `::` workflow command)', () => {
    const plan = samplePlan();
    const hostile = {
      ...plan,
      ...planChanges({ grant: grantChanges(plan).map((c) => ({ ...c, team: { ...c.team, name: `${c.team.name}\n::error::owned` } })) }),
      warnings: [{ code: 'custom-equals-level' as const, message: 'x\n::warning::y' }],
    };
    const markdown = renderMarkdown(hostile);
    expect(markdown).not.toMatch(/^::/m);
    expect(markdown).toContain('audit ::error::owned');
  });
});
