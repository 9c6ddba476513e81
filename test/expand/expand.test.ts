import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilesState } from '../../src/core/desired-state.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { Resolved, ResolvedTarget } from '../../src/core/resolved.js';
import { expandSets } from '../../src/expand/expand.js';
import { parseYamlText } from '../../src/load/document.js';
import { validateDocuments } from '../../src/validate/validate.js';

function stateOf(files: ReadonlyArray<readonly [string, string]>): FilesState {
  const result = validateDocuments(files.map(([name, text]) => parseYamlText(name, text).loaded));
  if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
  return result.state;
}

const PROJECTS: Project[] = [
  { id: 'prj-platform', name: 'platform' },
  { id: 'prj-data', name: 'data' },
  { id: 'prj-sandbox', name: 'sandbox' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-api-prod', name: 'api-prod', projectId: 'prj-platform', tags: { names: ['prod'], bindings: [{ key: 'cost-center', value: '42' }] } },
  { id: 'ws-net-core', name: 'net-core', projectId: 'prj-data', tags: { names: ['prod'], bindings: [{ key: 'cost-center', value: '42' }] } },
  { id: 'ws-api-dev', name: 'api-dev', projectId: 'prj-platform', tags: { names: ['dev'], bindings: [] } },
  { id: 'ws-legacy-prod', name: 'legacy-prod', projectId: 'prj-platform', tags: { names: ['prod'], bindings: [{ key: 'cost-center', value: '42' }] } },
];
const TEAMS: Team[] = ['sre', 'ci', 'auditors', 'dev'].map((name) => ({ id: `team-${name}`, name, organizationAccess: {} }) as Team);

/** What resolve gives for a desired state: its entries found in the catalog, the catalog whole. */
function resolvedOf(desired: FilesState): Resolved {
  const all = [...PROJECTS.map((p) => ({ type: 'project' as const, ...p })), ...WORKSPACES.map((w) => ({ type: 'workspace' as const, ...w }))];
  const targets: ResolvedTarget[] = desired.targets.map((t) => {
    const found = all.find((x) => x.type === t.type && x.name === t.name);
    if (!found) throw new Error(`no ${t.type} ${t.name}`);
    return { type: t.type, id: found.id, name: found.name, ...('projectId' in found && found.projectId ? { projectId: found.projectId } : {}), desired: t };
  });
  return {
    organization: 'acme',
    teams: TEAMS,
    teamsByName: new Map(TEAMS.map((t) => [t.name, t])),
    targets,
    catalog: { projects: PROJECTS, workspaces: WORKSPACES, complete: true, keyValueTags: true },
  };
}

const SETS = `organization: acme
workspace-sets:
  prod-sre:
    match:
      projects: [platform, data]
      tags: [prod, "cost-center:42"]
      names: ["*-prod", "net-*"]
      exclude: ["legacy-*"]
    prune: true
    teams:
      sre: admin
      ci: plan
project-sets:
  every-project:
    match: { names: ["*"], exclude: [sandbox] }
    teams:
      auditors: read
`;
const ENTRIES = `organization: acme
workspaces:
  api-prod:
    teams:
      ci: write
  legacy-prod:
    prune: false
    teams:
      dev: read
`;

describe('expandSets', () => {
  it('merges the sets with the entries: every matched target, its sources, its prune', () => {
    // settings.prune is true by default: the project set prunes without saying so; legacy-prod says prune: false.
    const desired = stateOf([
      ['sets.yaml', SETS],
      ['entries.yaml', ENTRIES],
    ]);
    const { desired: expanded, resolved, warnings, problems } = expandSets(desired, resolvedOf(desired));
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    const summary = expanded.targets.map((t) => ({
      target: `${t.type}:${t.name}`,
      prune: t.prune,
      grants: t.grants.map(
        (g) => `${g.team}=${g.access.access} from ${g.origin?.kind} ${g.origin?.name}${g.origin?.overrides ? ` over ${g.origin.overrides.join(',')}` : ''}`,
      ),
    }));
    expect(summary).toEqual([
      { target: 'project:data', prune: true, grants: ['auditors=read from set every-project'] },
      { target: 'project:platform', prune: true, grants: ['auditors=read from set every-project'] },
      { target: 'workspace:api-prod', prune: true, grants: ['ci=write from entry api-prod over prod-sre', 'sre=admin from set prod-sre'] },
      { target: 'workspace:legacy-prod', prune: false, grants: ['dev=read from entry legacy-prod'] },
      { target: 'workspace:net-core', prune: true, grants: ['ci=plan from set prod-sre', 'sre=admin from set prod-sre'] },
    ]);
    // the targets to read carry their ids and projects
    expect(resolved.targets.map((t) => t.id)).toEqual(['prj-data', 'prj-platform', 'ws-api-prod', 'ws-legacy-prod', 'ws-net-core']);
    expect(resolved.targets.find((t) => t.name === 'net-core')?.projectId).toBe('prj-data');
  });

  it('the order of files and of sets never changes the expansion', () => {
    const extra = `organization: acme
workspace-sets:
  all:
    match: { names: ["*"] }
    teams: {}
    prune: true
  dev-ci:
    match: { tags: [dev] }
    teams:
      ci: write
`;
    const files = [
      ['sets.yaml', SETS],
      ['entries.yaml', ENTRIES],
      ['extra.yaml', extra],
    ] as const;
    const expected = (() => {
      const desired = stateOf(files);
      return expandSets(desired, resolvedOf(desired));
    })();
    fc.assert(
      fc.property(fc.shuffledSubarray([...files], { minLength: 3, maxLength: 3 }), fc.func(fc.integer()), (order, key) => {
        const desired = stateOf(order);
        const shuffled = { ...desired, sets: [...(desired.sets ?? [])].sort((a, b) => key(a.name) - key(b.name)) };
        const result = expandSets(shuffled, resolvedOf(shuffled));
        expect(result.desired.targets).toEqual(expected.desired.targets);
        expect(result.resolved.targets).toEqual(expected.resolved.targets);
      }),
      { numRuns: 30 },
    );
  });

  it('fails naming both sets and the target when two sets disagree on a team; an unknown project is a problem with a near miss', () => {
    const text = `organization: acme
workspace-sets:
  prod-admins:
    match: { tags: [prod] }
    teams: { sre: admin }
  platform-readers:
    match: { projects: [platfrom] }
    teams: { sre: read }
  platform-writers:
    match: { projects: [platform] }
    teams: { sre: write }
`;
    const desired = stateOf([['conflict.yaml', text]]);
    const { problems } = expandSets(desired, resolvedOf(desired));
    expect(problems).toContainEqual(
      expect.stringMatching(/^conflict\.yaml:\d+:\d+: workspace set "platform-readers": project "platfrom" not found.*Did you mean "platform"/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^workspace "api-prod": sets "platform-writers" \(conflict\.yaml:\d+:\d+\) and "prod-admins" \(conflict\.yaml:\d+:\d+\) give team "sre" different grants \(write, admin\)/,
      ),
    );
    expect(problems.filter((p) => p.includes('different grants')).map((p) => p.split(':')[0])).toEqual(['workspace "api-prod"', 'workspace "legacy-prod"']);
  });

  it('a set that matches nothing is a warning, not an error', () => {
    const desired = stateOf([['none.yaml', `organization: acme\nworkspace-sets:\n  ghosts:\n    match: { names: ["ghost-*"] }\n    teams: { sre: read }\n`]]);
    const { warnings, problems, desired: expanded } = expandSets(desired, resolvedOf(desired));
    expect(problems).toEqual([]);
    expect(expanded.targets).toEqual([]);
    expect(warnings).toEqual([{ code: 'set-matches-nothing', message: 'workspace set "ghosts" matches no workspace of "acme" the token can see.' }]);
  });

  it("settings.ignore-warnings silences the sets' warnings", async () => {
    const desired = stateOf([
      [
        'none.yaml',
        `organization: acme\nsettings: { ignore-warnings: [set-matches-nothing] }\nworkspace-sets:\n  ghosts:\n    match: { names: ["ghost-*"] }\n    teams: { sre: read }\n`,
      ],
    ]);
    const expanded = expandSets(desired, resolvedOf(desired));
    expect(expanded.warnings.map((w) => w.code)).toEqual(['set-matches-nothing']);
    const { buildPlan } = await import('../../src/diff/plan.js');
    const plan = buildPlan(expanded.desired, { organization: 'acme', teams: new Map(), targets: new Map() } as never, { setWarnings: expanded.warnings });
    expect(plan.warnings).toEqual([]);
  });

  it('files without sets pass through unchanged, but for each entry its prune decided (settings.prune when it does not say)', () => {
    const desired = stateOf([['entries.yaml', ENTRIES]]);
    const resolved = resolvedOf(desired);
    const result = expandSets(desired, resolved);
    expect(result.resolved).toBe(resolved);
    expect(result.desired).toEqual({
      ...desired,
      targets: [
        { ...desired.targets[0], prune: true, prunedBy: { kind: 'entry', name: 'api-prod' } },
        { ...desired.targets[1], prune: false },
      ],
    });
    const additive = stateOf([['entries.yaml', `${ENTRIES}settings: { prune: false }\n`]]);
    expect(expandSets(additive, resolvedOf(additive)).desired.targets.map((t) => [t.name, t.prune])).toEqual([
      ['api-prod', false],
      ['legacy-prod', false],
    ]);
  });

  it('settings.prune decides for a set and an entry that do not say, in one place, where they merge', () => {
    const text = `organization: acme
settings: { prune: false }
workspace-sets:
  says-nothing: { match: { names: [api-prod] }, teams: { sre: admin } }
  prunes: { match: { names: [net-core] }, prune: true, teams: { sre: admin } }
workspaces:
  api-dev: { teams: { dev: read } }
  net-core: { prune: false, teams: { dev: read } }
`;
    const desired = stateOf([['f.yaml', text]]);
    expect(desired.targets.map((t) => t.prune)).toEqual([undefined, false]);
    expect(desired.sets?.map((s) => s.prune)).toEqual([true, undefined]);
    const { desired: expanded } = expandSets(desired, resolvedOf(desired));
    expect(expanded.targets.map((t) => [t.name, t.prune, t.prunedBy?.name])).toEqual([
      ['api-dev', false, undefined],
      ['api-prod', false, undefined],
      ['net-core', false, undefined],
    ]);
    const pruning = stateOf([['f.yaml', text.replace('prune: false }', 'prune: true }')]]);
    expect(expandSets(pruning, resolvedOf(pruning)).desired.targets.map((t) => [t.name, t.prune, t.prunedBy?.name])).toEqual([
      ['api-dev', true, 'api-dev'],
      ['api-prod', true, 'says-nothing'],
      ['net-core', false, undefined],
    ]);
  });
});
