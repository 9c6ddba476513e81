// Each kind of policy rule checked on one target (docs/effective-access.md, "Policies"): one row per kind of
// core/policy-rules.ts, in a table the compiler checks against it. A row reads what its kind's
// row says it reads and returns what breaks the rule, as data (core/policy-rules.ts,
// RuleFindings). Levels are compared on the permission vector, so a custom grant is held to what
// it can do:
//   - access is above a level when it is admin (admin's own powers are in no vector) and the level
//     is not, or when any permission it has is above the value the level implies;
//   - access is at least a level when it is admin, or when every permission the level implies is
//     matched or exceeded.
// A value the tables do not know (a level's "not known" newer permission) is never compared. The
// owners team is exempt from every rule. Pure.
import { type FixedLevel, IMPLIED, type Level, type PermissionSet } from '../core/access.js';
import type { CanHolder } from '../core/can.js';
import type { EffectiveCell } from '../core/effective.js';
import { DAY_MS, msOf } from '../core/expiry.js';
import { OWNERS_TEAM, RESOURCE_OF, type TargetRef, type TargetType, type Team, type TeamRef } from '../core/model.js';
import { byKey, byName } from '../core/order.js';
import type { OrganizationKind, RuleFindings, RuleKind, RuleOf, TokenAge } from '../core/policy-rules.js';
import { implyingFlags, TEAM_FLAG_KEYS } from '../core/team-flags.js';
import type { LiveToken } from '../core/token-policy.js';
import { atLeast, compare } from '../effective/vector.js';

/** A level and the permissions it stands for: an effective cell's, or a grant's. */
export interface Held {
  readonly access: Level;
  readonly permissions: PermissionSet;
}

/** True when `held` is above `level`: admin below an admin level, or any permission above the level's. */
export function exceeds(held: Held, type: TargetType, level: FixedLevel): boolean {
  if (level === 'admin') return false;
  if (held.access === 'admin') return true;
  const resource = RESOURCE_OF[type];
  return compare(resource, IMPLIED[resource][level] ?? {}, held.permissions).up;
}

/** True when `held` has at least `level`: admin, or every permission the level implies. */
export function reaches(held: Held, type: TargetType, level: FixedLevel): boolean {
  if (held.access === 'admin') return true;
  if (level === 'admin') return false;
  const resource = RESOURCE_OF[type];
  return atLeast(resource, held.permissions, IMPLIED[resource][level] ?? {});
}

/** A grant on the target itself, with its team and when it ends (absent: it never does). */
export interface ExpiringGrant extends Held {
  readonly team: TeamRef;
  readonly expires?: string;
}

/** What a check sees of one target a policy covers: what its rule reads (core/policy-rules.ts, `reads`), worked out for the whole organization on the first call. */
export interface TargetView {
  readonly target: TargetRef;
  /** `effective-access`: every team's effective access there, the owners team included, in team-name order. */
  readonly cells: () => readonly EffectiveCell[];
  /** `grant-expiries`: the grants on the target itself, in team-name order. */
  readonly grants: () => readonly ExpiringGrant[];
  /** The run's clock, in epoch milliseconds. */
  readonly now: number;
}

/** What a check of the whole organization sees (a row that reads `team-flags` or `people`): every team the token sees, as the check is asked. */
export interface OrganizationView {
  readonly teams: readonly Team[];
  /**
   * `people`: the human members of each team (active and invited, service accounts and hidden
   * members left out), by team id, by email; worked out on the first call. Throws when the run did
   * not read people (a use case reads them whenever a rule reads them: core/policy-rules.ts, rulesRead).
   */
  readonly members: (teamId: string) => readonly string[];
  /**
   * `tokens`: the team tokens the caller listed (none when it could not list them: the run's
   * coverage says the policy was not evaluated, assemble/policies.ts). Throws when the run did not
   * read them (a use case reads them whenever a rule reads them).
   */
  readonly tokens: () => readonly LiveToken[];
  /** The run's clock, in epoch milliseconds. */
  readonly now: number;
  /**
   * `indirect`: who reaches what the question names (`varset:NAME`, ...), one holder per team and
   * workspace (effective/reach.ts, over the grants checked); worked out on the call. Throws when the
   * run did not read indirect access (a use case reads it whenever a rule reads it).
   */
  readonly reached: (question: string) => readonly CanHolder[];
}

/** The view a kind's check takes: the organization's for an organization kind, else one target's. */
export type ViewOf<K extends RuleKind> = K extends OrganizationKind ? OrganizationView : TargetView;

/**
 * The `forbid` flags a team has, in table order: on as reported, or brought by a flag it has on
 * (docs/files.md, "`teams`": the service switches companions on), with the first flag that brings it.
 */
function forbiddenHeld(access: Readonly<Record<string, boolean>>, forbid: readonly string[]): { flag: string; through?: string }[] {
  return TEAM_FLAG_KEYS.filter((key) => forbid.includes(key)).flatMap((flag) => {
    const through = implyingFlags(access, flag)[0];
    if (through !== undefined) return [{ flag, through }];
    return access[flag] === true ? [{ flag }] : [];
  });
}

/** What breaks a rule on the target, and by which team (null: no one team). */
export interface Hit<K extends RuleKind> {
  readonly team: TeamRef | null;
  readonly found: RuleFindings[K];
}

const counted = (cells: readonly EffectiveCell[]): EffectiveCell[] => cells.filter((c) => c.team.name !== OWNERS_TEAM);

export const RULE_CHECKS: { readonly [K in RuleKind]: (rule: RuleOf<K>, view: ViewOf<K>) => Hit<K>[] } = {
  'max-access': (rule, { target, cells }) =>
    counted(cells())
      .filter((c) => !rule.exceptTeams.includes(c.team.name) && exceeds(c, target.type, rule.access))
      .map((c) => ({ team: c.team, found: { access: c.access, sources: c.sources } })),
  'min-access': (rule, { target, cells }) => {
    const cell = cells().find((c) => c.team.name === rule.team);
    if (cell && reaches(cell, target.type, rule.access)) return [];
    return [{ team: cell?.team ?? null, found: cell ? { has: { access: cell.access, sources: cell.sources } } : {} }];
  },
  'max-teams': (rule, { target, cells }) => {
    const over = counted(cells()).filter((c) => reaches(c, target.type, rule.access));
    return over.length <= rule.count ? [] : [{ team: null, found: { teams: over.map((c) => c.team.name) } }];
  },
  // The grant's own vector, not the team's effective access: `expires:` belongs to a grant, and a
  // level the team has through another grant is that grant's to end (a project policy's, say).
  'max-expiry': (rule, { target, grants, now }) =>
    grants()
      .filter((g) => g.team.name !== OWNERS_TEAM && reaches(g, target.type, rule.access) && !endsWithin(g.expires, now, rule.days))
      .map((g) => ({ team: g.team, found: { access: g.access, ...(g.expires === undefined ? {} : { expires: g.expires }) } })),
  'organization-access': (rule, { teams }) =>
    [...teams]
      .filter((t) => t.name !== OWNERS_TEAM && !rule.exceptTeams.includes(t.name))
      .sort(byName)
      .flatMap((t) => {
        const flags = forbiddenHeld(t.organizationAccess, rule.forbid);
        return flags.length === 0 ? [] : [{ team: { name: t.name, id: t.id }, found: { flags } }];
      }),
  // docs/effective-access.md, "People": the owners team is held to it too (a small owners team is the point).
  // docs/effective-access.md, "Indirect access": every team but owners and the rule's, with each workspace it reaches through.
  'max-reach': (rule, { reached }) => {
    const byTeam = new Map<string, { team: TeamRef; through: { workspace: string; uses: string; edge: string }[] }>();
    for (const h of reached(rule.reach)) {
      if (h.team.name === OWNERS_TEAM || rule.teams.includes(h.team.name) || !h.via) continue;
      const entry = byTeam.get(h.team.id) ?? { team: h.team, through: [] };
      entry.through.push({ workspace: h.target.name, uses: h.via.uses, edge: h.via.edge });
      byTeam.set(h.team.id, entry);
    }
    return [...byTeam.values()].sort((a, b) => byName(a.team, b.team)).map(({ team, through }) => ({ team, found: { through } }));
  },
  'max-members': (rule, { teams, members }) => {
    const team = teams.find((t) => t.name === rule.team);
    if (!team) return [];
    const counted = members(team.id);
    return counted.length <= rule.count ? [] : [{ team: { name: team.name, id: team.id }, found: { members: counted } }];
  },
  // docs/effective-access.md, "Token lifetimes: `max-token-age`": every team's tokens, the owners team's too (its token is the strongest there is).
  'max-token-age': (rule, { teams, tokens, now }) => tokensTooLong(tokens(), teams, now, rule.days),
};

/** The team tokens that do not end within `days` days, one hit per team (in name order), its tokens by id. */
function tokensTooLong(tokens: readonly LiveToken[], teams: readonly Team[], now: number, days: number): Hit<'max-token-age'>[] {
  const names = new Map(teams.map((t) => [t.id, t.name]));
  const byTeam = new Map<string, { team: TeamRef; tokens: TokenAge[] }>();
  for (const token of tokens) {
    if (token.type !== 'team' || token.team === undefined || endsWithin(token.expiredAt ?? undefined, now, days)) continue;
    const team = { id: token.team.id, name: names.get(token.team.id) ?? token.team.name ?? token.team.id };
    const entry = byTeam.get(team.id) ?? { team, tokens: [] };
    entry.tokens.push({ id: token.id, description: token.description, expires: token.expiredAt });
    byTeam.set(team.id, entry);
  }
  return [...byTeam.values()]
    .sort((a, b) => byName(a.team, b.team))
    .map((entry) => ({ team: entry.team, found: { tokens: entry.tokens.sort(byKey((t) => t.id)) } }));
}

/** True when the grant ends no more than `days` days after `now` (a grant that has ended does). */
function endsWithin(expires: string | undefined, now: number, days: number): boolean {
  return expires !== undefined && msOf(expires) - now <= days * DAY_MS;
}
