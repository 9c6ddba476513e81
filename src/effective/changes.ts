// What a plan's grant changes do to effective access: per team and target, whether it rises,
// falls or both, and through which grant changes; and every grant change that changes nothing
// effective (shadowed), with the sources that hold the access where it is. Pure.
import type { AccessSource, ChangeCause, Direction, EffectiveCell, EffectiveChange } from '../core/effective.js';
import { RESOURCE_OF, type TargetType } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import type { Change } from '../core/plan.js';
import { grantsAfter, type IdentifiedGrant } from './after.js';
import { EffectiveIndex, type OrganizationInput } from './compute.js';
import { effectiveChangesWithPeople, type PlanPeople } from './people-changes.js';
import { compare } from './vector.js';

export interface ChangeContext extends OrganizationInput {
  /** The live grants of every target the changes reach: their own, and their project's or workspaces'. */
  readonly grants: readonly IdentifiedGrant[];
}

interface Pair {
  readonly teamId: string;
  readonly type: TargetType;
  readonly targetId: string;
  readonly changes: Change[];
}

function causeOf(change: Change): ChangeCause {
  return { type: change.target.type, name: change.target.name, action: change.action, access: change.action === 'remove' ? null : change.after.access };
}

/** The (team, target) pairs each change can move: its target, and for a project the project's workspaces. */
function pairsOf(changes: readonly Change[], context: ChangeContext): Map<string, Pair> {
  const workspacesOf = new Map<string, string[]>();
  for (const w of context.workspaces) if (w.projectId !== undefined) workspacesOf.set(w.projectId, [...(workspacesOf.get(w.projectId) ?? []), w.id]);
  const pairs = new Map<string, Pair>();
  const add = (change: Change, type: TargetType, targetId: string): void => {
    const key = `${change.team.id}\u0000${type}\u0000${targetId}`;
    const pair = pairs.get(key) ?? { teamId: change.team.id, type, targetId, changes: [] };
    pair.changes.push(change);
    pairs.set(key, pair);
  };
  for (const change of changes) {
    add(change, change.target.type, change.target.id);
    if (change.target.type === 'project') for (const id of workspacesOf.get(change.target.id) ?? []) add(change, 'workspace', id);
  }
  return pairs;
}

export function directionOf(before: EffectiveCell | undefined, after: EffectiveCell | undefined): Direction {
  if (!before || !after) return before === after ? 'none' : before ? 'falls' : 'rises';
  const { up, down } = compare(RESOURCE_OF[before.target.type], before.permissions, after.permissions);
  if (up && down) return 'mixed';
  if (up) return 'rises';
  if (down) return 'falls';
  // The same vector: only admin, whose own powers are in no vector, can still come or go.
  if (before.access === after.access) return 'none';
  return after.access === 'admin' ? 'rises' : before.access === 'admin' ? 'falls' : 'none';
}

/** The sources that keep the access where it is: every one but the changed grant itself. */
function heldBy(cell: EffectiveCell | undefined, change: Change): AccessSource[] {
  return (cell?.sources ?? []).filter((s) => s.kind !== change.target.type);
}

/**
 * What the grant changes do to effective access; with `people` (a plan that read them), each entry
 * names its team's people after the plan and the member changes add their own (people-changes.ts).
 */
export function effectiveChanges(changes: readonly Change[], context: ChangeContext, people?: PlanPeople): EffectiveChange[] {
  const afterInput = { ...context, grants: grantsAfter(context.grants, changes) };
  const grantChanges = grantEffectiveChanges(changes, context, afterInput);
  return people ? effectiveChangesWithPeople(grantChanges, context, afterInput, people) : grantChanges;
}

function grantEffectiveChanges(changes: readonly Change[], context: ChangeContext, afterInput: OrganizationInput): EffectiveChange[] {
  const before = new EffectiveIndex(context);
  const after = new EffectiveIndex(afterInput);
  const out: EffectiveChange[] = [];
  const moved = new Set<Change>();
  for (const pair of pairsOf(changes, context).values()) {
    const b = before.cell(pair.teamId, pair.type, pair.targetId);
    const a = after.cell(pair.teamId, pair.type, pair.targetId);
    const direction = directionOf(b, a);
    const cell = a ?? b;
    if (direction === 'none' || !cell) continue;
    for (const change of pair.changes) moved.add(change);
    out.push({ team: cell.team, target: cell.target, before: b?.access ?? null, after: a?.access ?? null, direction, via: pair.changes.map(causeOf) });
  }
  for (const change of changes) {
    // A label-only update changes nothing by design; the plan already says so.
    if (moved.has(change) || (change.action === 'update' && change.labelOnly)) continue;
    const b = before.cell(change.team.id, change.target.type, change.target.id);
    const a = after.cell(change.team.id, change.target.type, change.target.id);
    if (!a && !b) continue;
    out.push({
      team: change.team,
      target: change.target,
      before: b?.access ?? null,
      after: a?.access ?? null,
      direction: 'none',
      via: [causeOf(change)],
      heldBy: heldBy(a, change),
    });
  }
  return out.sort(compareEffectiveChanges);
}

function compareEffectiveChanges(a: EffectiveChange, b: EffectiveChange): number {
  return compareText(a.team.name, b.team.name) || byTypeThenName(a.target, b.target) || compareText(a.direction, b.direction);
}
