import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState } from '../core/desired-state.js';
import type { DesiredTarget, Project, Team, Workspace } from '../core/model.js';
import type { OrganizationRead } from '../core/organization.js';
import { type NameResolution, resolveNames } from './resolve-names.js';

const team = (name: string): Team => ({ id: `team-${name}`, name, visibility: 'organization', organizationAccess: {} });
const TEAMS = ['developers', 'ops', 'vault'].map(team);
const PROJECTS: Project[] = [
  { id: 'prj-platform', name: 'platform' },
  { id: 'prj-data', name: 'data' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-net', name: 'networking-prod', projectId: 'prj-platform' },
  { id: 'ws-alone', name: 'standalone' },
  { id: 'ws-cafe', name: 'caf\u00e9' },
];

/** The whole organization read: every list whole, no catalog. */
const WHOLE: OrganizationRead = { organization: 'acme', teams: TEAMS, projects: PROJECTS, workspaces: WORKSPACES, allWorkspaces: true, pinned: [] };

const target = (type: DesiredTarget['type'], name: string, teams: string[] = [], extra: Partial<DesiredTarget> = {}): DesiredTarget => ({
  type,
  name,
  prune: true,
  grants: teams.map((t) => ({ team: t, access: { access: 'read' } })),
  ...extra,
});
const desired = (targets: DesiredTarget[]): DesiredState => ({ organization: 'acme', settings: DEFAULT_SETTINGS, targets });
const messages = (result: NameResolution): string[] => result.problems.map((p) => p.message);

describe('resolveNames', () => {
  it('finds every target by its name, with its id, its project and its desired state', () => {
    const state = desired([target('project', 'platform', ['developers']), target('workspace', 'networking-prod', ['ops'])]);
    const { resolved, problems } = resolveNames(state, WHOLE);
    expect(problems).toEqual([]);
    expect(resolved.targets).toEqual([
      { type: 'project', id: 'prj-platform', name: 'platform', desired: state.targets[0] },
      { type: 'workspace', id: 'ws-net', name: 'networking-prod', projectId: 'prj-platform', desired: state.targets[1] },
    ]);
    expect(resolved.teamsByName.get('vault')?.id).toBe('team-vault');
    expect(resolved.workspaces).toBe(WORKSPACES);
    expect(resolved.desired).toBeUndefined();
    expect(resolved.warnings).toBeUndefined();
  });

  it('collects every problem: a team and a target not found (with near misses), a pinned id that disagrees, a rename', () => {
    const state = desired([
      target('project', 'platfrom', ['develpers']),
      target('project', 'platform', [], { id: 'prj-data' }),
      target('workspace', 'net-prod', [], { id: 'ws-net' }),
    ]);
    const result = resolveNames(state, WHOLE);
    expect(messages(result)).toEqual([
      'team "develpers" in organization "acme": not found, or the token may not see it (secret teams are visible to their members and owners only). Did you mean "developers"?',
      'project "platfrom": not found, or the token may not see it. Did you mean "platform"?',
      'project "platform" is pinned to id prj-data, but the service gives that name to prj-platform.',
      'workspace "net-prod": not found, or the token may not see it. Its pinned id ws-net is now named "networking-prod": renamed?',
    ]);
    expect(result.resolved.targets).toEqual([]);
  });

  it('without the whole workspace list: no near misses, and a rename only from the workspace its pinned id was looked up as', () => {
    const named: OrganizationRead = { ...WHOLE, workspaces: [WORKSPACES[1]!], allWorkspaces: false, pinned: [WORKSPACES[0]!] };
    const result = resolveNames(desired([target('workspace', 'net-prod', [], { id: 'ws-net' }), target('workspace', 'standalon')]), named);
    expect(messages(result)).toEqual([
      'workspace "net-prod": not found, or the token may not see it. Its pinned id ws-net is now named "networking-prod": renamed?',
      'workspace "standalon": not found, or the token may not see it.',
    ]);
    expect(result.resolved.workspaces).toBeUndefined();
  });

  it('finds a name written in another Unicode normalisation in a whole list, with a warning; a team too, as the organization spells it', () => {
    const state = desired([target('workspace', 'cafe\u0301', ['ops'])]);
    const { resolved, problems } = resolveNames(state, WHOLE);
    expect(problems).toEqual([]);
    expect(resolved.targets.map((t) => t.id)).toEqual(['ws-cafe']);
    expect(resolved.warnings?.map((w) => w.code)).toEqual(['name-normalisation']);
    const accented = resolveNames(desired([target('project', 'data', ['ve\u0301ro'])]), { ...WHOLE, teams: [...TEAMS, team('v\u00e9ro')] });
    expect(accented.resolved.desired?.targets[0]?.grants[0]?.team).toBe('v\u00e9ro');
    expect(accented.resolved.warnings?.map((w) => w.code)).toEqual(['name-normalisation']);
    // Looked up by its name only, the workspace is not there in another normalisation.
    expect(messages(resolveNames(state, { ...WHOLE, workspaces: [], allWorkspaces: false }))).toEqual([
      'workspace "cafe\u0301": not found, or the token may not see it.',
    ]);
  });

  it('carries the catalog the sets expand from', () => {
    const catalog = { projects: PROJECTS, workspaces: WORKSPACES, complete: true, keyValueTags: false };
    expect(resolveNames(desired([]), { ...WHOLE, catalog }).resolved.catalog).toBe(catalog);
  });
});

describe('resolveNames is independent of the order of the lists it gets', () => {
  // Names from a small alphabet, an accented letter in both normalisations among them: near misses,
  // misses and names found only after NFC all occur. Unique per list once in NFC, as the service keeps them.
  const name = fc.stringMatching(/^[ab\u00e9]{1,4}$/);
  const unique = (names: string[]): string[] => [...new Map(names.map((n) => [n.normalize('NFC'), n])).values()];
  const organization = fc.record({
    teams: fc.array(name, { maxLength: 6 }).map(unique),
    projects: fc.array(name, { maxLength: 6 }).map(unique),
    workspaces: fc.array(name, { maxLength: 6 }).map(unique),
    allWorkspaces: fc.boolean(),
  });
  const written = fc.oneof(
    name,
    name.map((n) => n.normalize('NFD')),
  );
  const targets = fc.array(
    fc.record({
      type: fc.constantFrom('project' as const, 'workspace' as const),
      name: written,
      teams: fc.array(written, { maxLength: 2 }),
      pin: fc.option(fc.nat(5), { nil: undefined }),
    }),
    { maxLength: 5 },
  );

  const shuffled = <T>(list: readonly T[], keys: readonly number[]): T[] =>
    list
      .map((item, i) => ({ item, key: keys[i % Math.max(1, keys.length)] ?? 0, i }))
      .sort((a, b) => a.key - b.key || b.i - a.i)
      .map((x) => x.item);

  it('the same targets, problems, warnings and teams as named, whatever the order of the teams, projects and workspaces', () => {
    fc.assert(
      fc.property(organization, targets, fc.array(fc.nat(100), { minLength: 1, maxLength: 8 }), (org, given, keys) => {
        const projects = org.projects.map((n, i) => ({ id: `prj-${i}`, name: n }));
        const workspaces = org.workspaces.map((n, i) => ({ id: `ws-${i}`, name: n, ...(i % 2 === 0 ? { projectId: `prj-${i}` } : {}) }));
        const read: OrganizationRead = {
          organization: 'acme',
          teams: org.teams.map(team),
          projects,
          workspaces: org.allWorkspaces ? workspaces : workspaces.slice(0, 2),
          allWorkspaces: org.allWorkspaces,
          pinned: org.allWorkspaces ? [] : workspaces.slice(2),
          catalog: { projects, workspaces, complete: true, keyValueTags: true },
        };
        const prefix = (type: string): string => (type === 'project' ? 'prj' : 'ws');
        const state = desired(given.map((t) => target(t.type, t.name, t.teams, t.pin === undefined ? {} : { id: `${prefix(t.type)}-${t.pin}` })));
        const reordered: OrganizationRead = {
          ...read,
          teams: shuffled(read.teams, keys),
          projects: shuffled(read.projects, keys),
          workspaces: shuffled(read.workspaces, keys),
          pinned: shuffled(read.pinned, keys),
        };
        const a = resolveNames(state, read);
        const b = resolveNames(state, reordered);
        expect(b.resolved.targets).toEqual(a.resolved.targets);
        expect(b.problems).toEqual(a.problems);
        expect(b.resolved.warnings).toEqual(a.resolved.warnings);
        expect(b.resolved.desired).toEqual(a.resolved.desired);
        expect([...b.resolved.teamsByName].sort()).toEqual([...a.resolved.teamsByName].sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('issue 36: team names as the service takes them', () => {
  const src = (line: number) => ({ file: 'teams.yaml', line, col: 3 });
  const withTeams = (teams: DesiredState['teams'], targets: DesiredTarget[] = []): DesiredState => ({ ...desired(targets), teams });

  it('finding 4: a team of teams: differing only in case from a live team is a problem at its place with the did-you-mean, not a create', () => {
    const state = withTeams([{ name: 'Developers', previously: [], source: src(3) }]);
    const { problems } = resolveNames(state, WHOLE);
    expect(problems).toEqual([
      {
        source: src(3),
        message:
          'team "Developers" differs from the organization\'s "developers" only by case: the service takes team names without case, so it cannot create this one. Did you mean "developers"? (To change the case of its name, write `previously: [developers]`.)',
      },
    ]);
  });

  it('finding 4: a change of case written as a rename (previously) is no problem', () => {
    const state = withTeams([{ name: 'Developers', previously: ['developers'], source: src(3) }]);
    expect(resolveNames(state, WHOLE).problems).toEqual([]);
  });

  it('finding 9: a grant naming a team by its previously: name says the team\'s new name, not "not found"', () => {
    const grant = { ...target('project', 'platform'), grants: [{ team: 'ops', access: { access: 'read' as const }, source: src(9) }] };
    const state = withTeams([{ name: 'operations', previously: ['ops'], source: src(3) }], [grant]);
    expect(resolveNames(state, WHOLE).problems).toEqual([
      {
        source: src(9),
        message: 'team "ops" is renamed to "operations" by teams: (teams.yaml:3:3, previously: [ops]): name it "operations".',
      },
    ]);
  });
});
