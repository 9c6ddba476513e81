// A generated organization as a desired-state file (docs/files.md, "Desired-state files"): every project and
// workspace, each with the desired side of its grants. Written as text, not through the yaml
// library: the names are plain identifiers, and 50,000 grants stringify in milliseconds this way.
import type { Resource } from '../../src/core/access.js';
import type { GeneratedGrant, GeneratedOrganization } from './organization.js';
import { BENCH_ROLES, nested } from './roles.js';
import { setsYaml } from './sets.js';

function flow(value: Record<string, unknown>): string {
  const parts = Object.entries(value).map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? flow(v as Record<string, unknown>) : String(v)}`);
  return `{ ${parts.join(', ')} }`;
}

function rolesSection(): string[] {
  const lines = ['roles:'];
  const kinds: Array<[string, Resource]> = [
    ['project', 'team-projects'],
    ['workspace', 'team-workspaces'],
  ];
  for (const [kind, resource] of kinds) {
    lines.push(`  ${kind}:`);
    for (const [role, permissions] of Object.entries(BENCH_ROLES[resource])) lines.push(`    ${role}: ${flow(nested(Object.entries(permissions)))}`);
  }
  return lines;
}

function targetsSection(key: string, names: readonly string[], grants: ReadonlyMap<string, GeneratedGrant[]>): string[] {
  const lines = [`${key}:`];
  for (const name of names) {
    lines.push(`  ${name}:`, '    teams:');
    for (const g of grants.get(name) ?? []) {
      if (!g.desired) continue;
      lines.push(`      ${g.team}: ${g.desired.kind === 'level' ? g.desired.level : g.desired.role}`);
    }
  }
  return lines;
}

/** The desired-state YAML; `maxRemovals` lifts the removal guard so the apply bench is never refused. */
export function desiredYaml(org: GeneratedOrganization, maxRemovals: number): string {
  if (org.spec.managedBy === 'sets') return setsYaml(org.spec.organization, maxRemovals);
  const byTarget = new Map<string, GeneratedGrant[]>();
  for (const g of org.grants) {
    const key = `${g.resource}/${g.target}`;
    const list = byTarget.get(key);
    if (list) list.push(g);
    else byTarget.set(key, [g]);
  }
  const on = (resource: Resource): Map<string, GeneratedGrant[]> =>
    new Map([...byTarget].filter(([k]) => k.startsWith(`${resource}/`)).map(([k, v]) => [k.slice(resource.length + 1), v]));
  return [
    `organization: ${org.spec.organization}`,
    'settings:',
    `  max-removals: ${maxRemovals}`,
    ...rolesSection(),
    ...targetsSection('projects', org.projects, on('team-projects')),
    ...targetsSection(
      'workspaces',
      org.workspaces.map((w) => w.name),
      on('team-workspaces'),
    ),
    '',
  ].join('\n');
}

/** A second file of the same organization managing every team with no setting (`name: {}`): it exists, nothing else is said. */
export function teamsYaml(org: GeneratedOrganization): string {
  return [`organization: ${org.spec.organization}`, 'teams:', ...org.teams.map((t) => `  ${t.name}: {}`), ''].join('\n');
}
