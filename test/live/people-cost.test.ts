// The cost of reading people (issue 27; docs/api.md, "People"): the membership of an organization of
// 200 teams and 1,000 people (some invited, some service accounts, some in 40 teams, ten team tokens'
// service users, two hidden members of owners), read by `readPeople` after the team list, takes the
// pages of the organization-membership list and of the team list and nothing more (the bound allows 5
// requests beside them), and reads every person with their teams. Counts, never time; both profiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePeople, MEMBERS_SPEC, membersBound, pagesOf } from '../../bench/generate/people.js';
import { BENCH_TOKEN } from '../../bench/generate/seed.js';
import { TfeClient } from '../../src/api/client.js';
import type { Team } from '../../src/core/model.js';
import type { LivePeople } from '../../src/core/person.js';
import { PROFILE_NAMES } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { readPeople } from '../../src/live/people.js';

const ORG = MEMBERS_SPEC.organization;
const generated = generatePeople(MEMBERS_SPEC);
// The seed's people, the admin user (the organization's creator) and the service user of each team token.
const MEMBERSHIPS = MEMBERS_SPEC.people + 1 + MEMBERS_SPEC.teamTokens;
const TEAMS = MEMBERS_SPEC.teams + 1; // and owners

describe.each(PROFILE_NAMES.map((p) => [p] as const))('reading the people of 200 teams and 1,000 people, %s profile', (profile) => {
  let emu: RunningEmulator;
  let teams: Team[];
  let read: LivePeople;
  const requests = { teams: [] as string[], people: [] as string[] };
  beforeAll(async () => {
    emu = await startEmulator({ seed: { ...generated.seed, profile }, rateLimit: 0 });
    const client = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token: BENCH_TOKEN, rateLimit: 1000 });
    try {
      const logged = () => emu.requests.map((r) => `${r.method} ${r.path.replace('/api/v2', '')} ${r.status}`);
      emu.resetLog();
      teams = await client.listTeams(ORG);
      requests.teams = logged();
      emu.resetLog();
      read = await readPeople(client, ORG, teams);
      requests.people = logged();
    } finally {
      await client.close();
    }
  });
  afterAll(() => emu.stop());

  it('exactly the pages of the two lists: 3 of teams, 11 of memberships; within the bound of their pages and 5', () => {
    expect(pagesOf(TEAMS)).toBe(3);
    expect(pagesOf(MEMBERSHIPS)).toBe(11);
    expect(requests.teams).toEqual(Array(3).fill(`GET /organizations/${ORG}/teams 200`));
    expect(requests.people).toEqual(Array(11).fill(`GET /organizations/${ORG}/organization-memberships 200`));
    expect(requests.teams.length + requests.people.length).toBeLessThanOrEqual(membersBound(MEMBERSHIPS, TEAMS));
  });

  it('every person, with the teams their membership lists (an invitee the teams to join), the counts of the list', () => {
    const byEmail = new Map(read.people.map((p) => [p.email, p]));
    expect(read.people).toHaveLength(MEMBERSHIPS);
    for (const [email, teamIds] of generated.teamsByEmail) {
      const person = byEmail.get(email);
      expect(person, email).toBeDefined();
      expect([...(person?.teamIds ?? [])].sort(), email).toEqual([...teamIds].sort());
    }
    expect(read.statusCounts).toEqual({ total: MEMBERSHIPS, active: MEMBERSHIPS - generated.invitedEmails.size, invited: generated.invitedEmails.size });
  });

  it("invitees invited with username null; service accounts flagged, the team tokens' service users among them", () => {
    for (const person of read.people) {
      expect(person.status === 'invited', person.email).toBe(generated.invitedEmails.has(person.email));
      if (person.status === 'invited') expect(person.username).toBeNull();
    }
    const service = read.people.filter((p) => p.serviceAccount);
    expect(service.filter((p) => generated.serviceEmails.has(p.email))).toHaveLength(generated.serviceEmails.size);
    const tokenUsers = service.filter((p) => p.username?.startsWith('api-team_'));
    expect(tokenUsers.map((p) => p.teamIds).sort()).toEqual(Array.from({ length: MEMBERS_SPEC.teamTokens }, (_, i) => [`team-${i}`]).sort());
  });

  it("the hidden members of owners, found from the team list's members with no request more", () => {
    const owners = teams.find((t) => t.name === 'owners');
    expect(owners).toBeDefined();
    expect(read.hidden.get(owners?.id ?? '')).toHaveLength(MEMBERS_SPEC.hidden);
    expect([...read.hidden.keys()]).toEqual([owners?.id]);
  });
});
