// A file of sets only, through validate and plan (issue 24, finding 8): what validate says the file
// manages agrees with what plan then does.
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'sets-only-token';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'auditors'].map((name) => ({ name, id: `team-${name}`, visibility: 'organization' as const })),
      projects: [
        { name: 'platform', id: 'prj-platform1' },
        { name: 'data', id: 'prj-data1' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data', 'tag-names': ['prod'] },
      ],
    },
  ],
};

// sre on the two prod workspaces, auditors on the two of platform and the project itself: 5 grants.
const SETS_ONLY = `organization: acme
workspace-sets:
  prod:
    match: { tags: [prod] }
    teams: { sre: admin }
  platform:
    match: { projects: [platform] }
    teams: { auditors: read }
project-sets:
  platform:
    match: { names: [platform] }
    teams: { auditors: read }
`;

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-sets-only-', files: { 'access.yaml': SETS_ONLY } });

describe('regression: `validate` of a sets-only file says "no targets managed" and `plan` then adds 5 grants', () => {
  it('validate counts the sets and says their targets are read by plan; plan adds the 5 grants', async () => {
    const validate = await runCli(['validate', 'access.yaml'], { cwd: world.dir });
    expect(validate).toEqual({
      code: 0,
      out: 'valid: 1 file, organization "acme": 3 sets (their targets are known once plan reads the organization), 3 grants.\n',
      err: '',
    });
    const json = JSON.parse((await runCli(['validate', 'access.yaml', '--format', 'json'], { cwd: world.dir })).out) as { manages: unknown };
    expect(json.manages).toEqual({ projects: 0, workspaces: 0, sets: 3, grants: 3, policies: 0 });
    const plan = await runCli(['plan', 'access.yaml'], { cwd: world.dir, env: world.env });
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('Plan for acme: 5 to add, 0 to change, 0 to remove.');
  });
});
