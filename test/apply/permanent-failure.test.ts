// Issue 36, finding 2 and Build 8: apply says "run apply again" only for failures another run can
// fix (a lost answer, a 5xx, a 429, a stop); a permanent one (a 422 "Name has already been taken",
// another 4xx refusal of the write for what it is) is named, with what to fix, and so are the
// changes that needed it (the grants of a team whose create was refused).

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { applyChanges } from '../../src/apply/executor.js';
import type { GrantApi } from '../../src/apply/ports.js';
import type { Change } from '../../src/core/plan.js';
import type { TeamApi } from '../../src/core/team-write.js';
import { pendingTeamId, type TeamChange } from '../../src/core/teams.js';
import { renderApplyJson } from '../../src/render/apply/apply-json.js';
import { applySummary } from '../../src/render/apply/apply-text.js';
import { applySchema } from '../../src/render/schemas/apply-schema.js';
import { memberPlan } from '../people/world.js';

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(applySchema());

function apiFailingCreate(error: Error): GrantApi & TeamApi {
  return {
    listGrants: async () => [],
    addGrant: async () => undefined,
    updateGrant: async () => undefined,
    removeGrant: async () => 'removed' as const,
    createTeam: async () => {
      throw error;
    },
    updateTeam: async (id) => ({ id, name: id, visibility: 'organization', organizationAccess: {} }),
    deleteTeam: async () => 'removed' as const,
  };
}

const target = { type: 'project' as const, name: 'platform', id: 'prj-1' };
const grants: Change[] = [
  { action: 'add', resource: 'team-projects', team: { name: 'security', id: pendingTeamId('security') }, target, after: { access: 'admin' } },
];
const teamChanges: TeamChange[] = [{ action: 'create', name: 'security', fields: [] }];
const TAKEN = new RemoteError('POST', '/organizations/acme/teams', 422, [{ status: '422', title: 'invalid attribute', detail: 'Name has already been taken' }]);

async function reportFor(error: Error) {
  const api = apiFailingCreate(error);
  return applyChanges(grants, api, { concurrency: 1, teams: { changes: teamChanges, api, organization: 'acme' } });
}

describe("apply's closing line after failures", () => {
  it('finding 2: a 422 "Name has already been taken" is permanent: named with what to fix, never "run apply again"', async () => {
    const report = await reportFor(TAKEN);
    expect(report.teamOutcomes?.[0]).toMatchObject({ status: 'failed', permanent: true });
    // The grant of the team never created fails with it, for good too.
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', permanent: true, reason: 'not applied: team "security" was not created' });
    const line = applySummary(report, 'acme');
    expect(line).not.toContain('run apply again');
    expect(line).not.toContain('converges');
    expect(line).toContain('2 failed for good');
    expect(line).toContain('team security (create): Request failed with status 422');
    expect(line).toContain('Name has already been taken');
    expect(line).toContain('team security on project platform: not applied: team "security" was not created');
    expect(line).toMatch(/fix .* then plan again/i);
    // In JSON too, each failure says it, and the document keeps to its schema.
    const json = JSON.parse(renderApplyJson({ kind: 'applied', plan: memberPlan(), report })) as Record<string, unknown>;
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toMatchObject({ team_outcomes: [{ status: 'failed', permanent: true }], outcomes: [{ status: 'failed', permanent: true }] });
  });

  it('a 503 or a lost answer is one another run can fix: "run apply again"', async () => {
    for (const error of [new RemoteError('POST', '/organizations/acme/teams', 503), new RemoteError('POST', '/organizations/acme/teams', 429)]) {
      const report = await reportFor(error);
      expect(report.teamOutcomes?.[0]?.permanent).toBeUndefined();
      const line = applySummary(report, 'acme');
      expect(line).toContain('run apply again; it converges from any state');
      expect(line).not.toContain('for good');
    }
  });
});
