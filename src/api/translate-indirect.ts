// Variable sets, agent pools, Stacks and workspaces' sharing and execution on the wire (docs/api.md,
// "Indirect access"): what the reach reads of each, relationships as lists of ids.
import type { AgentPoolRead, ProjectReachRead, StackRead, VarsetRead, WorkspaceReachRead } from '../core/indirect.js';
import type { Project, Workspace } from '../core/model.js';
import { ObjectReader } from './json.js';
import { type ListPage, pageInfoFrom, projectsFromList, workspacesFromList } from './translate.js';

/** The ids of a to-many relationship; absent or without `data`: none. */
function ids(relationships: ObjectReader, name: string): string[] {
  const data = relationships.optionalObject(name).value.data;
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data)) throw relationships.error(`${relationships.at(name)}.data is not an array`);
  return data.map((item, i) => ObjectReader.of(item, `${relationships.at(name)}.data[${i}]`, relationships.context).string('id'));
}

const count = (attributes: ObjectReader, key: string): number | undefined => {
  const value = attributes.value[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
};

const flag = (attributes: ObjectReader, key: string, fallback: boolean): boolean => {
  const value = attributes.value[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw attributes.error(`${attributes.at(key)} is not true or false`);
  return value;
};

function varsetOf(item: unknown, path: string, context: string): VarsetRead {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.optionalObject('attributes');
  const relationships = reader.optionalObject('relationships');
  const parent = relationships.optionalObject('parent').optionalObject('data');
  const workspaceCount = count(attributes, 'workspace-count');
  const projectCount = count(attributes, 'project-count');
  return {
    id: reader.string('id'),
    name: attributes.string('name'),
    global: flag(attributes, 'global', false),
    ...(parent.optionalString('type') === 'projects' ? { parentProjectId: parent.string('id') } : {}),
    workspaceIds: ids(relationships, 'workspaces'),
    projectIds: ids(relationships, 'projects'),
    ...(workspaceCount === undefined ? {} : { workspaceCount }),
    ...(projectCount === undefined ? {} : { projectCount }),
  };
}

function poolOf(item: unknown, path: string, context: string): AgentPoolRead {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.optionalObject('attributes');
  const relationships = reader.optionalObject('relationships');
  return {
    id: reader.string('id'),
    name: attributes.string('name'),
    // The PATCH table's default: true (docs/api.md, "Indirect access").
    organizationScoped: flag(attributes, 'organization-scoped', true),
    allowedWorkspaceIds: ids(relationships, 'allowed-workspaces'),
    allowedProjectIds: ids(relationships, 'allowed-projects'),
    excludedWorkspaceIds: ids(relationships, 'excluded-workspaces'),
  };
}

function stackOf(item: unknown, path: string, context: string): StackRead {
  const reader = ObjectReader.of(item, path, context);
  return {
    id: reader.string('id'),
    name: reader.optionalObject('attributes').string('name'),
    projectId: reader.optionalObject('relationships').optionalObject('project').optionalObject('data').string('id'),
  };
}

function reachOf(item: unknown, path: string, context: string): WorkspaceReachRead {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.optionalObject('attributes');
  const relationships = reader.optionalObject('relationships');
  const pool = relationships.optionalObject('agent-pool').optionalObject('data').optionalString('id');
  const project = relationships.optionalObject('project').optionalObject('data').optionalString('id');
  const own = attributes.optionalObject('setting-overwrites').value['execution-mode'];
  return {
    workspaceId: reader.string('id'),
    name: attributes.string('name'),
    ...(project === undefined ? {} : { projectId: project }),
    executionMode: attributes.optionalString('execution-mode') ?? 'remote',
    ...(pool === undefined ? {} : { agentPoolId: pool }),
    ...(own === false ? { inheritsExecution: true } : {}),
    globalRemoteState: flag(attributes, 'global-remote-state', false),
    projectRemoteState: flag(attributes, 'project-remote-state', false),
  };
}

function projectOf(item: unknown, path: string, context: string): ProjectReachRead {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.optionalObject('attributes');
  const mode = attributes.optionalString('default-execution-mode');
  const pool = reader.optionalObject('relationships').optionalObject('default-agent-pool').optionalObject('data').optionalString('id');
  return {
    id: reader.string('id'),
    name: attributes.string('name'),
    ...(mode === undefined ? {} : { defaultExecutionMode: mode }),
    ...(pool === undefined ? {} : { defaultAgentPoolId: pool }),
  };
}

function pageOf<T>(read: (item: unknown, path: string, context: string) => T) {
  return (body: unknown, context: string): ListPage<T & { id: string }> => {
    const document = ObjectReader.of(body, '', context);
    const items = document.array('data').map((item, i) => {
      const value = read(item, `data[${i}]`, context);
      return { ...value, id: ObjectReader.of(item, `data[${i}]`, context).string('id') };
    });
    const page = pageInfoFrom(document);
    return page ? { items, page } : { items };
  };
}

export const varsetsFromList = pageOf(varsetOf);
export const poolsFromList = pageOf(poolOf);
export const stacksFromList = pageOf(stackOf);
/** The project list read for each project's default execution. */
export const projectReachFromList = pageOf(projectOf);
/** The workspace list read for its sharing and execution. */
export const reachFromList = pageOf(reachOf);
/** A remote-state consumers page: workspaces, by id. */
export const consumersFromList = pageOf((item, path, context) => ({ id: ObjectReader.of(item, path, context).string('id') }));

/** The workspace list once for both: each workspace, and its sharing and execution (the report's list when it reads the edges). */
export function workspacesWithReachFromList(body: unknown, context: string): ListPage<Workspace & { readonly reach: WorkspaceReachRead }> {
  const page = workspacesFromList(body, context);
  const reach = reachFromList(body, context).items;
  const items = page.items.map((workspace, i) => {
    const { id: _id, ...settings } = reach[i] ?? fail(context);
    return { ...workspace, reach: settings };
  });
  return page.page ? { items, page: page.page } : { items };
}

function fail(context: string): never {
  throw new Error(`${context}: the workspace list read twice differs`);
}

/** The project list once for both: each project, and its default execution (the report's list when it reads the edges). */
export function projectsWithReachFromList(body: unknown, context: string): ListPage<Project & { readonly reach: ProjectReachRead }> {
  const page = projectsFromList(body, context);
  const reach = projectReachFromList(body, context).items;
  const items = page.items.map((project, i) => ({ ...project, reach: reach[i] ?? fail(context) }));
  return page.page ? { items, page: page.page } : { items };
}
