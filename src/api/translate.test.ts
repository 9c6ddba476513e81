import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { customAccess } from '../core/permissions.js';
import { WireFormatError } from './errors/wire-format-error.js';
import {
  errorsFromDocument,
  grantFromDocument,
  grantsFromList,
  projectFromDocument,
  projectsFromList,
  teamFromDocument,
  teamsFromList,
  workspaceFromDocument,
  workspacesFromList,
} from './translate.js';
import { attributesOf, createGrantBody, updateGrantBody } from './translate-body.js';

// ../shared/api/samples from the repository root: reference material beside the clone, not part of it.
const SAMPLES = fileURLToPath(new URL('../../../shared/api/samples/', import.meta.url));

function readerFor(file: string): ((body: unknown) => unknown) | undefined {
  const c = file;
  if (file.startsWith('error-')) return (b) => errorsFromDocument(b, c);
  const table: [RegExp, (body: unknown, context: string) => unknown][] = [
    [/^team-(projects|workspaces)-list\./, grantsFromList],
    [/^team-(projects|workspaces)-(show|create|update)\./, grantFromDocument],
    [/^teams-list\./, teamsFromList],
    [/^team-show\./, teamFromDocument],
    [/^projects-list\./, projectsFromList],
    [/^project-show\./, projectFromDocument],
    [/^workspaces-list\./, workspacesFromList],
    [/^workspace-show\./, workspaceFromDocument],
  ];
  const hit = table.find(([pattern]) => pattern.test(file));
  return hit ? (b) => hit[1](b, c) : undefined;
}

function sample(name: string): unknown {
  return JSON.parse(readFileSync(`${SAMPLES}${name}`, 'utf8'));
}

if (existsSync(SAMPLES)) {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.response.json'))
    .sort();
  describe('every *.response.json of ../shared/api/samples parses', () => {
    it('finds the samples', () => expect(files.length).toBeGreaterThan(10));
    it.each(files)('%s', (file) => {
      const read = readerFor(file);
      expect(read, `no reader for ${file}`).toBeDefined();
      const parsed = read!(sample(file));
      if (file.startsWith('error-')) {
        expect(Array.isArray(parsed) && parsed.length > 0 && typeof parsed[0].status === 'string').toBe(true);
      } else {
        expect(parsed).toBeTypeOf('object');
      }
    });
  });

  describe('sample details', () => {
    it('reads nested project permissions as dotted keys, and a missing key as not reported', () => {
      const grant = grantFromDocument(sample('team-projects-create.response.json'), 'test');
      expect(grant).toMatchObject({
        id: 'tprj-WbG7p5KnT7S7HZqw',
        resource: 'team-projects',
        teamId: 'team-xMGyoUhKmTkTzmAy',
        targetId: 'prj-ckZoJwdERaWcFHwi',
      });
      expect(grant.access.access).toBe('read');
      expect(grant.access.permissions['project-access.settings']).toBe('read');
      expect(grant.access.permissions['workspace-access.locking']).toBe(false);
      expect('workspace-access.delete' in grant.access.permissions).toBe(false);
    });
    it('reads flat workspace permissions', () => {
      const { items, page } = grantsFromList(sample('team-workspaces-list.response.json'), 'test');
      expect(page).toBeUndefined();
      expect(items[0]!.access).toEqual({
        access: 'custom',
        permissions: { runs: 'apply', variables: 'none', 'state-versions': 'none', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
      });
    });
    it('reads the 429 body with its numeric status as a string', () => {
      expect(errorsFromDocument(sample('error-429-rate-limit.response.json'), 'test')[0]).toMatchObject({ status: '429', title: 'Too many requests' });
    });
    it('reads teams with organization access and visibility, workspaces with their project', () => {
      const team = teamFromDocument(sample('team-show.response.json'), 'test');
      expect(team).toMatchObject({ id: 'team-6p5jTwJQXwqZBncC', visibility: 'organization' });
      expect(team.organizationAccess['manage-projects']).toBe(false);
      expect(team.organizationAccess['manage-policies']).toBe(true);
      const ws = workspaceFromDocument(sample('workspace-show.response.json'), 'test');
      // The sample's `tag-names` is empty: flat tags read, none.
      expect(ws).toEqual({ id: 'ws-6jrRyVDv1J8zQMB5', name: 'workspace-1', projectId: 'prj-hjy7ndEkmCtn31ps', tags: { names: [] } });
      expect(projectsFromList(sample('projects-list.response.json'), 'test').page).toMatchObject({ totalCount: 2, nextPage: null });
    });
  });
} else {
  describe('../shared/api/samples', () => {
    it('is absent beside this clone: the sample-parsing tests did not run', () => {
      console.warn(`tfe-access: ${SAMPLES} not found; the sample-parsing tests did not run.`);
      expect(existsSync(SAMPLES)).toBe(false);
    });
  });
}

const grantResource = (attributes: unknown, type = 'team-projects') => ({
  data: {
    id: 'tprj-1',
    type,
    attributes,
    relationships: { team: { data: { id: 'team-1', type: 'teams' } }, project: { data: { id: 'prj-1', type: 'projects' } } },
  },
});

describe('grants the tables do not fully know', () => {
  it('keeps unknown attributes in extra and never in the permissions', () => {
    const grant = grantFromDocument(
      grantResource({
        access: 'custom',
        'project-access': { settings: 'read', 'state-files': 'write' },
        'workspace-access': { runs: 'plan', 'cost-estimates': true, future: { x: 1 } },
      }),
      'test',
    );
    expect(grant.access.permissions).toEqual({ 'project-access.settings': 'read', 'workspace-access.runs': 'plan' });
    expect(grant.extra).toEqual({ 'project-access.state-files': 'write', 'workspace-access.cost-estimates': true });
  });
  it('reads the newer permissions the tables know (variable-sets, policy-overrides) into the permissions, checked like the others', () => {
    const grant = grantFromDocument(
      grantResource({ access: 'custom', 'project-access': { 'variable-sets': 'write' }, 'workspace-access': { 'policy-overrides': true } }),
      'test',
    );
    expect(grant.access.permissions).toEqual({ 'project-access.variable-sets': 'write', 'workspace-access.policy-overrides': true });
    expect(grant.extra).toEqual({});
    expect(() => grantFromDocument(grantResource({ access: 'custom', 'workspace-access': { 'policy-overrides': 'yes' } }), 'test')).toThrow(
      /policy-overrides is the string "yes", expected a boolean/,
    );
    const workspace = grantFromDocument(
      {
        data: {
          ...grantResource({ access: 'write', 'policy-overrides': false }, 'team-workspaces').data,
          relationships: { team: { data: { id: 'team-1', type: 'teams' } }, workspace: { data: { id: 'ws-1', type: 'workspaces' } } },
        },
      },
      'test',
    );
    expect(workspace.access).toEqual({ access: 'write', permissions: { 'policy-overrides': false } });
  });
  it.each([
    ['missing data', {}, /data is missing/],
    ['data not an object', { data: [] }, /data is not an object/],
    ['a wrong type', { data: { ...grantResource({ access: 'read' }).data, type: 'teams' } }, /type is "teams"/],
    ['an unknown level', grantResource({ access: 'owner' }), /"owner", not an access level/],
    [
      'a boolean as a string',
      grantResource({ access: 'custom', 'workspace-access': { locking: 'yes' } }),
      /workspace-access\.locking is the string "yes", expected a boolean/,
    ],
    [
      'a missing relationship',
      { data: { id: 'tprj-1', type: 'team-projects', attributes: { access: 'read' }, relationships: {} } },
      /relationships\.team is missing/,
    ],
  ])('refuses %s with a WireFormatError', (_name, body, message) => {
    expect(() => grantFromDocument(body, 'GET /team-projects/tprj-1')).toThrow(WireFormatError);
    expect(() => grantFromDocument(body, 'GET /team-projects/tprj-1')).toThrow(message);
  });
  it('refuses an error answer that is not an error document', () => {
    expect(() => errorsFromDocument({ data: [] }, 'test')).toThrow(WireFormatError);
    expect(errorsFromDocument({ errors: ['plain text'] }, 'test')).toEqual([{ detail: 'plain text' }]);
  });
});

describe('request bodies', () => {
  it('sends only access for a fixed level', () => {
    expect(attributesOf({ access: 'write' }, 'team-workspaces')).toEqual({ access: 'write' });
  });
  it('sends the full custom set, nested for projects, defaults filled', () => {
    const body = createGrantBody(
      { resource: 'team-projects', teamId: 'team-1', targetId: 'prj-1' },
      customAccess('team-projects', { 'workspace-access.runs': 'apply' }),
    ) as any;
    expect(body.data.type).toBe('team-projects');
    expect(body.data.relationships.project.data).toEqual({ type: 'projects', id: 'prj-1' });
    expect(body.data.attributes['project-access']).toEqual({ settings: 'read', teams: 'none', 'variable-sets': 'none' });
    expect(Object.keys(body.data.attributes['workspace-access'])).toHaveLength(10);
    expect(body.data.attributes['workspace-access'].runs).toBe('apply');
  });
  it('sends flat custom attributes for workspaces on update', () => {
    const body = updateGrantBody('team-workspaces', 'tws-1', customAccess('team-workspaces', { runs: 'plan' })) as any;
    expect(body.data).toMatchObject({ id: 'tws-1', type: 'team-workspaces' });
    expect(body.data.attributes).toEqual({
      access: 'custom',
      runs: 'plan',
      variables: 'none',
      'state-versions': 'none',
      'sentinel-mocks': 'none',
      'workspace-locking': false,
      'run-tasks': false,
      'policy-overrides': false,
    });
  });
});
