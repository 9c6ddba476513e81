import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOM_DEFAULTS, PROJECT_IMPLIED, WORKSPACE_IMPLIED } from '../core/access.js';
import type { FilesState } from '../core/desired-state.js';
import { permissionsOf } from '../core/permissions.js';
import { parseYamlText } from '../load/document.js';
import { validateDocuments } from './validate.js';

function stateOf(...texts: string[]): FilesState {
  const result = validateDocuments(texts.map((t, i) => parseYamlText(`f${i}.yaml`, t).loaded));
  if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
  return result.state;
}

const FILE = `organization: acme
settings: { prune: false }
roles:
  project:
    deployer:
      project-access: { settings: update }
      workspace-access: { runs: apply, locking: true }
  workspace:
    planner: { runs: plan }
workspaces:
  zeta:
    prune: true
    teams:
      ops: { access: custom, variables: write }
      ci: planner
  alpha:
    teams:
      dev: { access: write }
projects:
  platform:
    id: prj-abc123
    teams:
      zed: admin
      dev: deployer
`;

describe('validateDocuments -> DesiredState', () => {
  const state = stateOf(FILE);
  const target = (name: string) => state.targets.find((t) => t.name === name)!;

  it('sorts targets by type then name, and grants by team', () => {
    expect(state.targets.map((t) => `${t.type}:${t.name}`)).toEqual(['project:platform', 'workspace:alpha', 'workspace:zeta']);
    expect(target('zeta').grants.map((g) => g.team)).toEqual(['ci', 'ops']);
    expect(target('platform').grants.map((g) => g.team)).toEqual(['dev', 'zed']);
  });

  it('expands a role into access custom with the custom defaults filled, keeping its name', () => {
    const dev = target('platform').grants[0]!;
    expect(dev.role).toBe('deployer');
    expect(dev.access).toEqual({
      access: 'custom',
      permissions: {
        ...CUSTOM_DEFAULTS['team-projects'],
        'project-access.settings': 'update',
        'workspace-access.runs': 'apply',
        'workspace-access.locking': true,
      },
    });
    expect(target('zeta').grants[0]).toMatchObject({
      team: 'ci',
      role: 'planner',
      access: { access: 'custom', permissions: { ...CUSTOM_DEFAULTS['team-workspaces'], runs: 'plan' } },
    });
  });

  it('keeps fixed levels as levels with their implied permissions, written as a string or a map', () => {
    // A fixed level holds no vector of its own: its permissions are the table's row.
    expect(target('platform').grants[1]).toMatchObject({ team: 'zed', access: { access: 'admin' } });
    expect(target('platform').grants[1]?.access).toEqual({ access: 'admin' });
    expect(permissionsOf('team-projects', target('platform').grants[1]!.access)).toEqual(PROJECT_IMPLIED.admin);
    expect(target('alpha').grants[0]).toMatchObject({ team: 'dev', access: { access: 'write' } });
    expect(permissionsOf('team-workspaces', target('alpha').grants[0]!.access)).toEqual(WORKSPACE_IMPLIED.write);
    expect(target('alpha').grants[0]?.role).toBeUndefined();
  });

  it('fills custom defaults of an inline custom grant', () => {
    expect(target('zeta').grants[1]?.access).toEqual({ access: 'custom', permissions: { ...CUSTOM_DEFAULTS['team-workspaces'], variables: 'write' } });
  });

  it('keeps prune as written (settings.prune decides where the sets merge: test/expand/expand.test.ts), and pinned ids', () => {
    expect(state.settings).toEqual({ prune: false, ignoreTeams: [], maxRemovals: 10 });
    expect(target('zeta').prune).toBe(true);
    expect(target('alpha').prune).toBeUndefined();
    expect(target('platform').id).toBe('prj-abc123');
    expect(target('alpha').id).toBeUndefined();
  });

  it('records where targets and grants are defined', () => {
    expect(target('platform').source).toEqual({ file: 'f0.yaml', line: 20, col: 3 });
    expect(target('platform').grants[1]?.source).toEqual({ file: 'f0.yaml', line: 23, col: 7 });
  });

  it('merges one target split over two files, and roles defined in another file', () => {
    const merged = stateOf(
      'organization: acme\nroles: { workspace: { planner: { runs: plan } } }\nworkspaces: { w: { teams: { a: read } } }\n',
      'organization: acme\nworkspaces: { w: { teams: { b: planner } } }\n',
    );
    expect(merged.targets).toHaveLength(1);
    expect(merged.targets[0]?.grants.map((g) => `${g.team}:${g.access.access}:${g.source?.file}`)).toEqual(['a:read:f0.yaml', 'b:custom:f1.yaml']);
    expect(merged.settings).toEqual({ prune: true, ignoreTeams: [], maxRemovals: 10 });
  });

  it('reads `role:` as the role it names and `expires:` as the instant it ends, with where it is written', () => {
    const expiring = stateOf(`organization: acme
settings: { expiry-warning-days: 3 }
roles: { project: { deployer: { workspace-access: { runs: apply } } } }
projects:
  platform:
    teams:
      dev: { role: deployer, expires: 2026-12-01 }
      ops: { access: write, expires: "2026-12-01T18:00:00+02:00" }
      sre: deployer
`);
    const [dev, ops, sre] = expiring.targets[0]!.grants;
    expect(dev).toEqual({ ...sre, team: 'dev', source: dev!.source, expires: { at: '2026-12-02T00:00:00Z', source: { file: 'f0.yaml', line: 7, col: 39 } } });
    expect(dev?.role).toBe('deployer');
    expect(ops?.access).toEqual({ access: 'write' });
    expect(ops?.expires?.at).toBe('2026-12-01T16:00:00Z');
    expect(sre?.expires).toBeUndefined();
    expect(expiring.settings.expiryWarningDays).toBe(3);
  });

  it('is pure: the validation and model modules import nothing from node:', () => {
    const pure = (dir: string, except: string[]) =>
      readdirSync(fileURLToPath(new URL(dir, import.meta.url)))
        .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && !except.includes(n))
        .map((n) => [n, readFileSync(fileURLToPath(new URL(dir + n, import.meta.url)), 'utf8')] as const);
    // Through an import of the loader's files module, node:fs would come in indirectly (desired-state.ts is the one composition of load and validate).
    const offenders = [...pure('./', ['desired-state.ts']), ...pure('../load/', ['files.ts'])].filter(([, src]) =>
      /from '(node:|\.\.\/load\/files\.js)/.test(src),
    );
    expect(offenders.map(([n]) => n)).toEqual([]);
  });
});
