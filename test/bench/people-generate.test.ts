// The members scenario's organization (bench/generate/people.ts): what it promises the bench and
// the request-count test (test/live/people-cost.test.ts) holds, the same on every run.
import { describe, expect, it } from 'vitest';
import { generatePeople, MEMBERS_SPEC, membersBound, pagesOf } from '../../bench/generate/people.js';
import { parseSeed } from '../../src/emulator/seed.js';

describe('the members scenario', () => {
  const generated = generatePeople(MEMBERS_SPEC);

  it('1,000 people: one in ten invited, twenty service accounts, forty in forty teams, every team id of the 200', () => {
    expect(generated.teamsByEmail.size).toBe(1000);
    expect(generated.invitedEmails.size).toBe(100);
    expect(generated.serviceEmails.size).toBe(20);
    const sizes = [...generated.teamsByEmail.values()].map((t) => t.length);
    expect(sizes.filter((n) => n === MEMBERS_SPEC.manyTeams)).toHaveLength(40);
    expect(Math.min(...sizes)).toBe(1);
    for (const teams of generated.teamsByEmail.values()) expect(new Set(teams).size).toBe(teams.length);
    expect(new Set([...generated.teamsByEmail.values()].flat()).size).toBe(MEMBERS_SPEC.teams);
  });

  it('the seed is a valid seed document, the same twice', () => {
    expect(() => parseSeed(generated.seed)).not.toThrow();
    expect(generatePeople(MEMBERS_SPEC).seed).toEqual(generated.seed);
  });

  it("the bound: each list's pages of 100, and 5", () => {
    expect([pagesOf(0), pagesOf(100), pagesOf(101)]).toEqual([1, 1, 2]);
    expect(membersBound(1011, 201)).toBe(11 + 3 + 5);
  });
});
