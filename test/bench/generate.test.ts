// The scenario generator: deterministic, with both kinds of grants, secret teams and organization
// permissions, and differences that the pure core plans exactly as counted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desiredYaml, domainOf, generateOrganization, type OrganizationSpec, seedOf, teamsYaml } from '../../bench/generate/index.js';
import { BENCH_ROLES } from '../../bench/generate/roles.js';
import { LEVELS, RESOURCES } from '../../src/core/access.js';
import { compareAccess } from '../../src/diff/normalise.js';
import { buildPlan } from '../../src/diff/plan.js';
import { loadDesiredState } from '../../src/pipeline/disk/desired-state.js';
import { access } from '../support/states.js';

const SPEC: OrganizationSpec = {
  organization: 'gen',
  projects: 20,
  workspaces: 120,
  teams: 60,
  teamsPerProject: 3,
  teamsPerWorkspace: 4,
  customShare: 0.3,
  secretShare: 0.2,
  organizationAccessShare: 0.1,
  addShare: 0.05,
  updateShare: 0.05,
  removeShare: 0.05,
  seed: 7,
};

describe('generateOrganization', () => {
  it('gives the same organization for the same seed and another for another seed', () => {
    expect(generateOrganization(SPEC)).toEqual(generateOrganization(SPEC));
    expect(generateOrganization({ ...SPEC, seed: 8 }).grants).not.toEqual(generateOrganization(SPEC).grants);
  });

  it('has fixed and custom grants, secret teams and teams with organization permissions', () => {
    const org = generateOrganization(SPEC);
    expect(org.grants).toHaveLength(20 * 3 + 120 * 4);
    expect(org.grants.some((g) => g.live?.kind === 'role')).toBe(true);
    expect(org.grants.some((g) => g.live?.kind === 'level')).toBe(true);
    expect(org.teams.some((t) => t.secret)).toBe(true);
    expect(org.teams.some((t) => Object.keys(t.organizationAccess).length > 0)).toBe(true);
  });

  it('plans, through the pure core, exactly the differences it counted', () => {
    const org = generateOrganization(SPEC);
    const { desired, live } = domainOf(org, 1000);
    expect(buildPlan(desired, live).summary).toEqual(org.expected);
    expect(org.expected.add + org.expected.update + org.expected.remove).toBeGreaterThan(0);
  });

  it('writes a desired-state file that validates and a seed with every live grant', async () => {
    const org = generateOrganization(SPEC);
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-gen-'));
    try {
      writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1000));
      const loaded = await loadDesiredState([dir], dir);
      expect(loaded.problems).toEqual([]);
      expect(loaded.state?.targets).toHaveLength(20 + 120);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const seeded = seedOf(org).organizations[0];
    const liveGrants = org.grants.filter((g) => g.live).length;
    expect((seeded?.['team-projects']?.length ?? 0) + (seeded?.['team-workspaces']?.length ?? 0)).toBe(liveGrants);
  });

  it('writes a teams: file beside it that validates and manages every team of the seed, and nothing else', async () => {
    const org = generateOrganization(SPEC);
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-gen-teams-'));
    try {
      writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1000));
      writeFileSync(join(dir, 'teams.yaml'), teamsYaml(org));
      const loaded = await loadDesiredState([dir], dir);
      expect(loaded.problems).toEqual([]);
      const teams = loaded.state?.teams ?? [];
      expect(teams.map((t) => t.name).sort()).toEqual(org.teams.map((t) => t.name).sort());
      expect(teams).toHaveLength(60);
      // Managed, nothing said: no setting, no flag, no rename.
      for (const team of teams)
        expect([team.visibility, team.ssoTeamId, team.allowMemberTokenManagement, team.organizationAccess, team.previously.length]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
          0,
        ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(seedOf(org).organizations[0]?.teams?.map((t) => t.name)).toEqual(expect.arrayContaining(org.teams.map((t) => t.name)));
  });
});

describe('BENCH_ROLES', () => {
  it('differ from every fixed level and from each other, so a changed access is always an update', () => {
    for (const resource of RESOURCES) {
      const pool = [
        ...LEVELS[resource].filter((l) => l !== 'custom').map((level) => access(resource, level)),
        ...Object.values(BENCH_ROLES[resource]).map((p) => access(resource, 'custom', p as Record<string, string | boolean>)),
      ];
      for (const [i, a] of pool.entries()) {
        for (const [j, b] of pool.entries()) if (i !== j) expect(compareAccess(resource, a, b)).toBe('different');
      }
    }
  });
});
