// Each kind of policy rule checked on one target (README, "Policies"): one row per kind of
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
import { IMPLIED, type FixedLevel, type Level, type PermissionSet } from '../core/access.js';
import type { EffectiveCell } from '../core/effective.js';
import { OWNERS_TEAM, RESOURCE_OF, type TargetRef, type TargetType, type TeamRef } from '../core/model.js';
import type { RuleFindings, RuleKind, RuleOf } from '../core/policy-rules.js';
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

/** What a check sees of one target a policy covers. */
export interface TargetView {
  readonly target: TargetRef;
  /** Every team's effective access there, the owners team included, in team-name order. */
  readonly cells: readonly EffectiveCell[];
}

/** What breaks a rule on the target, and by which team (null: no one team). */
export interface Hit<K extends RuleKind> {
  readonly team: TeamRef | null;
  readonly found: RuleFindings[K];
}

const counted = (cells: readonly EffectiveCell[]): EffectiveCell[] => cells.filter((c) => c.team.name !== OWNERS_TEAM);

export const RULE_CHECKS: { readonly [K in RuleKind]: (rule: RuleOf<K>, view: TargetView) => Hit<K>[] } = {
  'max-access': (rule, { target, cells }) =>
    counted(cells)
      .filter((c) => !rule.exceptTeams.includes(c.team.name) && exceeds(c, target.type, rule.access))
      .map((c) => ({ team: c.team, found: { access: c.access, sources: c.sources } })),
  'min-access': (rule, { target, cells }) => {
    const cell = cells.find((c) => c.team.name === rule.team);
    if (cell && reaches(cell, target.type, rule.access)) return [];
    return [{ team: cell?.team ?? null, found: cell ? { has: { access: cell.access, sources: cell.sources } } : {} }];
  },
  'max-teams': (rule, { target, cells }) => {
    const over = counted(cells).filter((c) => reaches(c, target.type, rule.access));
    return over.length <= rule.count ? [] : [{ team: null, found: { teams: over.map((c) => c.team.name) } }];
  },
};
