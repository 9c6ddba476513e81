// A seed's indirect access (docs/emulator.md, "Seed file"; current profile only): variable sets,
// agent pools and Stacks of an organization, and each workspace's sharing and execution, by name,
// through the same builders as the routes, so a seed breaks no rule the API keeps.
import { CLIError } from '../errors.js';
import { Invalid } from './answers.js';
import { addConsumers, changeReach, createPool, createStack, createVarset } from './indirect-builders.js';
import type { Store } from './state.js';
import type { SeedOrganization, SeedWorkspace } from './types.js';

export const SEED_INDIRECT_ORG_KEYS = ['varsets', 'agent-pools', 'stacks'] as const;
export const SEED_INDIRECT_PROJECT_KEYS = ['default-execution-mode', 'default-agent-pool'] as const;
export const SEED_INDIRECT_WORKSPACE_KEYS = ['global-remote-state', 'project-remote-state', 'remote-state-consumers', 'execution-mode', 'agent-pool'] as const;

function fail(where: string, message: string): never {
  throw new CLIError(`seed: ${where}: ${message}`);
}

/** Runs a builder, its refusal said at `where`. */
function checked<T>(where: string, make: () => T): T {
  try {
    return make();
  } catch (error: unknown) {
    if (error instanceof Invalid) fail(where, error.detail);
    throw error;
  }
}

function namesTo(where: string, names: readonly string[] | undefined, find: (name: string) => { id: string } | undefined, what: string): string[] {
  return (names ?? []).map((name, i) => find(name)?.id ?? fail(`${where}[${i}]`, `no ${what} named "${name}"`));
}

const usesIndirect = (org: SeedOrganization): boolean =>
  SEED_INDIRECT_ORG_KEYS.some((k) => org[k] !== undefined) ||
  (org.workspaces ?? []).some((w) => SEED_INDIRECT_WORKSPACE_KEYS.some((k) => w[k] !== undefined)) ||
  (org.projects ?? []).some((p) => SEED_INDIRECT_PROJECT_KEYS.some((k) => p[k] !== undefined));

/** A project's default execution: a pool of the organization that allows the project, with agent execution only. */
function applyProjectDefaults(store: Store, org: SeedOrganization, where: string): void {
  (org.projects ?? []).forEach((p, i) => {
    const at = `${where}.projects[${i}]`;
    const mode = p['default-execution-mode'];
    if (mode === undefined && p['default-agent-pool'] === undefined) return;
    const project = store.projectByName(org.name, p.name);
    if (!project) return;
    if (mode !== 'agent' && p['default-agent-pool'] !== undefined) fail(`${at}.default-agent-pool`, 'only with default-execution-mode: agent');
    const pool = p['default-agent-pool'] === undefined ? undefined : store.indirect.poolByName(org.name, p['default-agent-pool']);
    if (mode === 'agent' && !pool) fail(`${at}.default-agent-pool`, `no agent pool named "${p['default-agent-pool'] ?? ''}"`);
    if (pool && !store.indirect.poolAllows(pool, '', project.id)) fail(`${at}.default-agent-pool`, `agent pool "${pool.name}" does not allow the project`);
    store.indirect.projectDefaults.set(project.id, { executionMode: mode ?? 'remote', agentPoolId: pool?.id ?? null });
  });
}

function applyWorkspace(store: Store, org: string, w: SeedWorkspace, at: string): void {
  const workspace = store.workspaceByName(org, w.name);
  if (!workspace) return;
  const pool =
    w['agent-pool'] === undefined
      ? undefined
      : (store.indirect.poolByName(org, w['agent-pool'])?.id ?? fail(`${at}.agent-pool`, `no agent pool named "${w['agent-pool']}"`));
  checked(at, () =>
    changeReach(store, workspace.id, {
      ...(w['global-remote-state'] === undefined ? {} : { globalRemoteState: w['global-remote-state'] }),
      ...(w['project-remote-state'] === undefined ? {} : { projectRemoteState: w['project-remote-state'] }),
      ...(w['execution-mode'] === undefined ? {} : { executionMode: w['execution-mode'] }),
      ...(pool === undefined ? {} : { agentPoolId: pool }),
    }),
  );
  const consumers = namesTo(`${at}.remote-state-consumers`, w['remote-state-consumers'], (n) => store.workspaceByName(org, n), 'workspace');
  if (consumers.length > 0) checked(`${at}.remote-state-consumers`, () => addConsumers(store, workspace.id, consumers));
}

/** The organization's variable sets, by the names of their project, workspaces and projects. */
function applyVarsets(store: Store, org: SeedOrganization, where: string): void {
  const project = (name: string) => store.projectByName(org.name, name);
  const workspace = (name: string) => store.workspaceByName(org.name, name);
  (org.varsets ?? []).forEach((v, i) => {
    const at = `${where}.varsets[${i}]`;
    const parent = v.project === undefined ? undefined : (project(v.project)?.id ?? fail(`${at}.project`, `no project named "${v.project}"`));
    checked(at, () =>
      createVarset(store, org.name, {
        name: v.name,
        global: v.global ?? false,
        ...(parent === undefined ? {} : { parentProjectId: parent }),
        workspaceIds: namesTo(`${at}.workspaces`, v.workspaces, workspace, 'workspace'),
        projectIds: namesTo(`${at}.projects`, v.projects, project, 'project'),
        varCount: v['var-count'] ?? 0,
        ...(v.id === undefined ? {} : { id: v.id }),
      }),
    );
  });
}

/** After the organization's projects and workspaces are made. */
export function applySeedIndirect(store: Store, org: SeedOrganization, where: string): void {
  if (!usesIndirect(org)) return;
  if (!store.profile.indirectAccess)
    fail(
      where,
      `variable sets, agent pools, Stacks and workspace sharing exist in the current profile only (this emulator runs the ${store.profile.name} profile; set profile: current)`,
    );
  const project = (name: string) => store.projectByName(org.name, name);
  const workspace = (name: string) => store.workspaceByName(org.name, name);
  applyVarsets(store, org, where);
  (org['agent-pools'] ?? []).forEach((p, i) => {
    const at = `${where}.agent-pools[${i}]`;
    checked(at, () =>
      createPool(store, org.name, {
        name: p.name,
        organizationScoped: p['organization-scoped'] ?? true,
        allowedWorkspaceIds: namesTo(`${at}.allowed-workspaces`, p['allowed-workspaces'], workspace, 'workspace'),
        allowedProjectIds: namesTo(`${at}.allowed-projects`, p['allowed-projects'], project, 'project'),
        excludedWorkspaceIds: namesTo(`${at}.excluded-workspaces`, p['excluded-workspaces'], workspace, 'workspace'),
        ...(p.id === undefined ? {} : { id: p.id }),
      }),
    );
  });
  (org.stacks ?? []).forEach((s, i) => {
    const at = `${where}.stacks[${i}]`;
    const projectId = project(s.project)?.id ?? fail(`${at}.project`, `no project named "${s.project}"`);
    checked(at, () => createStack(store, org.name, s.name, projectId));
  });
  applyProjectDefaults(store, org, where);
  (org.workspaces ?? []).forEach((w, j) => applyWorkspace(store, org.name, w, `${where}.workspaces[${j}]`));
}

const ENTRY_KEYS: Readonly<Record<(typeof SEED_INDIRECT_ORG_KEYS)[number], readonly string[]>> = {
  varsets: ['name', 'id', 'global', 'project', 'workspaces', 'projects', 'var-count'],
  'agent-pools': ['name', 'id', 'organization-scoped', 'allowed-workspaces', 'allowed-projects', 'excluded-workspaces'],
  stacks: ['name', 'project'],
};

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNames = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every((n) => typeof n === 'string' && n !== ''));

/** The shape of an organization's `varsets`, `agent-pools` and `stacks` (parseSeed's check): mappings of known keys, names as strings. */
export function checkSeedIndirect(o: Record<string, unknown>, where: string): void {
  for (const key of SEED_INDIRECT_ORG_KEYS) {
    const list = o[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(`${where}.${key}`, 'must be a list');
    list.forEach((entry: unknown, i) => {
      const at = `${where}.${key}[${i}]`;
      if (!isMapping(entry)) fail(at, 'must be a mapping');
      const unknown = Object.keys(entry).find((k) => !ENTRY_KEYS[key].includes(k));
      if (unknown !== undefined) fail(at, `unknown key "${unknown}" (allowed: ${ENTRY_KEYS[key].join(', ')})`);
      if (typeof entry.name !== 'string' || entry.name === '') fail(`${at}.name`, 'must be a non-empty string');
      const lists = Object.entries(entry).filter(([k]) => k.endsWith('workspaces') || k.endsWith('projects'));
      const bad = lists.find(([, v]) => !isNames(v));
      if (bad) fail(`${at}.${bad[0]}`, 'must be a list of names');
      const flag = ['global', 'organization-scoped'].find((k) => entry[k] !== undefined && typeof entry[k] !== 'boolean');
      if (flag) fail(`${at}.${flag}`, 'must be true or false');
    });
  }
}
