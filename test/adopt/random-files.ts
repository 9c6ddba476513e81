// Random desired-state files and a random live state over one small organization, for adopt's
// property test: entries in two files, a set, roles, comments, anchors and aliases, blank lines,
// keys quoted three ways, block and flow maps; live grants drawn apart from the files, so every
// kind of drift shows up. From one seed, reproducibly.
import { IMPLIED, type Resource } from '../../src/core/access.js';
import type { LiveGrant, LiveState, LiveTarget, Project, ReportedAccess, Workspace } from '../../src/core/model.js';
import type { OrganizationRead } from '../../src/core/organization.js';
import { customAccess } from '../../src/core/permissions.js';
import { mulberry32, type Random } from '../../src/emulator/prng.js';
import { team, teamId } from '../support/states.js';

const TEAMS = ['owners', 'dev', 'ops', 'sre', 'audit', 'ci'];
const GRANTED = TEAMS.slice(1);
const PROJECTS: Project[] = [{ id: 'prj-platform', name: 'platform' }];
const WORKSPACES: Workspace[] = [
  { id: 'ws-api', name: 'api-prod', projectId: 'prj-platform', tags: { names: ['prod'] } },
  { id: 'ws-web', name: 'web-prod', projectId: 'prj-platform', tags: { names: ['prod'] } },
  { id: 'ws-dev', name: 'web-dev', projectId: 'prj-platform', tags: { names: [] } },
  { id: 'ws-etl', name: 'etl dev', projectId: 'prj-platform', tags: { names: ['data'] } },
];

const PLANNER = { runs: 'plan', 'state-versions': 'read-outputs' };
const CUSTOM = { runs: 'apply', variables: 'read' };

/** A workspace grant as the file writes it and as live reports it. */
const WORKSPACE_GRANTS: { text: string; live: ReportedAccess }[] = [
  ...(['read', 'plan', 'write', 'admin'] as const).map((l) => ({ text: l, live: { access: l, permissions: IMPLIED['team-workspaces'][l] ?? {} } })),
  { text: 'planner', live: customAccess('team-workspaces', PLANNER) },
  { text: '{ access: custom, runs: apply, variables: read }', live: customAccess('team-workspaces', CUSTOM) },
  { text: '{ role: planner }', live: customAccess('team-workspaces', PLANNER) },
];
const PROJECT_GRANTS: { text: string; live: ReportedAccess }[] = (['read', 'write', 'maintain', 'admin'] as const).map((l) => ({
  text: l,
  live: { access: l, permissions: IMPLIED['team-projects'][l] ?? {} },
}));
/** Live has these too: custom vectors no role of the files names. */
const LIVE_ONLY: ReportedAccess[] = [customAccess('team-workspaces', { runs: 'apply', 'workspace-locking': true }), customAccess('team-workspaces', {})];

export interface RandomWorld {
  readonly files: { path: string; text: string }[];
  readonly org: OrganizationRead;
  readonly live: LiveState;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const chance = (random: Random, p: number): boolean => random() < p;

function quoted(random: Random, name: string): string {
  if (name.includes(' ')) return chance(random, 0.5) ? `"${name}"` : `'${name}'`;
  return pick(random, [name, name, `"${name}"`, `'${name}'`]);
}

const comment = (random: Random): string => (chance(random, 0.3) ? pick(random, ['  # reviewed', '   # why: on call', ' # TODO']) : '');

/** The teams of an entry or set: each granted team drawn in or not, as block lines or one flow map. */
function teamsBlock(random: Random, indent: string, grants: { text: string }[], anchors: Map<string, string>): string {
  const chosen = GRANTED.filter(() => chance(random, 0.55));
  const values = chosen.map((t) => {
    const g = pick(random, grants);
    // A level written once with an anchor, and later by its alias.
    const alias = anchors.get(g.text);
    if (alias && chance(random, 0.5)) return [t, `*${alias}`] as const;
    if (!alias && /^[a-z]+$/.test(g.text) && chance(random, 0.3)) {
      const name = `lvl${anchors.size}`;
      anchors.set(g.text, name);
      return [t, `&${name} ${g.text}`] as const;
    }
    return [t, g.text] as const;
  });
  if (values.length === 0) return ' {}\n';
  if (chance(random, 0.2) && values.every(([, v]) => !v.startsWith('{'))) return ` { ${values.map(([t, v]) => `${t}: ${v}`).join(', ')} }\n`;
  return `\n${values.map(([t, v]) => `${indent}${quoted(random, t)}: ${v}${comment(random)}\n`).join('')}`;
}

function fileTexts(random: Random): string[] {
  // An anchor is its file's own: each file names its anchors afresh.
  const byFile = [new Map<string, string>(), new Map<string, string>()];
  const anchors = byFile[0] as Map<string, string>;
  const blank = () => (chance(random, 0.3) ? '\n' : '');
  let first = `# access of acme${comment(random)}\norganization: acme\n${blank()}`;
  const prune = pick(random, [undefined, true, false]);
  if (prune !== undefined) first += `settings:\n  prune: ${prune}\n${blank()}`;
  first += 'roles:\n  workspace:\n    planner: { runs: plan, state-versions: read-outputs }\n';
  if (chance(random, 0.6)) {
    first += `${blank()}workspace-sets:\n  prod:${comment(random)}\n    match: { tags: [prod] }\n`;
    const setPrune = pick(random, [undefined, true, false]);
    if (setPrune !== undefined) first += `    prune: ${setPrune}\n`;
    first += `    teams:${teamsBlock(random, '      ', WORKSPACE_GRANTS.slice(0, 5), anchors)}`;
  }
  if (chance(random, 0.6)) first += `${blank()}projects:\n  platform:\n    teams:${teamsBlock(random, '      ', PROJECT_GRANTS, anchors)}`;
  const texts = [first, 'organization: acme\n'];
  const entries: string[][] = [[], []];
  for (const w of WORKSPACES) {
    if (!chance(random, 0.7)) continue;
    const into = chance(random, 0.7) ? 0 : 1;
    const own = chance(random, 0.2) ? `    prune: ${pick(random, [true, false])}\n` : '';
    (entries[into] as string[]).push(
      `${blank()}  ${quoted(random, w.name)}:${comment(random)}\n${own}    teams:${teamsBlock(random, '      ', WORKSPACE_GRANTS, byFile[into] as Map<string, string>)}`,
    );
  }
  return texts.map((t, i) => ((entries[i] as string[]).length > 0 ? `${t}${blank()}workspaces:\n${(entries[i] as string[]).join('')}` : t));
}

function liveGrants(random: Random, resource: Resource, targetId: string, grants: readonly ReportedAccess[]): LiveGrant[] {
  return TEAMS.filter(() => chance(random, 0.4)).map((name) => ({
    id: `${resource === 'team-projects' ? 'tprj' : 'tws'}-${targetId}-${name}`,
    resource,
    teamId: teamId(name),
    targetId,
    access: pick(random, grants),
    extra: {},
  }));
}

export function randomWorld(seed: number): RandomWorld {
  const random = mulberry32(seed);
  const texts = fileTexts(random);
  const files = texts.map((text, i) => ({ path: i === 0 ? 'access.yaml' : 'more/workspaces.yaml', text })).filter((f) => f.text !== 'organization: acme\n');
  const teams = TEAMS.map((n) => team(n));
  const workspaceLive = [...WORKSPACE_GRANTS.map((g) => g.live), ...LIVE_ONLY];
  const targets: LiveTarget[] = [
    ...PROJECTS.map((p) => ({
      type: 'project' as const,
      id: p.id,
      name: p.name,
      grants: liveGrants(
        random,
        'team-projects',
        p.id,
        PROJECT_GRANTS.map((g) => g.live),
      ),
    })),
    ...WORKSPACES.map((w) => ({
      type: 'workspace' as const,
      id: w.id,
      name: w.name,
      projectId: 'prj-platform',
      grants: liveGrants(random, 'team-workspaces', w.id, workspaceLive),
    })),
  ];
  const org: OrganizationRead = {
    organization: 'acme',
    teams,
    projects: PROJECTS,
    workspaces: WORKSPACES,
    allWorkspaces: true,
    pinned: [],
    catalog: { projects: PROJECTS, workspaces: WORKSPACES, complete: true, keyValueTags: false },
  };
  return { files, org, live: { organization: 'acme', teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(targets.map((t) => [t.id, t])) } };
}
