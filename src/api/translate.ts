// THE translation module between JSON:API documents and the domain objects of src/core/model.ts.
// Nothing outside src/api knows about `data`, `attributes`, `relationships` or kebab-case keys.
// Every reader takes `unknown` and either returns a well-formed domain object or throws a
// WireFormatError naming what is wrong and where; it never guesses.
import type { LiveGrant, Project, Team, Workspace } from '../core/model.js';
import { type ApiErrorObject, errorObjectsFrom } from './errors/error-objects.js';
import { WireFormatError } from './errors/wire-format-error.js';
import { isObject, ObjectReader } from './json.js';
import { grantFromResource } from './translate-grant.js';
import { bindingsOfList, tagNamesOf } from './translate-tags.js';
import { teamOf } from './translate-team.js';

/** The pagination a list answer reported (docs/api.md, "Pagination"); absent on unpaginated answers. */
export interface PageInfo {
  readonly currentPage: number;
  readonly nextPage: number | null;
  readonly totalPages: number;
  readonly totalCount: number;
}

export interface ListPage<T> {
  readonly items: T[];
  readonly page?: PageInfo;
}

type ResourceReader<T> = (value: unknown, path: string, context: string) => T;

function expectType(reader: ObjectReader, type: string): void {
  const actual = reader.string('type');
  if (actual !== type) throw reader.error(`${reader.at('type')} is "${actual}", expected "${type}"`);
}

export function teamFromResource(value: unknown, path: string, context: string): Team {
  const reader = ObjectReader.of(value, path, context);
  expectType(reader, 'teams');
  return teamOf(reader);
}

export function projectFromResource(value: unknown, path: string, context: string): Project {
  const reader = ObjectReader.of(value, path, context);
  expectType(reader, 'projects');
  const attributes = reader.object('attributes');
  // docs/api.md, "Workspace tags": what listing the project's workspaces costs; an estimate only, so a value that is not a count is left out.
  const count = attributes.value['workspace-count'];
  const workspaceCount = typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? { workspaceCount: count } : {};
  return { id: reader.string('id'), name: attributes.string('name'), ...workspaceCount };
}

export function workspaceFromResource(value: unknown, path: string, context: string): Workspace {
  const reader = ObjectReader.of(value, path, context);
  expectType(reader, 'workspaces');
  const attributes = reader.object('attributes');
  const name = attributes.string('name');
  // docs/api.md, "Name resolution": the project is `relationships.project.data.id`.
  const project = reader.optionalObject('relationships').optionalObject('project').optionalObject('data');
  const projectId = project.optionalString('id');
  const names = tagNamesOf(attributes);
  return { id: reader.string('id'), name, ...(projectId ? { projectId } : {}), ...(names ? { tags: { names } } : {}) };
}

/** An organization of `GET /organizations`: its id is its name (docs/api.md, "Name resolution"). */
export function organizationFromResource(value: unknown, path: string, context: string): { readonly id: string; readonly name: string } {
  const reader = ObjectReader.of(value, path, context);
  expectType(reader, 'organizations');
  return { id: reader.string('id'), name: reader.object('attributes').optionalString('name') ?? reader.string('id') };
}

/** A `links.next` that names a page: the answer is paginated whatever its `meta` says. */
function hasNextLink(document: ObjectReader): boolean {
  const links = document.value.links;
  return isObject(links) && typeof links.next === 'string' && links.next !== '';
}

export function pageInfoFrom(document: ObjectReader): PageInfo | undefined {
  const meta = document.value.meta;
  // Read as "unpaginated, everything at once" only when nothing says otherwise: a `meta` that is
  // not an object, or a next link without `meta.pagination`, is a list cut short, never the whole.
  if (meta !== undefined && meta !== null && !isObject(meta)) throw document.error('meta is not an object');
  if (!isObject(meta) || meta.pagination === undefined || meta.pagination === null) {
    if (hasNextLink(document)) throw document.error('links.next names another page, but meta.pagination is missing');
    return undefined;
  }
  const pagination = ObjectReader.of(meta.pagination, 'meta.pagination', document.context);
  const integer = (key: string, nullable: boolean): number | null => {
    const value = pagination.value[key];
    if (nullable && (value === null || value === undefined)) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw pagination.error(`${pagination.at(key)} is not a non-negative integer`);
    return value;
  };
  return {
    currentPage: integer('current-page', false) as number,
    nextPage: integer('next-page', true),
    totalPages: integer('total-pages', false) as number,
    totalCount: integer('total-count', false) as number,
  };
}

function listOf<T>(read: ResourceReader<T>): (body: unknown, context: string) => ListPage<T> {
  return (body, context) => {
    const document = ObjectReader.of(body, '', context);
    const items = document.array('data').map((item, i) => read(item, `data[${i}]`, context));
    const page = pageInfoFrom(document);
    return page ? { items, page } : { items };
  };
}

function oneOf<T>(read: ResourceReader<T>): (body: unknown, context: string) => T {
  return (body, context) => read(ObjectReader.of(body, '', context).object('data').value, 'data', context);
}

export const organizationsFromList = listOf(organizationFromResource);
export const teamsFromList = listOf(teamFromResource);
export const projectsFromList = listOf(projectFromResource);
export const workspacesFromList = listOf(workspaceFromResource);

/** A workspace list asked with `include=effective_tag_bindings`: each workspace with its key-value tags where they came. */
export function workspacesWithTagsFromList(body: unknown, context: string): ListPage<Workspace> {
  const page = workspacesFromList(body, context);
  const bindings = bindingsOfList(body, context);
  const items = page.items.map((workspace, i) => {
    const found = bindings[i];
    return found === undefined ? workspace : { ...workspace, tags: { names: workspace.tags?.names ?? [], bindings: found } };
  });
  return page.page ? { items, page: page.page } : { items };
}
export const grantsFromList = listOf<LiveGrant>(grantFromResource);
export const teamFromDocument = oneOf(teamFromResource);
export const projectFromDocument = oneOf(projectFromResource);
export const workspaceFromDocument = oneOf(workspaceFromResource);
export const grantFromDocument = oneOf<LiveGrant>(grantFromResource);

/** The error objects of an error answer; a body that is not an error document is a WireFormatError. */
export function errorsFromDocument(body: unknown, context: string): ApiErrorObject[] {
  const errors = errorObjectsFrom(body);
  if (!errors) throw new WireFormatError(context, 'the body is not a JSON:API error document (no `errors` array)');
  return errors;
}
