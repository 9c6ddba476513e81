// Conformance: for each request a sample in ../shared/api/samples/ documents, the emulator's answer has
// the same keys and nesting (values and ids aside). The samples are read where the folder exists (it
// does in CI, beside the clone) and never copied into the project; without it, a test says so.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { withSamples } from '../support/samples.js';
import { type Client, client, projectGrantBody, type Reply, withEmulator, workspaceGrantBody } from './helpers.js';
import { type ShapeOptions, shapeDiff } from './shape.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = resolve(REPO_ROOT, '../shared/api/samples');

function sample(name: string): any {
  return JSON.parse(readFileSync(resolve(SAMPLES, name), 'utf8'));
}

/** Replaces every `id` of a relationship's data by the one the emulator's seed has. */
function withIds(request: any, ids: Record<string, string>): any {
  const copy = structuredClone(request);
  for (const [name, id] of Object.entries(ids)) {
    if (name === 'id') copy.data.id = id;
    else copy.data.relationships[name].data.id = id;
  }
  return copy;
}

/** The flags of the team-show sample that the docs' stale teams-list sample leaves out (docs/api.md, "Teams"). */
const LIST_SAMPLE_LACKS = ['manage-providers', 'manage-modules', 'manage-membership', 'manage-teams', 'manage-organization-access'];

interface Case {
  readonly sample: string;
  readonly request: (api: Client) => Promise<Reply>;
  readonly status: number;
  readonly options?: ShapeOptions;
}

const CASES: Case[] = [
  {
    sample: 'team-projects-create.response.json',
    status: 200,
    request: (api) => api.post('/team-projects', withIds(sample('team-projects-create.request.json'), { project: 'prj-other', team: 'team-sre' })),
  },
  { sample: 'team-projects-list.response.json', status: 200, request: (api) => api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform') },
  { sample: 'team-projects-show.response.json', status: 200, request: (api) => api.get('/team-projects/tprj-dev') },
  {
    sample: 'team-projects-update.response.json',
    status: 200,
    request: (api) => api.patch('/team-projects/tprj-vault', withIds(sample('team-projects-update.request.json'), { id: 'tprj-vault' })),
  },
  {
    sample: 'team-workspaces-create.response.json',
    status: 200,
    request: (api) => api.post('/team-workspaces', withIds(sample('team-workspaces-create.request.json'), { workspace: 'ws-net', team: 'team-sre' })),
  },
  { sample: 'team-workspaces-list.response.json', status: 200, request: (api) => api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone') },
  { sample: 'team-workspaces-show.response.json', status: 200, request: (api) => api.get('/team-workspaces/tws-vault') },
  {
    sample: 'team-workspaces-update.response.json',
    status: 200,
    request: (api) => api.patch('/team-workspaces/tws-vault', sample('team-workspaces-update.request.json')),
  },
  // The docs' teams list sample shows only `data`; the real list is paginated (docs/api.md, "Name resolution"). It
  // also shows fewer flags than the show sample: a stale sample, the list carries every flag (docs/api.md, "Teams").
  {
    sample: 'teams-list.response.json',
    status: 200,
    request: (api) => api.get('/organizations/acme/teams'),
    options: { allowExtra: ['links', 'meta', ...LIST_SAMPLE_LACKS.map((flag) => `data[].attributes.organization-access.${flag}`)] },
  },
  { sample: 'team-show.response.json', status: 200, request: (api) => api.get('/teams/team-dev') },
  { sample: 'projects-list.response.json', status: 200, request: (api) => api.get('/organizations/acme/projects') },
  { sample: 'project-show.response.json', status: 200, request: (api) => api.get('/projects/prj-platform') },
  { sample: 'workspace-show.response.json', status: 200, request: (api) => api.get('/workspaces/ws-net') },
  { sample: 'workspace-show.response.json', status: 200, request: (api) => api.get('/organizations/acme/workspaces/networking-prod') },
  { sample: 'workspaces-list.response.json', status: 200, request: (api) => api.get('/organizations/acme/workspaces') },
  // The docs' envelope example lacks `page-size`, which the seed's envelope and every list sample have.
  {
    sample: 'pagination-envelope.example.json',
    status: 200,
    request: (api) => api.get('/organizations/acme/workspaces?page%5Bsize%5D=1'),
    options: { allowExtra: ['meta.pagination.page-size'] },
  },
  { sample: 'error-401.response.json', status: 401, request: (api) => api.get('/team-projects/tprj-dev', null) },
  { sample: 'error-404.response.json', status: 404, request: (api) => api.get('/team-projects/tprj-nope') },
  {
    sample: 'error-422-name-taken.response.json',
    status: 422,
    request: (api) => api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'sre' } } }),
  },
  {
    sample: 'error-422-readonly-permission.RECONSTRUCTED.response.json',
    status: 422,
    request: (api) => api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'read', runs: 'apply' })),
  },
  {
    sample: 'error-422-team-already-has-access.RECONSTRUCTED.response.json',
    status: 422,
    request: (api) => api.post('/team-projects', projectGrantBody('prj-platform', 'team-dev', { access: 'read' })),
  },
];

/** Samples that document no answer of the emulator, each with the reason. */
const NOT_ANSWERS: Record<string, string> = {
  'credentials.tfrc.json': 'a client-side credentials file',
  'openapi-excerpt.go-tfe-v2-spec.json': 'a specification excerpt, not an answer',
  'error-403-move-workspaces.response.json': 'moving workspaces between projects is outside the emulated API',
  'team-projects-create.request.json': 'sent as the request of the team-projects create case',
  'team-projects-update.request.json': 'sent as the request of the team-projects update case',
  'team-workspaces-create.request.json': 'sent as the request of the team-workspaces create case',
  'team-workspaces-update.request.json': 'sent as the request of the team-workspaces update case',
  'implied-permissions.derived.json': 'values, checked by the implied-permissions test below',
  'error-429-rate-limit.response.json': 'checked by the rate-limit case below',
};

withSamples({ samples: SAMPLES, title: 'conformance with ../shared/api/samples', what: 'conformance', answers: 'answers' }, () => {
  describe('conformance with ../shared/api/samples', () => {
    let emu: RunningEmulator;
    let api: Client;
    beforeAll(async () => {
      emu = await withEmulator();
      api = client(emu);
    });
    afterAll(() => emu.stop());

    it('every sample is either compared with an answer or listed as not an answer, with the reason', () => {
      const compared = new Set(CASES.map((c) => c.sample));
      const unclassified = readdirSync(SAMPLES).filter((f) => f.endsWith('.json') && !compared.has(f) && !(f in NOT_ANSWERS));
      expect(unclassified).toEqual([]);
    });

    it.each(CASES.map((c, i) => [`${i + 1}. ${c.sample}`, c] as const))('%s: same keys and nesting', async (_name, c) => {
      const reply = await c.request(api);
      expect(reply.status).toBe(c.status);
      expect(shapeDiff(sample(c.sample), reply.body, c.options)).toEqual([]);
    });

    it('error-429-rate-limit.response.json: the 429 body is the sample, numeric status included', async () => {
      emu.setRateLimit(1);
      const replies = await Promise.all(Array.from({ length: 4 }, () => api.get('/team-projects/tprj-dev')));
      emu.setRateLimit(0);
      const limited = replies.find((r) => r.status === 429);
      expect(limited?.body).toEqual(sample('error-429-rate-limit.response.json'));
    });

    it('implied-permissions.derived.json: fixed levels report these values, custom without attributes the defaults', async () => {
      const table = sample('implied-permissions.derived.json');
      const teams = ['team-owners', 'team-padmin', 'team-dev', 'team-obs', 'team-vault', 'team-sre', 'team-mgr'];
      for (const resource of ['team-projects', 'team-workspaces'] as const) {
        const levels = Object.keys(table[resource]);
        for (const [i, level] of levels.entries()) {
          const access = level === 'custom-defaults' ? 'custom' : level;
          const team = teams[i]!;
          const body = resource === 'team-projects' ? projectGrantBody('prj-other', team, { access }) : workspaceGrantBody('ws-net', team, { access });
          const created = await api.post(`/${resource}`, body);
          expect(created.status, `${resource} ${level} ${team}`).toBe(200);
          const shown = await api.get(`/${resource}/${created.body.data.id}`);
          expect({ level, ...shown.body.data.attributes }).toEqual({ level, access, ...table[resource][level] });
        }
      }
    });
  });
});
