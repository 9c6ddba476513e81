// `report --by person` end to end against the emulator, both profiles (docs/effective-access.md,
// "People"): the report's organization (test/report/seed.ts) with people; the JSON valid against
// its schema, the CSV read by a CSV parser (one row per person, target and access), a typo in
// --person one line with a near miss, and what it costs: the report by team's requests and one
// membership list's pages, no request more.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument, SeedPerson } from '../../src/emulator/types.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';

const PEOPLE: SeedPerson[] = [
  { email: 'ana@example.com', teams: ['developers', 'sre'], id: 'ou-ana' },
  { email: 'bo@example.com', teams: ['auditors'], id: 'ou-bo' },
  { email: 'cy@vendor.example', status: 'invited', teams: ['developers'], id: 'ou-cy' },
  { email: 'robot@example.com', 'service-account': true, teams: ['ops'] },
  { username: 'hc-support', hidden: true, teams: ['owners'] },
];

/** The report's seed with people, and `extra` more active ones in no team (to fill pages). */
function seedOf(profile: ProfileName, extra = 0): SeedDocument {
  const [org] = SEED.organizations;
  const filler = Array.from({ length: extra }, (_, i): SeedPerson => ({ email: `p${String(i).padStart(3, '0')}@example.com` }));
  return { profile, organizations: [{ ...org!, people: [...PEOPLE, ...filler] }] };
}

describe.each(PROFILE_NAMES)('report --by person against the %s profile', (profile) => {
  let emulator: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: seedOf(profile), rateLimit: 0 });
    env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'acme' };
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  it('json: every person with their teams and access through them, valid against the schema; service accounts and hidden members counted', async () => {
    const run = await runCli(['report', '--by', 'person', '--format', 'json'], { env });
    expect(run.code, run.err).toBe(0);
    const document = JSON.parse(run.out) as {
      people: {
        email: string;
        status: string;
        teams: { name: string }[];
        access: { target: { name: string }; access: string; through: { team: { name: string } }[] }[];
      }[];
      people_left_out: Record<string, number>;
    };
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const byEmail = new Map(document.people.map((p) => [p.email, p]));
    expect(byEmail.get('ana@example.com')?.teams.map((t) => t.name)).toEqual(['developers', 'sre']);
    // sre: manage-projects and manage-workspaces: admin on every project and workspace.
    expect(byEmail.get('ana@example.com')?.access.every((a) => a.access === 'admin')).toBe(true);
    const lake = byEmail.get('bo@example.com')?.access.find((a) => a.target.name === 'lake');
    expect(lake).toMatchObject({ access: 'plan', through: [{ team: { name: 'auditors' } }] });
    expect(byEmail.get('cy@vendor.example')).toMatchObject({ status: 'invited', teams: [{ name: 'developers' }], access: [] });
    expect([...byEmail.keys()].some((e) => e.startsWith('robot') || e.startsWith('api-team'))).toBe(false);
    expect(document.people_left_out).toMatchObject({ service_accounts: 1, hidden: 1 });
  });

  it('csv, read by a CSV parser: one row per person, target and access', async () => {
    const run = await runCli(['report', '--by', 'person', '--format', 'csv'], { env });
    expect(run.code, run.err).toBe(0);
    const rows = parse(run.out, { columns: true }) as Record<string, string>[];
    const pairs = rows.map((r) => `${r.person}\u0000${r.target_type}\u0000${r.target}`);
    expect(new Set(pairs).size).toBe(rows.length);
    expect(rows.filter((r) => r.person === 'bo@example.com').map((r) => `${r.target_type} ${r.target}: ${r.access}`)).toEqual([
      'project data: custom',
      'workspace lake: plan',
      'workspace networking-dev: read',
      'workspace networking-prod: read',
      'workspace sandbox: read',
      // Issue 37: the power bo holds through auditors is a row of its own.
      'organization read-workspaces: power',
    ]);
    expect(rows.find((r) => r.person === 'cy@vendor.example')).toMatchObject({ status: 'invited', access: 'pending', teams: 'developers' });
  });

  it('--person: found whatever its case; a typo one line with a near miss', async () => {
    const found = await runCli(['report', '--person', 'ANA@example.com', '--workspace', 'lake'], { env });
    expect(found.code, found.err).toBe(0);
    expect(found.out).toContain('person ana@example.com');
    expect(found.out).not.toContain('bo@example.com');
    const typo = await runCli(['report', '--person', 'ana@exmaple.com'], { env });
    expect(typo.code).toBe(1);
    expect(typo.err.trim()).toBe(
      'tfe-access report: person "ana@exmaple.com" in organization "acme": not found, or the token may not see it. Did you mean "ana@example.com"?',
    );
  });
});

describe('what reading people costs a report', () => {
  let emulator: RunningEmulator;
  afterAll(async () => {
    await emulator?.stop();
  });

  it('by person: the requests of the report by team and one membership list, every page (150 people: 2 pages of 100)', async () => {
    emulator = await startEmulator({ seed: seedOf('seed', 150), rateLimit: 0 });
    const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'acme' };
    const kinds = (from: number): string[] => emulator.requests.slice(from).map((r) => `${r.method} ${r.path}`);
    const byTeam = await runCli(['report', '--format', 'json'], { env });
    expect(byTeam.code, byTeam.err).toBe(0);
    const teamRequests = kinds(0);
    expect(teamRequests.filter((k) => k.includes('organization-memberships'))).toEqual([]);
    const before = emulator.requests.length;
    const byPerson = await runCli(['report', '--by', 'person', '--format', 'json'], { env });
    expect(byPerson.code, byPerson.err).toBe(0);
    const personRequests = kinds(before);
    const memberships = personRequests.filter((k) => k.includes('organization-memberships'));
    expect(memberships).toEqual(['GET /api/v2/organizations/acme/organization-memberships', 'GET /api/v2/organizations/acme/organization-memberships']);
    expect(personRequests.filter((k) => !k.includes('organization-memberships')).sort()).toEqual([...teamRequests].sort());
    expect((JSON.parse(byPerson.out) as { people: unknown[] }).people.length).toBeGreaterThanOrEqual(153);
  });
});
