// Issue 27, saved plans with member changes: format 5 (a reader of 3 or 4 refuses it rather than
// apply it without its members), the round trip keeps every member change, pending invitation,
// guard input and refusal, the checksum and the seal cover them, an edit is refused, a plan of
// prune-people without teams: is format 5 without team changes, and the people's freshness is
// checked against the basis.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import type { Person } from '../../src/core/person.js';
import { managedChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { savedPlanDocument } from '../../src/pipeline/disk/saved-plan-file.js';
import { INTEGRITY_KEY, integrityOf } from '../../src/saved-plan/fingerprint.js';
import { parseSavedPlan } from '../../src/saved-plan/parse.js';
import { savedPlanOf } from '../../src/saved-plan/saved-plan.js';
import { assertPeopleFresh } from '../../src/saved-plan/stale.js';
import { liveOf, memberWorld, OWNERS, person } from './world.js';

const { desired, live } = memberWorld();
const plan = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
const saved = savedPlanOf(plan, desired, live, 'http://127.0.0.1:1');
const json = JSON.parse(JSON.stringify(savedPlanDocument(saved))) as Record<string, unknown>;
const resealed = (document: Record<string, unknown>): Record<string, unknown> => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });
const edit = (change: (doc: { plan: Record<string, unknown>; basis: Record<string, unknown> }) => void): Record<string, unknown> => {
  const copy = JSON.parse(JSON.stringify(json)) as { plan: Record<string, unknown>; basis: Record<string, unknown> };
  change(copy);
  return resealed(copy as unknown as Record<string, unknown>);
};

describe('a saved plan with member changes', () => {
  it('is format 5 and reads back to the same plan, basis, checksum and refusals', () => {
    expect(json.format_version).toBe(5);
    expect((json.basis as { members: unknown }).members).toEqual({
      fingerprint: saved.basis.members?.fingerprint,
      max_member_removals: 3,
      min_owners: 2,
      max_people_removals: 2,
      team_sizes: [
        ['team-ops', 4],
        ['team-owners', 2],
        ['team-sre', 3],
      ],
      owners: 2,
    });
    const read = parseSavedPlan('p.json', json);
    expect(managedChanges(read.plan, 'member')).toEqual(managedChanges(plan, 'member'));
    expect(read.plan.pendingInvites).toEqual(plan.pendingInvites);
    expect(managedChanges(read.plan, 'team')).toEqual(managedChanges(plan, 'team'));
    expect(read.plan.checksum).toBe(plan.checksum);
    expect(read.plan.refusals).toEqual(plan.refusals);
    expect(read.basis).toEqual(saved.basis);
  });

  it('derives its refusals again from the saved guard inputs', () => {
    const strict = { ...desired, settings: { ...desired.settings, maxPeopleRemovals: 0 } };
    const refused = guardPlan(buildPlan(strict, live), guardInputsOf(strict, live));
    expect(refused.refusals.map((r) => r.guard)).toEqual(['max-people-removals']);
    const read = parseSavedPlan('p.json', JSON.parse(JSON.stringify(savedPlanDocument(savedPlanOf(refused, strict, live)))));
    expect(read.plan.refusals).toEqual(refused.refusals);
  });

  it('refuses an edit of a member change or of a guard input, even resealed (a pending invitation is no change: like a warning, the seal alone covers it)', () => {
    const changes = (doc: { plan: Record<string, unknown> }) => doc.plan.member_changes as { person: { email: string } }[];
    expect(() =>
      parseSavedPlan(
        'p.json',
        edit((doc) => void (changes(doc)[1]!.person.email = 'mallory@example.com')),
      ),
    ).toThrow(/checksum does not match/);
    expect(() =>
      parseSavedPlan(
        'p.json',
        edit((doc) => void ((doc.basis.members as Record<string, unknown>).max_people_removals = 99)),
      ),
    ).toThrow(/checksum does not match/);
    // Unsealed, any edit at all is refused by the seal.
    const raw = JSON.parse(JSON.stringify(json)) as { plan: { pending_invites: { teams: unknown[] }[] } };
    raw.plan.pending_invites[0]!.teams = [];
    expect(() => parseSavedPlan('p.json', raw)).toThrow(/integrity digest does not match/);
    expect(() =>
      parseSavedPlan(
        'p.json',
        edit((doc) => void ((changes(doc)[0] as unknown as { action: string }).action = 'adopt')),
      ),
    ).toThrow(/"adopt" is not invite, add, remove or remove-from-organization/);
  });

  it('refuses member changes in a file of an older format (a reader must not drop them)', () => {
    const older = edit((doc) => void ((doc as unknown as Record<string, unknown>).format_version = 4));
    expect(() => parseSavedPlan('p.json', older)).toThrow(/checksum does not match/);
  });

  it('a prune-people plan without teams: is format 5 without team changes', () => {
    const files: DesiredState = { organization: 'acme', settings: { ...DEFAULT_SETTINGS, prunePeople: true, maxPeopleRemovals: 1 }, targets: [] };
    const world = liveOf([OWNERS], [person('o1', ['owners']), person('o2', ['owners']), person('gone', [])]);
    const only = guardPlan(buildPlan(files, world), guardInputsOf(files, world));
    expect(managedChanges(only, 'member')?.map((c) => `${c.action} ${c.person.email}`)).toEqual(['remove-from-organization gone@example.com']);
    const document = JSON.parse(JSON.stringify(savedPlanDocument(savedPlanOf(only, files, world)))) as Record<string, unknown>;
    expect(document.format_version).toBe(5);
    expect((document.plan as Record<string, unknown>).team_changes).toBeUndefined();
    expect(managedChanges(parseSavedPlan('p.json', document).plan, 'member')).toEqual(managedChanges(only, 'member'));
  });
});

describe('the people a saved plan was made from', () => {
  const reader = (people: readonly Person[]) => ({ listPeople: async () => ({ people }) });

  it('are read again: unchanged, the plan goes on; moved, it is stale', async () => {
    // Issue 36, finding 5: the people read are what the member guards count at apply, so they are handed back.
    await expect(assertPeopleFresh(saved, reader(live.people?.people ?? []))).resolves.toEqual(live.people?.people ?? []);
    const accepted = (live.people?.people ?? []).map((p) => (p.status === 'invited' ? { ...p, status: 'active' as const } : p));
    await expect(assertPeopleFresh(saved, reader(accepted))).rejects.toThrow(/the saved plan is stale: the people changed since it was planned/);
    const joined = [...(live.people?.people ?? []), person('late', ['sre'])];
    await expect(assertPeopleFresh(saved, reader(joined))).rejects.toThrow(/stale/);
  });

  it('are not read for a plan without member changes', async () => {
    const files = { ...desired, teams: [], settings: DEFAULT_SETTINGS };
    const noMembers = savedPlanOf(guardPlan(buildPlan(files, live), guardInputsOf(files, live)), files, live);
    expect(managedChanges(noMembers.plan, 'member')).toBeUndefined();
    let asked = 0;
    await assertPeopleFresh(noMembers, {
      listPeople: async () => {
        asked += 1;
        return { people: [] };
      },
    });
    expect(asked).toBe(0);
  });
});
