// Conformance of the people answers (docs/api.md, "People"): for each membership, user, account and
// team-membership sample beside the clone (../shared/api/samples/teams), the emulator's answer of
// the same request has the same keys and nesting, and the docs' request bodies are taken verbatim
// (their ids pinned in the seed). The docs' samples are the seed profile's (no `email` on a
// membership); the reconstructed ones, which carry it as the clients read it, the current profile's.
// Read where the folder exists, never copied into the project.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { withSamples } from '../support/samples.js';
import { ADMIN, type Client, client, MEDIA, type Reply } from './helpers.js';
import { shapeDiff } from './shape.js';

const SAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/api/samples/teams');
const sample = (name: string): any => JSON.parse(readFileSync(resolve(SAMPLES, name), 'utf8'));

// The ids the docs' request samples name.
const SAMPLE_TEAM = 'team-GeLZkdnK6xAVjA5H';
function seed(profile: ProfileName): SeedDocument {
  return {
    profile,
    organizations: [
      {
        name: 'my-organization',
        token: 'org-token',
        teams: [
          { name: 'samples', id: SAMPLE_TEAM, tokens: ['samples-token'] },
          { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
        ],
        people: [
          { email: 'one@example.com', username: 'myuser1', id: 'ou-nX7inDHhmC3quYgy', teams: ['samples'] },
          { email: 'two@example.com', username: 'myuser2', id: 'ou-tTJph1AQVK5ZmdND', teams: ['samples'] },
          { email: 'invited-user@example.com', id: 'ou-x1E2eBwYwusLDC7h', status: 'invited', teams: ['samples'] },
        ],
      },
    ],
  };
}

// The emulator's page-size beside the docs' pagination keys; its users' v2-only, a key of the user and account samples.
const PAGE_SIZE = 'meta.pagination.page-size';
const V2_ONLY = 'included[].attributes.v2-only';
const del = (api: Client, path: string, body: unknown): Promise<Reply> =>
  api.raw(path, { method: 'DELETE', headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': MEDIA }, body: JSON.stringify(body) });

interface Case {
  readonly sample: string;
  readonly request: (api: Client) => Promise<Reply>;
  readonly status: number;
  /** The part of the answer and of the sample compared (default: the whole). */
  readonly part?: (document: any) => unknown;
  readonly allowExtra?: readonly string[];
}

const SHARED: Case[] = [
  {
    sample: 'organization-memberships-create.response.json',
    status: 201,
    request: (api) => api.post('/organizations/my-organization/organization-memberships', sample('organization-memberships-create.request.json')),
    // The current profile's membership carries `email`, as the clients read it.
    allowExtra: [V2_ONLY, 'data.attributes.email'],
  },
  {
    sample: 'error-400-team-members-not-org-member.RECONSTRUCTED.response.json',
    status: 400,
    request: (api) => api.post(`/teams/${SAMPLE_TEAM}/relationships/users`, { data: [{ type: 'users', id: 'nobody' }] }),
  },
  {
    sample: 'error-403-scim-linked-team-membership.RECONSTRUCTED.response.json',
    status: 403,
    request: (api) => api.post('/teams/team-scim/relationships/organization-memberships', sample('team-memberships-add-org-memberships.request.json')),
  },
  {
    sample: 'account-details.response.json',
    status: 200,
    request: (api) => api.get('/account/details'),
    allowExtra: ['data.attributes.two-factor', 'data.attributes.permissions.can-manage-user-tokens'],
  },
  {
    sample: 'account-details.team-token.RECONSTRUCTED.response.json',
    status: 200,
    request: (api) => api.get('/account/details', 'samples-token'),
    allowExtra: ['data.attributes.two-factor', 'data.attributes.permissions.can-manage-user-tokens'],
  },
  {
    sample: 'account-details.organization-token.RECONSTRUCTED.response.json',
    status: 200,
    request: (api) => api.get('/account/details', 'org-token'),
    allowExtra: ['data.attributes.two-factor', 'data.attributes.permissions.can-manage-user-tokens'],
  },
  {
    sample: 'users-show.response.json',
    status: 200,
    request: (api) => api.get('/organization-memberships/ou-nX7inDHhmC3quYgy?include=user'),
    part: (d) => (d.included ? { data: d.included[0] } : d),
    allowExtra: ['data.attributes.two-factor', 'data.attributes.email', 'data.attributes.permissions.can-manage-user-tokens'],
  },
  {
    sample: 'teams-show.include-users.RECONSTRUCTED.response.json',
    status: 200,
    request: (api) => api.get(`/teams/${SAMPLE_TEAM}?include=users`),
    part: (d) => ({ relationships: d.data.relationships, included: d.included }),
    allowExtra: ['included[].attributes.two-factor', 'included[].attributes.permissions.can-manage-user-tokens'],
  },
];

const BY_PROFILE: Record<ProfileName, Case[]> = {
  seed: [
    {
      sample: 'organization-memberships-list.response.json',
      status: 200,
      request: (api) => api.get('/organizations/my-organization/organization-memberships'),
      allowExtra: [PAGE_SIZE],
    },
    { sample: 'organization-memberships-show.response.json', status: 200, request: (api) => api.get('/organization-memberships/ou-tTJph1AQVK5ZmdND') },
  ],
  current: [
    {
      sample: 'organization-memberships-show.include-user.RECONSTRUCTED.response.json',
      status: 200,
      request: (api) => api.get('/organization-memberships/ou-tTJph1AQVK5ZmdND?include=user'),
      allowExtra: [V2_ONLY],
    },
    {
      sample: 'team-relationships-organization-memberships-list.RECONSTRUCTED.response.json',
      status: 200,
      request: (api) => api.get(`/teams/${SAMPLE_TEAM}/relationships/organization-memberships?page%5Bsize%5D=100`),
      allowExtra: [PAGE_SIZE],
    },
    {
      sample: 'teams-show.include-organization-memberships.RECONSTRUCTED.response.json',
      status: 200,
      request: (api) => api.get(`/teams/${SAMPLE_TEAM}?include=organization-memberships`),
      part: (d) => ({ relationships: d.data.relationships, included: d.included }),
    },
  ],
};

withSamples({ samples: SAMPLES, title: 'people conformance with ../shared/api/samples/teams', what: 'people conformance', answers: 'people answers' }, () => {
  describe.each(['seed', 'current'] as const)('people conformance with ../shared/api/samples/teams, %s profile', (profile) => {
    let emu: RunningEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ seed: seed(profile), rateLimit: 0 });
    });
    afterAll(() => emu.stop());
    const cases = [...SHARED, ...BY_PROFILE[profile]];
    it.each(cases.map((c) => [c.sample, c] as const))('%s: same keys and nesting', async (_name, c) => {
      const reply = await c.request(client(emu));
      expect(reply.status).toBe(c.status);
      const part = c.part ?? ((d: unknown) => d);
      expect(shapeDiff(part(sample(c.sample)), part(reply.body), { allowExtra: c.allowExtra ?? [] })).toEqual([]);
    });

    it("the docs' request bodies of the four team-membership writes are taken verbatim: 204 each", async () => {
      const api = client(emu);
      const users = `/teams/${SAMPLE_TEAM}/relationships/users`;
      const memberships = `/teams/${SAMPLE_TEAM}/relationships/organization-memberships`;
      expect((await del(api, users, sample('team-memberships-remove-users.request.json'))).status).toBe(204);
      expect((await api.post(users, sample('team-memberships-add-users.request.json'))).status).toBe(204);
      expect((await del(api, memberships, sample('team-memberships-remove-org-memberships.request.json'))).status).toBe(204);
      expect((await api.post(memberships, sample('team-memberships-add-org-memberships.request.json'))).status).toBe(204);
    });
  });
});
