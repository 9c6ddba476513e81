import { describe, expect, it } from 'vitest';
import type { DesiredSet, SetMatch, Workspace } from '../core/model.js';
import { hasTag, parseTag, projectMatches, workspaceMatches } from './match.js';

const set = (match: SetMatch, type: DesiredSet['type'] = 'workspace'): DesiredSet => ({ type, name: 's', match, prune: false, grants: [] });
const projects = new Map([
  ['prj-platform', 'platform'],
  ['prj-data', 'data'],
]);
const ws = (name: string, projectId: string | undefined, names: string[] = [], bindings?: { key: string; value: string }[]): Workspace => ({
  id: `ws-${name}`,
  name,
  ...(projectId ? { projectId } : {}),
  tags: { names, ...(bindings ? { bindings } : {}) },
});

describe('parseTag and hasTag', () => {
  it('splits key:value at the first colon; a bare word is a key', () => {
    expect(parseTag('cost-center:42')).toEqual({ text: 'cost-center:42', key: 'cost-center', value: '42' });
    expect(parseTag('a:b:c')).toEqual({ text: 'a:b:c', key: 'a', value: 'b:c' });
    expect(parseTag('prod')).toEqual({ text: 'prod', key: 'prod' });
  });

  it('key:value is a key-value tag or a flat tag written so; a bare word a flat tag or any value of the key', () => {
    const bindings = [{ key: 'env', value: 'prod' }];
    expect(hasTag([], bindings, parseTag('env:prod'))).toBe(true);
    expect(hasTag([], bindings, parseTag('env:dev'))).toBe(false);
    expect(hasTag(['env:dev'], [], parseTag('env:dev'))).toBe(true);
    expect(hasTag([], bindings, parseTag('env'))).toBe(true);
    expect(hasTag(['prod'], [], parseTag('prod'))).toBe(true);
    expect(hasTag(['production'], [], parseTag('prod'))).toBe(false);
    expect(hasTag([], [{ key: 'owner', value: '' }], parseTag('owner:'))).toBe(true);
  });
});

describe('workspaceMatches', () => {
  it('every criterion given must hold', () => {
    const prodSre = set({ projects: ['platform', 'data'], tags: ['prod', 'cost-center:42'], names: ['*-prod', 'net-*'], exclude: ['legacy-*'] });
    const tags = ['prod'];
    const cc = [{ key: 'cost-center', value: '42' }];
    expect(workspaceMatches(prodSre, ws('api-prod', 'prj-platform', tags, cc), projects)).toBe(true);
    expect(workspaceMatches(prodSre, ws('net-core', 'prj-data', tags, cc), projects)).toBe(true);
    // each criterion failing on its own
    expect(workspaceMatches(prodSre, ws('api-prod', 'prj-other', tags, cc), projects)).toBe(false);
    expect(workspaceMatches(prodSre, ws('api-prod', undefined, tags, cc), projects)).toBe(false);
    expect(workspaceMatches(prodSre, ws('api-prod', 'prj-platform', [], cc), projects)).toBe(false);
    expect(workspaceMatches(prodSre, ws('api-prod', 'prj-platform', tags, [{ key: 'cost-center', value: '7' }]), projects)).toBe(false);
    expect(workspaceMatches(prodSre, ws('api-staging', 'prj-platform', tags, cc), projects)).toBe(false);
    expect(workspaceMatches(prodSre, ws('legacy-prod', 'prj-platform', tags, cc), projects)).toBe(false);
  });

  it('names alone, exclude over names; a workspace without reported tags has none', () => {
    expect(workspaceMatches(set({ names: ['*'] }), { id: 'ws-1', name: 'x' }, projects)).toBe(true);
    expect(workspaceMatches(set({ names: ['*'], exclude: ['x'] }), { id: 'ws-1', name: 'x' }, projects)).toBe(false);
    expect(workspaceMatches(set({ tags: ['prod'] }), { id: 'ws-1', name: 'x' }, projects)).toBe(false);
  });

  it('projects match by name, exactly', () => {
    expect(workspaceMatches(set({ projects: ['Platform'] }), ws('a', 'prj-platform'), projects)).toBe(false);
    expect(workspaceMatches(set({ projects: ['platform'] }), ws('a', 'prj-platform'), projects)).toBe(true);
  });
});

describe('projectMatches', () => {
  it('names and exclude', () => {
    const every = set({ names: ['*'], exclude: ['sandbox'] }, 'project');
    expect(projectMatches(every, { id: 'prj-1', name: 'platform' })).toBe(true);
    expect(projectMatches(every, { id: 'prj-2', name: 'sandbox' })).toBe(false);
  });
});
