// Shared pieces of the text and markdown renderers: grouping by target and attribute-level
// before/after lines (through `diff`). Pure.
import { diffLines } from 'diff';
import { CUSTOM_DEFAULTS, type Resource } from '../../core/access.js';
import { describeInstant, isExpired, relativeDays } from '../../core/expiry.js';
import type { Access, ReportedAccess, TargetRef } from '../../core/model.js';
import { orderedEntries, permissionsOf } from '../../core/permissions.js';
import { type Change, grantChanges, type Plan, type PlanWarning } from '../../core/plan.js';

export interface TargetGroup {
  readonly target: TargetRef;
  readonly changes: readonly Change[];
}

/** Consecutive changes of one target (the plan is sorted by target), in plan order. */
export function groupByTarget(changes: readonly Change[]): TargetGroup[] {
  const groups: { target: TargetRef; changes: Change[] }[] = [];
  for (const change of changes) {
    const last = groups[groups.length - 1];
    if (last && last.target.type === change.target.type && last.target.id === change.target.id) last.changes.push(change);
    else groups.push({ target: change.target, changes: [change] });
  }
  return groups;
}

/** `shown` drops attributes a side need not state (see attributeDiff). */
function permissionLines(resource: Resource, access: Access | ReportedAccess, shown: (key: string, value: unknown) => boolean = () => true): string {
  return orderedEntries(resource, permissionsOf(resource, access))
    .filter(([key, value]) => shown(key, value))
    .map(([key, value]) => `${key}: ${String(value)}\n`)
    .join('');
}

export interface AttributeLine {
  readonly sign: '+' | '-' | ' ';
  readonly text: string;
}

/**
 * The effective permissions that change between before and after, as -/+ pairs per attribute.
 * Both sides list the attributes in table order, so a removed block and the added block that
 * follows it pair up line by line. An attribute one side does not state (not reported, or not
 * known at its level) is shown on the other side only when it is not the custom default: the plan
 * compares it the same way (src/diff/normalise.ts).
 */
export function attributeDiff(resource: Resource, before: ReportedAccess, after: Access): AttributeLine[] {
  const defaults = CUSTOM_DEFAULTS[resource];
  const statedBy = (access: Access | ReportedAccess) => {
    const stated = permissionsOf(resource, access);
    return (key: string, value: unknown): boolean => stated[key] !== undefined || defaults[key] !== value;
  };
  const out: AttributeLine[] = [];
  let removed: string[] = [];
  const flush = (added: string[]): void => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      const old = removed[i];
      const now = added[i];
      if (old !== undefined) out.push({ sign: '-', text: old });
      if (now !== undefined) out.push({ sign: '+', text: now });
    }
    removed = [];
  };
  for (const part of diffLines(permissionLines(resource, before, statedBy(after)), permissionLines(resource, after, statedBy(before)))) {
    const lines = part.value.split('\n').filter((line) => line !== '');
    if (part.removed) removed.push(...lines);
    else flush(part.added ? lines : []);
  }
  flush([]);
  return out;
}

/** A side of a change: its level, and the role when the plan knows one (`custom (role deployer)`). */
function side(access: Access | ReportedAccess, role: string | undefined): string {
  return role === undefined ? access.access : `${access.access} (role ${role})`;
}

/**
 * docs/files.md, "Grants that expire": ` (expired, end of 2026-12-01 UTC)` on a removal of an expired
 * grant; ` (expires in 3 days, end of 2026-12-01 UTC)` on a grant the plan writes, counted from
 * `now` when the renderer is given the clock.
 */
export function expiryNote(change: Change, now?: number): string {
  if (change.expires === undefined) return '';
  const when = describeInstant(change.expires);
  if (change.action === 'remove') return change.reason === 'expired' ? ` (expired, ${when})` : '';
  if (now === undefined) return ` (expires ${when})`;
  return isExpired(change.expires, now)
    ? ` (expired ${relativeDays(change.expires, now)}, ${when})`
    : ` (expires ${relativeDays(change.expires, now)}, ${when})`;
}

/** One-line description of a change: `read -> write`, `custom (role deployer)`, ... and when it expires. */
export function headline(change: Change, now?: number): string {
  return `${levels(change)}${expiryNote(change, now)}`;
}

function levels(change: Change): string {
  switch (change.action) {
    case 'add':
      return side(change.after, change.afterRole);
    case 'remove':
      return side(change.before, change.beforeRole);
    case 'update':
      return `${side(change.before, change.beforeRole)} -> ${side(change.after, change.afterRole)}${change.labelOnly ? ' (same permissions, label only)' : ''}`;
  }
}

export const SIGN: { readonly [A in Change['action']]: string } = { add: '+', update: '~', remove: '-' };

/**
 * docs/sets.md, "Sets": where each change comes from is shown once the files' sets take part in the plan
 * (a change from a set, or an entry overriding one); a plan of entries only reads as it always did.
 */
export function showsSources(changes: readonly Change[]): boolean {
  return changes.some((c) => c.source?.kind === 'set' || c.source?.overrides !== undefined);
}

/** `[set prod-sre]`, `[entry]`, `[entry, overrides set prod-sre]`. */
export function sourceLabel(change: Change): string {
  const source = change.source;
  if (!source) return '';
  if (source.kind === 'set') return `[set ${source.name}]`;
  const overrides = source.overrides ?? [];
  return overrides.length === 0 ? '[entry]' : `[entry, overrides set${overrides.length === 1 ? '' : 's'} ${overrides.join(', ')}]`;
}

/**
 * Attribute lines shown under a change: the custom set of an add, the permissions a removed custom
 * grant takes away, the differences of an update. A change between two fixed levels is its
 * headline alone (`read -> write` says it all); its implied attributes only when `verbose`.
 */
export function detailLines(change: Change, verbose = false): AttributeLine[] {
  switch (change.action) {
    case 'add':
      // A custom set is shown by what it grants beyond the custom defaults, as the file writes it.
      return change.after.access === 'custom'
        ? orderedEntries(change.resource, change.after.permissions)
            .filter(([key, value]) => CUSTOM_DEFAULTS[change.resource][key] !== value)
            .map(([key, value]) => ({ sign: ' ' as const, text: `${key}: ${String(value)}` }))
        : [];
    case 'update':
      if (!verbose && change.before.access !== 'custom' && change.after.access !== 'custom') return [];
      return attributeDiff(change.resource, change.before, change.after);
    case 'remove':
      // What goes with the grant: every permission it gave, as the service reported it.
      return change.before.access === 'custom'
        ? orderedEntries(change.resource, permissionsOf(change.resource, change.before))
            .filter(([, value]) => value !== 'none' && value !== false)
            .map(([key, value]) => ({ sign: '-' as const, text: `${key}: ${String(value)}` }))
        : [];
  }
}

/** Which warnings the text and Markdown plans show (`--warnings`); the JSON plan carries them all. */
export const WARNING_SCOPES = ['changed', 'all', 'none'] as const;
export type WarningScope = (typeof WARNING_SCOPES)[number];

// A grant's end is news on an unchanged target most of all (docs/files.md, "Grants that expire").
const TIMELY: ReadonlySet<string> = new Set(['grant-expires-soon', 'grant-expired']);

/** The warnings to show: by default those about a target the plan changes, or a grant's end. `hidden` counts the rest. */
export function shownWarnings(plan: Pick<Plan, 'changes' | 'warnings'>, scope: WarningScope = 'changed'): { shown: readonly PlanWarning[]; hidden: number } {
  if (scope === 'all') return { shown: plan.warnings, hidden: 0 };
  if (scope === 'none') return { shown: [], hidden: plan.warnings.length };
  const changed = new Set(grantChanges(plan).map((c) => `${c.target.type}\u0000${c.target.id}`));
  const shown = plan.warnings.filter((w) => w.target === undefined || TIMELY.has(w.code) || changed.has(`${w.target.type}\u0000${w.target.id}`));
  return { shown, hidden: plan.warnings.length - shown.length };
}

/** The line under shown warnings that says what `--warnings` left out, or undefined. */
export function hiddenWarningsLine(hidden: number, scope: WarningScope = 'changed'): string | undefined {
  if (hidden === 0) return undefined;
  const what = hidden === 1 ? '1 warning' : `${hidden} warnings`;
  return scope === 'none' ? `${what} not shown (--warnings none).` : `${what} about targets this plan does not change not shown (--warnings all shows them).`;
}

export function summaryLine(plan: Pick<Plan, 'organization' | 'summary' | 'managedTargets' | 'changes' | 'manages'>): string {
  const { add, update, remove } = plan.summary;
  // docs/plan.md, "Team changes" and "Member changes": a plan that changes teams or members says so under this line (team-lines.ts, member-lines.ts).
  const teams = plan.changes.filter((c) => c.kind !== 'grant').length;
  // A plan of members manages people even without a target: its "nothing to do" is "No changes".
  if (plan.managedTargets === 0 && teams === 0 && !plan.manages?.includes('member'))
    return `No targets managed: the files name no project or workspace of ${plan.organization}.`;
  if (add + update + remove + teams === 0) return `No changes: access in ${plan.organization} matches the files.`;
  return `Plan for ${plan.organization}: ${add} to add, ${update} to change, ${remove} to remove.`;
}

/**
 * The heading of a plan's refusals, or undefined when apply may go ahead. Placed right under the
 * summary in every format: a reviewer must not read a plan apply will refuse as applicable.
 */
export function refusalHeadline(plan: { readonly refusals: readonly unknown[] }): { title: string; detail: string } | undefined {
  const n = plan.refusals.length;
  if (n === 0) return undefined;
  return { title: 'Apply will refuse this plan', detail: `(${n === 1 ? '1 safety guard' : `${n} safety guards`}); nothing would be changed:` };
}
