// Workspace tags in the emulator (docs/api.md, "Workspace tags"): tag-names on create and in seeds,
// key-value tags (tag bindings, a project's inherited) in the current profile, the include that
// lists them, and the workspace list's filters.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { client } from './helpers.js';

const seed = (profile: 'seed' | 'current'): SeedDocument => ({
  profile,
  organizations: [
    {
      name: 'acme',
      teams: [{ name: 'owners', id: 'team-owners' }],
      projects: [
        { name: 'platform', id: 'prj-platform1', ...(profile === 'current' ? { 'tag-bindings': { 'cost-center': '42' } } : {}) },
        { name: 'data', id: 'prj-data1' },
      ],
      workspaces: [
        {
          name: 'api-prod',
          id: 'ws-apiprod',
          project: 'platform',
          'tag-names': ['prod', 'team:api'],
          ...(profile === 'current' ? { 'tag-bindings': { env: 'prod' } } : {}),
        },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data', 'tag-names': ['prod'] },
      ],
    },
  ],
});

let running: RunningEmulator | undefined;
afterEach(() => running?.stop());
async function start(profile: 'seed' | 'current') {
  running = await startEmulator({ seed: seed(profile), rateLimit: 0 });
  return client(running);
}
const names = (reply: { body: any }): string[] => reply.body.data.map((r: any) => r.attributes.name).sort();
const LIST = '/organizations/acme/workspaces';

describe('workspace tags', () => {
  it('tag-names from the seed and on create are in the workspace documents', async () => {
    const api = await start('seed');
    expect((await api.get('/workspaces/ws-apiprod')).body.data.attributes['tag-names']).toEqual(['prod', 'team:api']);
    const created = await api.post(LIST, { data: { type: 'workspaces', attributes: { name: 'web-prod', 'tag-names': ['prod', 'web'] } } });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes['tag-names']).toEqual(['prod', 'web']);
    const listed = (await api.get(LIST)).body.data.find((w: any) => w.attributes.name === 'web-prod');
    expect(listed.attributes['tag-names']).toEqual(['prod', 'web']);
    const bad = await api.post(LIST, { data: { type: 'workspaces', attributes: { name: 'x', 'tag-names': ['has space'] } } });
    expect(bad.status).toBe(422);
  });

  it('filters the list by flat tags, excluded tags, a wildcard name and a project', async () => {
    const api = await start('seed');
    expect(names(await api.get(`${LIST}?search%5Btags%5D=prod`))).toEqual(['api-prod', 'etl-prod']);
    expect(names(await api.get(`${LIST}?search%5Btags%5D=prod,team:api`))).toEqual(['api-prod']);
    expect(names(await api.get(`${LIST}?search%5Bexclude-tags%5D=prod`))).toEqual(['api-dev']);
    expect(names(await api.get(`${LIST}?search%5Bwildcard-name%5D=*-prod`))).toEqual(['api-prod', 'etl-prod']);
    expect(names(await api.get(`${LIST}?search%5Bwildcard-name%5D=api-*`))).toEqual(['api-dev', 'api-prod']);
    expect(names(await api.get(`${LIST}?filter%5Bproject%5D%5Bid%5D=prj-data1`))).toEqual(['etl-prod']);
  });

  it("current profile: key-value tags, the project's inherited, listed with include=effective_tag_bindings and filterable", async () => {
    const api = await start('current');
    const reply = await api.get(`${LIST}?include=effective_tag_bindings&filter%5Bproject%5D%5Bid%5D=prj-platform1`);
    expect(reply.status).toBe(200);
    const byName = new Map<string, any>(reply.body.data.map((w: any) => [w.attributes.name, w]));
    const included = new Map<string, any>(reply.body.included.map((i: any) => [i.id, i]));
    const bindingsOf = (name: string) => byName.get(name).relationships['effective-tag-bindings'].data.map((ref: any) => included.get(ref.id).attributes);
    expect(bindingsOf('api-prod')).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'cost-center', value: '42' },
    ]);
    expect(bindingsOf('api-dev')).toEqual([{ key: 'cost-center', value: '42' }]);
    // without the include, the relationship carries links only
    const plain = (await api.get(LIST)).body.data[0].relationships['effective-tag-bindings'];
    expect(plain.data).toBeUndefined();
    expect(names(await api.get(`${LIST}?filter%5Btagged%5D%5B0%5D%5Bkey%5D=cost-center&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=42`))).toEqual([
      'api-dev',
      'api-prod',
    ]);
    expect(names(await api.get(`${LIST}?filter%5Btagged%5D%5B0%5D%5Bkey%5D=env`))).toEqual(['api-prod']);
    const created = await api.post(LIST, {
      data: {
        type: 'workspaces',
        attributes: { name: 'web' },
        relationships: { 'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'env', value: 'staging' } }] } },
      },
    });
    expect(created.status).toBe(201);
    expect(names(await api.get(`${LIST}?filter%5Btagged%5D%5B0%5D%5Bkey%5D=env&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=staging`))).toEqual(['web']);
  });

  it('seed profile: the include is refused with 400, as by a release without key-value tags, and seed key-value tags are refused', async () => {
    const api = await start('seed');
    const reply = await api.get(`${LIST}?include=effective_tag_bindings`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].title).toMatch(/include/i);
    const withBindings: SeedDocument = { organizations: [{ name: 'acme', workspaces: [{ name: 'x', 'tag-bindings': { env: 'prod' } }] }] };
    await expect(startEmulator({ seed: withBindings, rateLimit: 0 })).rejects.toThrow(
      /organizations\[0\]\.workspaces\[0\]\.tag-bindings: key-value tags exist in the current profile only/,
    );
  });
});
