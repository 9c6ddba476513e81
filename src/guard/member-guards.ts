// The member guards (docs/apply.md, "Safety guards"; peribolos' removal limit and minimum of admins):
// how many members one team loses, how many human owners are left, how many people leave the
// organization. Each refusal says its figures; --force lifts all but the floor of one owner. Pure.
import { OWNERS_TEAM } from '../core/model.js';
import { compareText } from '../core/order.js';
import type { MemberChange, MemberLeave, MemberRemove } from '../core/people.js';
import { limitText, type MemberGuardInputs } from '../diff/member-guard-inputs.js';
import type { Refusal } from './refusal.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The most members `size` may lose: a count as written, or the percentage of the team (rounded down), at least 1. */
export function memberRemovalLimit(limit: MemberGuardInputs['maxMemberRemovals'], size: number): number {
  return typeof limit === 'number' ? limit : Math.max(1, Math.floor((limit.percent * size) / 100));
}

const refusalOf = (guard: Refusal['guard'], message: string, howToProceed: string, memberChanges: readonly MemberChange[]): Refusal => ({
  guard,
  message,
  howToProceed,
  changes: [],
  memberChanges,
});

function maxMemberRemovals(changes: readonly MemberChange[], inputs: MemberGuardInputs, force: boolean): Refusal | undefined {
  if (force) return undefined;
  const byTeam = new Map<string, MemberRemove[]>();
  // An inactive member's removal is listed in the plan, never counted: they count in no team's size either.
  for (const change of changes)
    if (change.action === 'remove' && change.person.status !== 'inactive') byTeam.set(change.team.id, [...(byTeam.get(change.team.id) ?? []), change]);
  const over = [...byTeam.values()]
    .map((removals) => {
      const size = inputs.teamSizes.get(removals[0]?.team.id ?? '') ?? removals.length;
      return { team: removals[0]?.team.name ?? '', removals, size, limit: memberRemovalLimit(inputs.maxMemberRemovals, size) };
    })
    .filter((t) => t.removals.length > t.limit)
    .sort((a, b) => compareText(a.team, b.team));
  if (over.length === 0) return undefined;
  const setting = `settings.max-member-removals (${limitText(inputs.maxMemberRemovals)})`;
  const figures = over.map((t) => `${plural(t.removals.length, 'member')} of team "${t.team}" (of ${t.size}; at most ${t.limit})`);
  return refusalOf(
    'max-member-removals',
    `the plan removes ${figures.join(', ')}, more than ${setting}.`,
    'review the removals in the plan; if they are intended, run again with --force, or raise settings.max-member-removals; else add the people to members, or give the team members-prune: false.',
    over.flatMap((t) => t.removals),
  );
}

/** The changes that take an active human member out of owners (removals from it, and removals from the organization of its members). */
function ownersLost(changes: readonly MemberChange[]): (MemberRemove | MemberLeave)[] {
  return changes.filter(
    (c): c is MemberRemove | MemberLeave =>
      c.person.status === 'active' &&
      ((c.action === 'remove' && c.team.name === OWNERS_TEAM) || (c.action === 'remove-from-organization' && c.teams.some((t) => t.name === OWNERS_TEAM))),
  );
}

/**
 * A plan that takes human members out of owners and leaves fewer than settings.min-owners (an
 * invitee added counts once they accept: not here). Never below one, even with --force: an
 * organization without a human owner is locked out of its own settings.
 */
function minOwners(changes: readonly MemberChange[], inputs: MemberGuardInputs, force: boolean): Refusal | undefined {
  const lost = ownersLost(changes);
  if (lost.length === 0) return undefined;
  const gained = changes.filter((c) => c.action === 'add' && c.team.name === OWNERS_TEAM && c.person.status === 'active').length;
  const after = inputs.owners - lost.length + gained;
  const floor = after < 1;
  if (!floor && (force || after >= inputs.minOwners)) return undefined;
  const message = `the plan leaves ${plural(after, 'human member')} in the "${OWNERS_TEAM}" team (of ${inputs.owners}; ${plural(lost.length, 'removal')}, ${gained} added), fewer than ${
    floor ? 'one, the floor that holds even with --force' : `settings.min-owners (${inputs.minOwners})`
  }.`;
  const howToProceed = floor
    ? `keep at least one human member in ${OWNERS_TEAM} (list them under teams.${OWNERS_TEAM}.members); --force does not lift this.`
    : `keep at least ${inputs.minOwners} human members in ${OWNERS_TEAM} (two break-glass owners are recommended); if fewer are intended, run again with --force, or lower settings.min-owners.`;
  return refusalOf('min-owners', message, howToProceed, lost);
}

function maxPeopleRemovals(changes: readonly MemberChange[], inputs: MemberGuardInputs, force: boolean): Refusal | undefined {
  const leaving = changes.filter((c) => c.action === 'remove-from-organization');
  if (force || leaving.length <= inputs.maxPeopleRemovals) return undefined;
  return refusalOf(
    'max-people-removals',
    `the plan removes ${leaving.length === 1 ? '1 person' : `${leaving.length} people`} from the organization (settings.prune-people), more than settings.max-people-removals (${inputs.maxPeopleRemovals}); each leaves every team with it.`,
    'review the removals from the organization in the plan; if they are intended, run again with --force, or raise settings.max-people-removals; else name the people under members, or turn settings.prune-people off.',
    leaving,
  );
}

/** Every member guard that refuses `changes`. */
export function memberRefusals(changes: readonly MemberChange[], inputs: MemberGuardInputs | undefined, force: boolean): Refusal[] {
  if (!inputs || changes.length === 0) return [];
  return [minOwners(changes, inputs, force), maxMemberRemovals(changes, inputs, force), maxPeopleRemovals(changes, inputs, force)].filter(
    (r): r is Refusal => r !== undefined,
  );
}
