// Where a team's or a member's drift goes: under `teams:` (docs/drift.md, "Adopt"). A setting
// changed by hand is written as live has it; a team made by hand (prune-teams would delete it) is
// named, with its grants written where its removal would have been adopted; a member added or
// removed by hand is added to or taken out of `members:`. Pure.
import { type MemberChange, personKey } from '../core/people.js';
import type { TeamChange, TeamFlagChange, TeamSettingChange, TeamUpdate } from '../core/teams.js';
import { roleOfLive } from '../diff/roles.js';
import { fileWith as fileWithin, writtenAt } from './find.js';
import { liveValue } from './grant-value.js';
import { grantInEntry } from './place-grant.js';
import type { FileOp, PlaceContext, Placed } from './placed.js';
import { Flow } from './render-yaml.js';

const fileWith = (ctx: PlaceContext, path: readonly string[]): string | undefined => fileWithin(ctx.texts, path);

/** The file a new team goes into: the one with `teams:`, else the one with `settings:`, else the first. */
const teamsFile = (ctx: PlaceContext): string | undefined => fileWith(ctx, ['teams']) ?? fileWith(ctx, ['settings']) ?? [...ctx.texts.keys()][0];

const noPlace = (detail: string): Placed => ({ reason: 'no-place', detail });

/** The organization-access flags as live has them: the files' map with the changed flags as they were before. */
function flagOps(ctx: PlaceContext, file: string, change: TeamUpdate, flags: readonly TeamFlagChange[]): FileOp[] {
  const path = ['teams', change.name, 'organization-access'];
  const written = writtenAt(ctx.texts.get(file) ?? '', path);
  if (written !== null && typeof written === 'object' && !Array.isArray(written)) {
    // A map of the files: each flag set as live has it; a false one left out (the map is authoritative).
    return flags.map((f) => {
      const flag = [...path, f.flag];
      return { file, op: f.before === true ? { kind: 'set', path: flag, value: true } : { kind: 'delete', path: flag } };
    });
  }
  // A role of roles.organization: written out as the map of the flags live has.
  const desired = ctx.state.teams?.find((t) => t.name === change.name)?.organizationAccess ?? {};
  const live = { ...desired, ...Object.fromEntries(flags.map((f) => [f.flag, f.before === true])) };
  const on = Object.fromEntries(Object.entries(live).filter(([, v]) => v));
  return [{ file, op: { kind: 'set', path, value: new Flow(on) } }];
}

function placeUpdate(ctx: PlaceContext, change: TeamUpdate): Placed {
  const file = fileWith(ctx, ['teams', change.name]);
  if (file === undefined) return noPlace(`no file writes team ${change.name} under teams:`);
  const flags = change.fields.filter((f): f is TeamFlagChange => 'flag' in f);
  const plain = change.fields.filter((f): f is TeamSettingChange => 'field' in f);
  const unknown = plain.find((f) => f.before === null && f.field !== 'sso-team-id');
  if (unknown) return noPlace(`the service did not report ${unknown.field} of team ${change.name}`);
  const ops: FileOp[] = plain.map((f) => ({ file, op: { kind: 'set', path: ['teams', change.name, f.field], value: f.before } }));
  return { ops: [...ops, ...(flags.length > 0 ? flagOps(ctx, file, change, flags) : [])] };
}

/** A team made by hand: named under `teams:`, and its grants on the targets the files prune written into their entries. */
function placeHandMade(ctx: PlaceContext, change: Extract<TeamChange, { action: 'delete' }>): Placed {
  const file = teamsFile(ctx);
  if (file === undefined) return { reason: 'outside-files', detail: 'no file to write teams: into' };
  const ops: FileOp[] = [{ file, op: { kind: 'set', path: ['teams', change.name], value: {} } }];
  // Only where the files prune: elsewhere a grant of a team the files do not list is left alone, no drift.
  for (const gone of change.grants.filter((g) => ctx.pruned.has(g.target.id))) {
    const value = liveValue(gone.target.type, gone.access, roleOfLive(ctx.state.roles, gone.target.type, gone.access));
    const placed = grantInEntry(ctx, gone.target, change.name, value, undefined);
    if ('reason' in placed) return placed;
    ops.push(...placed.ops);
  }
  return { ops };
}

/** Whether the files name the team outside `teams:` (a grant of a set, ignore-teams, a policy): then it cannot go. */
function namedElsewhere(ctx: PlaceContext, name: string): boolean {
  const { state } = ctx;
  if ((state.sets ?? []).some((s) => s.grants.some((g) => g.team === name))) return true;
  if (state.settings.ignoreTeams.includes(name)) return true;
  return JSON.stringify(state.policies ?? []).includes(JSON.stringify(name));
}

export function placeTeam(ctx: PlaceContext, change: TeamChange): Placed {
  switch (change.action) {
    case 'update':
      return placeUpdate(ctx, change);
    case 'delete':
      return placeHandMade(ctx, change);
    case 'create': {
      const file = fileWith(ctx, ['teams', change.name]);
      if (file === undefined || namedElsewhere(ctx, change.name))
        return noPlace(`the files still name team ${change.name} (a set, ignore-teams or a policy); take it out by hand`);
      return { ops: [{ file, op: { kind: 'delete', path: ['teams', change.name] } }] };
    }
    case 'rename':
      return noPlace(`the files rename team ${change.from} to ${change.name} (previously:); settle the rename by hand`);
  }
}

const members = (team: string): string[] => ['teams', team, 'members'];
const same = (email: string) => (text: string) => personKey(text) === personKey(email);

export function placeMember(ctx: PlaceContext, change: MemberChange): Placed {
  const listed = (team: string) => fileWith(ctx, members(team));
  switch (change.action) {
    case 'add':
    case 'remove': {
      const file = listed(change.team.name);
      if (file === undefined) return noPlace(`no file lists the members of team ${change.team.name}`);
      const op =
        change.action === 'add'
          ? ({ kind: 'remove-item', path: members(change.team.name), same: same(change.person.email) } as const)
          : ({ kind: 'add-item', path: members(change.team.name), item: change.person.email, same: same(change.person.email) } as const);
      return { ops: [{ file, op }] };
    }
    case 'invite': {
      const ops = change.teams.flatMap((t) => {
        const file = listed(t.name);
        return file === undefined ? [] : [{ file, op: { kind: 'remove-item', path: members(t.name), same: same(change.person.email) } as const }];
      });
      return ops.length > 0 ? { ops } : noPlace(`no file lists ${change.person.email}`);
    }
    case 'remove-from-organization':
      return noPlace(`${change.person.email} is in no team the files list; name them in a team's members: to keep them`);
  }
}
