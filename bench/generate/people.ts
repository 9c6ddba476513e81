// An organization of people for the members scenario and its request-count test (issue 27: the
// membership of 200 teams and 1,000 people read in the pages of two lists and a few requests more):
// people active and invited, service accounts, some in many teams, team tokens (each brings its
// service user into its team) and hidden members of owners; with the teams each person must be read
// with.
import type { SeedDocument, SeedPerson } from '../../src/emulator/types.js';
import { BENCH_TOKEN } from './seed.js';

export interface PeopleSpec {
  readonly organization: string;
  readonly teams: number;
  readonly people: number;
  /** One person in this many is invited (in no team yet; the membership lists the teams to join). */
  readonly invitedEvery: number;
  /** One in this many is a service account of the seed's own. */
  readonly serviceEvery: number;
  /** One in this many is in `manyTeams` teams. */
  readonly busyEvery: number;
  readonly manyTeams: number;
  /** The first this many teams have a token, and so a service user among their members. */
  readonly teamTokens: number;
  /** Members of owners that no membership lists. */
  readonly hidden: number;
}

export const MEMBERS_SPEC: PeopleSpec = {
  organization: 'people',
  teams: 200,
  people: 1000,
  invitedEvery: 10,
  serviceEvery: 50,
  busyEvery: 25,
  manyTeams: 40,
  teamTokens: 10,
  hidden: 2,
};

export interface GeneratedPeople {
  readonly seed: SeedDocument;
  /** Each person's email -> the ids of the teams their membership must list (in no order). */
  readonly teamsByEmail: ReadonlyMap<string, readonly string[]>;
  readonly serviceEmails: ReadonlySet<string>;
  readonly invitedEmails: ReadonlySet<string>;
}

export const peopleTeamId = (i: number): string => `team-${i}`;
const teamName = (i: number): string => `team-${String(i).padStart(3, '0')}`;

/** Person p's teams: a busy person's `manyTeams` in a row, anyone else's one to three. */
function teamsOf(spec: PeopleSpec, p: number): number[] {
  const count = p % spec.busyEvery === 2 ? spec.manyTeams : 1 + (p % 3);
  return Array.from({ length: count }, (_, k) => (p * 7 + k * 13) % spec.teams).filter((t, k, all) => all.indexOf(t) === k);
}

export function generatePeople(spec: PeopleSpec = MEMBERS_SPEC): GeneratedPeople {
  const teamsByEmail = new Map<string, string[]>();
  const serviceEmails = new Set<string>();
  const invitedEmails = new Set<string>();
  const people: SeedPerson[] = [];
  for (let p = 0; p < spec.people; p += 1) {
    const email = `person-${p}@${spec.organization}.test`;
    const teams = teamsOf(spec, p);
    const invited = p % spec.invitedEvery === 0;
    const service = !invited && p % spec.serviceEvery === 1;
    people.push({ email, ...(invited ? { status: 'invited' as const } : {}), ...(service ? { 'service-account': true } : {}), teams: teams.map(teamName) });
    teamsByEmail.set(email, teams.map(peopleTeamId));
    if (service) serviceEmails.add(email);
    if (invited) invitedEmails.add(email);
  }
  for (let h = 0; h < spec.hidden; h += 1) people.push({ username: `staff-${h}`, hidden: true, teams: ['owners'] });
  const teams = Array.from({ length: spec.teams }, (_, i) => ({
    name: teamName(i),
    id: peopleTeamId(i),
    ...(i < spec.teamTokens ? { tokens: [`${spec.organization}-team-${i}-token`] } : {}),
  }));
  const seed: SeedDocument = { profile: 'current', organizations: [{ name: spec.organization, token: BENCH_TOKEN, teams, people }] };
  return { seed, teamsByEmail, serviceEmails, invitedEmails };
}

/** Pages of 100 of `count` items: what a list costs. */
export const pagesOf = (count: number): number => Math.max(1, Math.ceil(count / 100));

/** issue 27's bound: the pages of the membership list and of the team list, and 5 requests more. */
export function membersBound(memberships: number, teams: number): number {
  return pagesOf(memberships) + pagesOf(teams) + 5;
}
