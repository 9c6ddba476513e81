// One run lists a target's grants at most once (issue 25, item 1): the plan's read, the projects a
// read by team reads for its blind spots, the policies' read and the effective changes' read share
// the run's lists (the reads held once, src/core/run-reads.ts). Here their selections overlap on purpose: a policy over
// every workspace and every project, a change on a managed project (its unmanaged workspaces) and a
// change on a managed workspace whose project the files do not manage. Counted in the emulator's
// request log, whatever way the grants are read and whoever reads them.
import { describe, expect, it } from 'vitest';
import type { ReadBy } from '../../src/core/model.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { planFolder } from '../support/plan-folder.js';
import { emulatorAndFolder, tokenEnv } from '../support/world.js';

const OWNER_TOKEN = 'listed-once-org-token';
/** A team's token that reads every workspace but is no owner: a read by team reads the projects of its blind spots too. */
const READER_TOKEN = 'listed-once-reader-token';

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: OWNER_TOKEN,
      teams: [
        { name: 'readers', id: 'team-readers', tokens: [READER_TOKEN], 'organization-access': { 'read-workspaces': true, 'read-projects': true } },
        ...['sre', 'dev', 'ops', 'auditors'].map((name) => ({ name, id: `team-${name}` })),
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'data', id: 'prj-data' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform' },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform' },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data' },
        { name: 'etl-dev', id: 'ws-etldev', project: 'data' },
      ],
      'team-projects': [
        { team: 'auditors', project: 'platform', access: 'read' },
        { team: 'ops', project: 'data', access: 'read' },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin' },
        { team: 'dev', workspace: 'api-dev', access: 'write' },
        { team: 'dev', workspace: 'etl-prod', access: 'write' },
        { team: 'ops', workspace: 'etl-dev', access: 'read' },
      ],
    },
  ],
};

// Changes: dev added on project platform (reaches the unmanaged api-dev); dev write -> admin on
// etl-prod (its project, data, is not managed). The policies select every workspace and project.
const FILES = `organization: acme
projects:
  platform:
    teams: { auditors: read, dev: read }
workspaces:
  api-prod:
    teams: { sre: admin }
  etl-prod:
    teams: { dev: admin }
policies:
  - name: any workspace
    workspaces: { names: ["*"] }
    max-access: admin
  - name: any project
    projects: { names: ["*"] }
    max-access: admin
`;

const world = emulatorAndFolder({ seed: SEED, token: OWNER_TOKEN, prefix: 'tfe-access-listed-once-', files: { 'tfe-access.yaml': FILES }, per: 'file' });

const FILTERS = { '/api/v2/team-projects': 'filter[project][id]', '/api/v2/team-workspaces': 'filter[workspace][id]' } as const;

/** How many times each target's grant list was started (its first page asked for), by target id. */
function listsByTarget(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of world.emulator.requests) {
    const filter = FILTERS[request.path as keyof typeof FILTERS];
    const query = new URLSearchParams(request.query);
    const id = filter === undefined ? null : query.get(filter);
    if (id === null || query.get('page[number]') !== '1') continue;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function planAs(token: string, readBy: ReadBy) {
  world.emulator.resetLog();
  const result = await planFolder(world.dir, tokenEnv(world.emulator.url, token), { readBy, effectiveChanges: true });
  return { plan: result.plan, lists: listsByTarget() };
}

describe('a plan with policies and effective changes whose selections overlap the managed targets', () => {
  it.each([
    ['the owners token, read by target', OWNER_TOKEN, 'target'],
    ['the owners token, read by team', OWNER_TOKEN, 'team'],
    ['a reader that is no owner, read by team (its blind spots read by target)', READER_TOKEN, 'team'],
  ] as const)('lists each target at most once: %s', async (_name, token, readBy) => {
    const { plan, lists } = await planAs(token, readBy);
    expect(plan.read?.strategy).toBe(readBy === 'team' ? 'by-team' : 'by-target');
    // The overlaps are there: both contexts needed more than the plan's own targets.
    expect(plan.effectiveChanges?.length).toBeGreaterThan(0);
    expect(plan.summary).toEqual({ add: 1, update: 1, remove: 0 });
    expect(lists.get('prj-data')).toBe(1);
    if (readBy === 'target') expect(lists.get('ws-apidev')).toBe(1);
    expect([...lists].filter(([, n]) => n > 1)).toEqual([]);
  });
});
