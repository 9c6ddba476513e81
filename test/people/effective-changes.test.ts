// Who gains or loses what (docs/effective-access.md, "People"): a plan's effective changes with
// its people. Over pure data: a context as assemble/change-context.ts builds it, the people as read
// and the plan's member changes; the JSON against the plan schema; a saved plan reads them back.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveChangeDocument } from '../../src/core/effective-document.js';
import type { MemberChange } from '../../src/core/people.js';
import type { LivePeople } from '../../src/core/person.js';
import { type Change, grantChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { type ChangeContext, effectiveChanges } from '../../src/effective/changes.js';
import { effectiveLines, effectiveSummary } from '../../src/render/changes/effective-lines.js';
import { planJsonDocument } from '../../src/render/plan/json.js';
import { effectiveChangesSchema } from '../../src/render/schemas/effective-schema.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { effectiveChangesOf } from '../../src/saved-plan/parse-effective.js';
import { Reader } from '../../src/saved-plan/reader.js';
import { arbScenario, person, team, teamId } from '../support/states.js';

const CONTEXT: ChangeContext = {
  teams: [team('dev'), team('ops', { 'manage-workspaces': true }), team('qa')],
  projects: [{ id: 'prj-a', name: 'a' }],
  workspaces: [
    { id: 'ws-1', name: 'one', projectId: 'prj-a' },
    { id: 'ws-2', name: 'two', projectId: 'prj-a' },
  ],
  grants: [{ id: 'tws-qa-1', resource: 'team-workspaces', teamId: teamId('qa'), targetId: 'ws-1', access: { access: 'read' } }],
};

const PEOPLE: LivePeople = {
  people: [
    person('ana@example.com', ['dev']),
    person('bo@example.com', ['dev', 'qa']),
    person('cy@vendor.example', ['ops'], { status: 'invited' }),
    person('api-team_1', ['dev'], { serviceAccount: true }),
  ],
  hidden: new Map(),
};

const dev = { name: 'dev', id: teamId('dev') };
const ops = { name: 'ops', id: teamId('ops') };
const qa = { name: 'qa', id: teamId('qa') };
const ADD_DEV_WRITE: Change = {
  action: 'add',
  resource: 'team-projects',
  team: dev,
  target: { type: 'project', name: 'a', id: 'prj-a' },
  after: { access: 'write' },
};
const MEMBERS: MemberChange[] = [
  { action: 'add', team: ops, person: { email: 'ANA@example.com', membershipId: 'ou-ana@example.com' } },
  { action: 'remove', team: qa, person: { email: 'bo@example.com', membershipId: 'ou-bo@example.com' } },
  { action: 'add', team: dev, person: { email: 'cy@vendor.example' } },
  { action: 'invite', person: { email: 'dee@example.com' }, teams: [dev] },
];

describe('effective changes with people', () => {
  const changes = effectiveChanges([ADD_DEV_WRITE], CONTEXT, { people: PEOPLE, memberChanges: MEMBERS });

  it("each grant change's entry names the active human members of its team after the plan (no invitee, no service account)", () => {
    const devEntries = changes.filter((c) => c.team.name === 'dev' && !c.member);
    expect(devEntries.map((c) => [c.target.name, c.before, c.after, c.people])).toEqual([
      ['a', null, 'write', ['ana@example.com', 'bo@example.com']],
      ['one', null, 'write', ['ana@example.com', 'bo@example.com']],
      ['two', null, 'write', ['ana@example.com', 'bo@example.com']],
    ]);
  });

  it('a member change is an effective change: joining gains the team access, leaving loses it; an invitation or an invitee moves nothing', () => {
    const own = changes
      .filter((c) => c.member)
      .map((c) => [c.member?.action, c.member?.email, c.team.name, c.target.name, c.before, c.after, c.direction, c.via]);
    expect(own).toEqual([
      ['add', 'ana@example.com', 'ops', 'one', null, 'admin', 'rises', []],
      ['add', 'ana@example.com', 'ops', 'two', null, 'admin', 'rises', []],
      // bo leaves qa (read on one) but keeps write there through dev after the plan: bo loses nothing (issue 37).
    ]);
    expect(changes.some((c) => c.member?.email === 'cy@vendor.example' || c.member?.email === 'dee@example.com')).toBe(false);
  });

  it('in words, in JSON (valid against the schema) and read back from a saved plan as written', () => {
    const lines = effectiveLines(changes).map((l) => [l.text, l.targets]);
    expect(lines).toEqual([
      ['dev: none -> write on project a, through project a: write; people: ana@example.com, bo@example.com', undefined],
      ['dev: none -> write on 2 workspaces, through project a: write; people: ana@example.com, bo@example.com', 'one, two'],
      ['ana@example.com joins ops: none -> admin on 2 workspaces', 'one, two'],
    ]);
    const documents = changes.map(effectiveChangeDocument);
    const validate = new Ajv2020({ strict: false }).compile(effectiveChangesSchema());
    expect(validate(documents), JSON.stringify(validate.errors)).toBe(true);
    expect(documents.find((d) => d.member)).toMatchObject({ via: [], member: { action: 'add', email: 'ana@example.com' } });
    expect(validate([{ ...documents[0], via: [] }])).toBe(false);
    const back = effectiveChangesOf(Reader.of('plan.json', { effective_changes: documents }, ''));
    expect(back.effectiveChanges).toEqual(changes);
  });

  it('finding 8: one member leaving a team moves that person\'s access, not the team\'s: no "dev: N workspaces fall to none", and nothing where another team keeps as much', () => {
    const workspaces = Array.from({ length: 16 }, (_, i) => ({ id: `ws-${i}`, name: `w${i}`, projectId: 'prj-a' }));
    const context: ChangeContext = {
      teams: [team('dev'), team('qa')],
      projects: [{ id: 'prj-a', name: 'a' }],
      workspaces,
      grants: [
        { id: 'tprj-dev', resource: 'team-projects', teamId: teamId('dev'), targetId: 'prj-a', access: { access: 'write' } },
        { id: 'tws-qa-0', resource: 'team-workspaces', teamId: teamId('qa'), targetId: 'ws-0', access: { access: 'read' } },
        { id: 'tws-qa-1', resource: 'team-workspaces', teamId: teamId('qa'), targetId: 'ws-1', access: { access: 'admin' } },
      ],
    };
    const people: LivePeople = { people: [person('ana@example.com', ['dev', 'qa']), person('bo@example.com', ['dev'])], hidden: new Map() };
    const leaves: MemberChange[] = [{ action: 'remove', team: dev, person: { email: 'ana@example.com', membershipId: 'ou-ana@example.com' } }];
    const moved = effectiveChanges([], context, { people, memberChanges: leaves });
    const summary = effectiveSummary(moved);
    expect(summary.some((l) => l.startsWith('dev:'))).toBe(false);
    // ana keeps qa's read on w0 and qa's admin on w1: w0 falls to read, w1 does not move, the project and the other 14 fall to none.
    expect(summary).toEqual(['ana@example.com leaves dev: 14 workspaces fall to none, 1 project falls to none, 1 workspace falls to read']);
    expect(moved.find((c) => c.target.name === 'w0')).toMatchObject({ before: 'write', after: 'read', direction: 'falls' });
    expect(moved.some((c) => c.target.name === 'w1')).toBe(false);
  });

  const validatePlan = new Ajv2020({ strict: false }).compile(planSchema());

  it('without people, the entries are exactly as before: no people, no member entries (plans without people serialise as they did)', () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const plan = buildPlan(desired, live);
        const context = {
          teams: [...live.teams.values()],
          projects: [
            { id: 'prj-platform', name: 'platform' },
            { id: 'prj-data', name: 'data' },
          ],
          workspaces: [
            { id: 'ws-netprod', name: 'net-prod', projectId: 'prj-platform' },
            { id: 'ws-appdev', name: 'app-dev', projectId: 'prj-data' },
          ],
          grants: [...live.targets.values()].flatMap((t) => t.grants),
        };
        const without = effectiveChanges(grantChanges(plan), context);
        expect(without.every((c) => c.people === undefined && c.member === undefined)).toBe(true);
        // With people and no member change: the same entries, each naming its team's people.
        const people: LivePeople = { people: [person('ana@example.com', ['dev', 'ops'])], hidden: new Map() };
        const withPeople = effectiveChanges(grantChanges(plan), context, { people, memberChanges: [] });
        expect(withPeople.map(({ people: _p, ...rest }) => rest)).toEqual(without);
        expect(validatePlan(planJsonDocument({ ...plan, refusals: [], effectiveChanges: withPeople })), JSON.stringify(validatePlan.errors)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
