// Small builders of people states for the member tests: teams, people as the membership list
// reports them, the token that read them, and files with members.
import { DEFAULT_SETTINGS, type DesiredSettings, type DesiredState } from '../../src/core/desired-state.js';
import type { TokenIdentity } from '../../src/core/identity.js';
import type { LiveState, Team, Viewer } from '../../src/core/model.js';
import type { LivePeople, Person } from '../../src/core/person.js';
import { normaliseFlags } from '../../src/core/team-flags.js';
import type { DesiredTeam } from '../../src/core/teams.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';

export const team = (name: string, more: Partial<Team> = {}): Team => ({
  id: `team-${name}`,
  name,
  visibility: 'organization',
  organizationAccess: normaliseFlags({}),
  ssoTeamId: null,
  allowMemberTokenManagement: true,
  ...more,
});

export const OWNERS = team('owners', { visibility: 'secret' });

/** A person `name@example.com` in `teams` (names), active unless said. */
export const person = (name: string, teams: readonly string[], more: Partial<Person> = {}): Person => ({
  membershipId: `ou-${name}`,
  email: `${name}@example.com`,
  status: 'active',
  userId: `user-${name}`,
  username: name,
  serviceAccount: false,
  teamIds: teams.map((t) => `team-${t}`),
  ...more,
});

export const userToken = (name: string): TokenIdentity => ({
  kind: 'user',
  userId: `user-${name}`,
  username: name,
  serviceAccount: false,
  resourceId: `user-${name}`,
});

/** The organization's own token: it sees every team. */
export const ORG_TOKEN: Viewer = {
  identity: { kind: 'organization', userId: 'user-org', username: 'api-org-acme-0123456789', serviceAccount: true, resourceId: 'acme' },
  seesEveryTeam: true,
  teams: [],
};

/** An owner's view (the organization's token) unless `viewer` says otherwise. */
export function liveOf(teams: readonly Team[], people: readonly Person[], viewer: Viewer = ORG_TOKEN, hidden: LivePeople['hidden'] = new Map()): LiveState {
  return { organization: 'acme', teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(), viewer, people: { people, hidden } };
}

export const members = (name: string, emails: readonly string[], prune = true, more: Partial<DesiredTeam> = {}): DesiredTeam => ({
  name,
  previously: [],
  members: { emails, prune, source: { file: 'teams.yaml', line: 3, col: 5 } },
  ...more,
});

export function desiredOf(teams: readonly DesiredTeam[], settings: Partial<DesiredSettings> = {}): DesiredState {
  return { organization: 'acme', settings: { ...DEFAULT_SETTINGS, ...settings }, targets: [], teams };
}

export const email = (name: string): string => `${name}@example.com`;

/** Every kind of member change, a created team, and an invitation pending. */
export function memberWorld() {
  const live = liveOf(
    [OWNERS, team('sre'), team('ops'), team('support')],
    [
      person('o1', ['owners']),
      person('o2', ['owners']),
      person('ana', ['ops']),
      person('bo', ['sre']),
      person('cy', ['sre', 'ops']),
      person('di', ['sre'], { status: 'invited', userId: undefined, username: null }),
      person('gone', ['ops']),
      person('ed', ['ops', 'support']),
    ],
  );
  const desired = desiredOf(
    [
      members('ops', [email('ana'), email('cy')]),
      members('owners', [email('o1'), email('o2')]),
      members('platform', ['new@example.com', email('ana')]),
      members('sre', [email('ana'), email('di'), email('cy'), 'new@example.com']),
    ],
    { invite: true, prunePeople: true, maxPeopleRemovals: 2, maxMemberRemovals: 3 },
  );
  return { desired, live };
}

/** The plan of memberWorld, as `plan` makes it. */
export function memberPlan() {
  const { desired, live } = memberWorld();
  return guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
}
