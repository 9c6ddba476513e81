// Issue 37, finding 9 (docs/evidence.md, "Correct cells"): a grant the report marks moot is one
// whose removal changes nothing effective, as the plan's effective changes judge it
// (effective/changes.ts, `directionOf`): over random organizations, removing a moot grant leaves
// every cell it reaches where it was; and a grant of the owners team, who can do everything, is
// moot on every cell it reaches (before, a custom one never was: the access tables leave some of
// admin's values unsaid). The converse does not hold by design: the report calls a grant moot only
// when it is certain, while a plan counts a value not known on one side as no move.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../src/core/model.js';
import { directionOf } from '../../src/effective/changes.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { cellsWithFacts } from '../../src/pipeline/report-steps/report-facts.js';
import { PROJECTS, WORKSPACES } from './can-report.js';

const NAMES = ['owners', 'dev', 'ops'];
const POWERS = ['manage-workspaces', 'manage-projects', 'read-workspaces', 'read-projects'];
const arbTeam = (name: string): fc.Arbitrary<Team> =>
  fc
    .subarray(POWERS)
    .map((powers) => ({ id: `team-${name}`, name, visibility: 'organization', organizationAccess: Object.fromEntries(powers.map((p) => [p, true])) }));
const arbWorkspaceAccess: fc.Arbitrary<GrantInput['access']> = fc.oneof(
  fc.constantFrom('read', 'plan', 'write', 'admin').map((level) => ({ access: level as 'read' })),
  fc
    .record(
      { runs: fc.constantFrom('read', 'plan', 'apply'), 'policy-overrides': fc.boolean(), variables: fc.constantFrom('none', 'read', 'write') },
      { requiredKeys: ['runs'] },
    )
    .map((permissions) => ({ access: 'custom' as const, permissions })),
);
const arbProjectAccess: fc.Arbitrary<GrantInput['access']> = fc.oneof(
  fc.constantFrom('read', 'write', 'maintain', 'admin').map((level) => ({ access: level as 'read' })),
  fc
    .record(
      { 'project-access.settings': fc.constantFrom('read', 'update'), 'workspace-access.runs': fc.constantFrom('read', 'plan', 'apply') },
      { requiredKeys: ['project-access.settings'] },
    )
    .map((permissions) => ({ access: 'custom' as const, permissions })),
);
const arbOrg = fc.record({
  teams: fc.tuple(...NAMES.map(arbTeam)),
  projectGrants: fc.dictionary(fc.constantFrom(...NAMES), arbProjectAccess),
  workspaceGrants: fc.dictionary(fc.constantFrom(...NAMES.flatMap((n) => [`${n}/ws-in`, `${n}/ws-out`])), arbWorkspaceAccess),
});

describe('a moot grant is one whose removal the plan says changes nothing', () => {
  it('over random organizations', () => {
    fc.assert(
      fc.property(arbOrg, ({ teams, projectGrants, workspaceGrants }) => {
        const grants: GrantInput[] = [
          ...Object.entries(projectGrants).map(([n, access]): GrantInput => ({ resource: 'team-projects', teamId: `team-${n}`, targetId: 'prj-a', access })),
          ...Object.entries(workspaceGrants).map(([k, access]): GrantInput => {
            const [n, ws] = k.split('/');
            return { resource: 'team-workspaces', teamId: `team-${n}`, targetId: ws ?? '', access };
          }),
        ];
        const org = { teams, projects: PROJECTS, workspaces: WORKSPACES };
        const index = new EffectiveIndex({ ...org, grants });
        const cells = cellsWithFacts(index, index.all(), undefined);
        for (const grant of grants) {
          const without = new EffectiveIndex({ ...org, grants: grants.filter((g) => g !== grant) });
          const reached = cells.filter(
            (c) =>
              c.team.id === grant.teamId &&
              c.sources.some((s) => (grant.resource === 'team-projects' ? s.kind === 'project' : s.kind === 'workspace' && c.target.id === grant.targetId)),
          );
          let marked = 0;
          for (const cell of reached) {
            const source = cell.sources.find((s) => (grant.resource === 'team-projects' ? s.kind === 'project' : s.kind === 'workspace'));
            const moot = source !== undefined && 'shadowedBy' in source && source.shadowedBy !== undefined;
            const direction = directionOf(
              index.cell(cell.team.id, cell.target.type, cell.target.id),
              without.cell(cell.team.id, cell.target.type, cell.target.id),
            );
            if (moot) expect(direction, `${cell.team.name} ${cell.target.type} ${cell.target.name}`).toBe('none');
            if (moot) marked++;
          }
          // The owners team's own grant adds nothing anywhere: moot on every cell it reaches.
          if (grant.teamId === 'team-owners') expect(marked, `owners ${grant.targetId} ${JSON.stringify(grant.access)}`).toBe(reached.length);
        }
      }),
      { numRuns: 300, seed: 937 },
    );
  });
});

describe('a grant value that gives nothing is covered whatever the others leave unsaid', () => {
  it('a custom project grant with variable-sets none and policy-overrides false, beside manage-projects: moot', () => {
    const teams: Team[] = [
      { id: 'team-sre', name: 'sre', visibility: 'organization', organizationAccess: { 'manage-projects': true, 'manage-workspaces': true } },
    ];
    const permissions = { 'project-access.settings': 'read', 'project-access.variable-sets': 'none', 'workspace-access.policy-overrides': false } as const;
    const grants: GrantInput[] = [{ resource: 'team-projects', teamId: 'team-sre', targetId: 'prj-a', access: { access: 'custom', permissions } }];
    const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
    const project = cellsWithFacts(index, index.all(), undefined).find((c) => c.target.type === 'project');
    expect(project?.sources.find((s) => s.kind === 'project')).toMatchObject({ shadowedBy: [{ kind: 'organization', permission: 'manage-projects' }] });
    // And removing it moves nothing, as the plan judges it.
    const without = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants: [] });
    expect(directionOf(index.cell('team-sre', 'project', 'prj-a'), without.cell('team-sre', 'project', 'prj-a'))).toBe('none');
  });
});
