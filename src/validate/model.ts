// The merged, valid files -> the normalised DesiredState the planner reads: roles expanded (the
// grant keeps the role's name; `role:` of an inline grant as its string form), `expires:` as the
// instant it means (core/expiry.ts), custom defaults filled, fixed levels kept as levels with their
// implied permissions, `prune` as written (settings.prune decides where the sets merge, expand/).
// Pure; called only when there are no problems.
import { isFixedLevel, type PermissionSet, type PermissionValue, type Resource } from '../core/access.js';
import { DEFAULT_SETTINGS, type DesiredRoles, type DesiredSettings, type FilesState } from '../core/desired-state.js';
import { parseExpiry } from '../core/expiry.js';
import {
  type Access,
  type DesiredGrant,
  type DesiredSet,
  type EntryTarget,
  type GrantExpiry,
  RESOURCE_OF,
  type SourceRef,
  type TargetType,
} from '../core/model.js';
import { byEntryKey, byName, byTypeThenName } from '../core/order.js';
import { customAccess, flattenPermissions } from '../core/permissions.js';
import { WARNING_CODES, type WarningCode } from '../core/warning-codes.js';
import { toDismissals } from './dismissals.js';
import { peopleSettingsOf } from './members.js';
import { isRecord, type Located, type Merged, type MergedSet, type MergedTarget } from './merge.js';
import { toPolicies } from './policies.js';
import { valueAt } from './positions.js';
import { toReviewOwners } from './review-owners.js';
import { selectionOf } from './selection.js';
import { desiredTeams } from './teams.js';
import { desiredTokenPolicy } from './token-policy.js';

/** A file's permission map (nested `project-access: {...}` or flat) -> the known attributes, dotted. */
function givenPermissions(resource: Resource, source: unknown): PermissionSet {
  const out: Record<string, PermissionValue> = {};
  if (!isRecord(source)) return out;
  for (const { key, value, spec } of flattenPermissions(resource, source)) {
    if (spec && (typeof value === 'string' || typeof value === 'boolean')) out[key] = value;
  }
  return out;
}

/** A level name (validated before) as Access: a fixed level as itself, else custom with the given attributes filled. */
function accessOf(resource: Resource, level: string, given: PermissionSet): Access {
  return isFixedLevel(resource, level) ? { access: level } : customAccess(resource, given);
}

/** `expires:` of an inline grant (validated before), with where it is written. */
function expiryOf(item: Located): { expires?: GrantExpiry } {
  const value = isRecord(item.value) ? item.value.expires : undefined;
  const parsed = typeof value === 'string' ? parseExpiry(value) : undefined;
  if (!parsed || !('at' in parsed)) return {};
  return { expires: { at: parsed.at, source: valueAt(item.file, [...item.segments, 'expires']) } };
}

/** A role's grant: its custom vector, with the role's name kept for the plan. */
function roleGrant(merged: Merged, type: TargetType, team: string, name: string, source: SourceRef): DesiredGrant {
  const resource = RESOURCE_OF[type];
  return { team, access: customAccess(resource, givenPermissions(resource, merged.roles[type].get(name)?.value)), role: name, source };
}

function toGrant(merged: Merged, type: TargetType, team: string, item: Located): DesiredGrant {
  const resource = RESOURCE_OF[type];
  const source = item.at;
  const value = item.value;
  if (typeof value === 'string') {
    if (merged.roles[type].has(value)) return roleGrant(merged, type, team, value, source);
    return { team, access: accessOf(resource, value, {}), source };
  }
  if (isRecord(value) && typeof value.role === 'string') return { ...roleGrant(merged, type, team, value.role, source), ...expiryOf(item) };
  const level = isRecord(value) && typeof value.access === 'string' ? value.access : 'custom';
  return { team, access: accessOf(resource, level, givenPermissions(resource, value)), source, ...expiryOf(item) };
}

/** The ignored team names, each with where it was written (the resolver checks them like granted teams). */
function ignoredTeams(entry: Located | undefined): Pick<DesiredSettings, 'ignoreTeams' | 'ignoreTeamSources'> {
  if (!entry || !Array.isArray(entry.value)) return { ignoreTeams: DEFAULT_SETTINGS.ignoreTeams };
  const sources = new Map<string, SourceRef>();
  entry.value.forEach((team: unknown, i) => {
    if (typeof team === 'string' && !sources.has(team)) sources.set(team, valueAt(entry.file, [...entry.segments, i]));
  });
  return { ignoreTeams: [...sources.keys()], ignoreTeamSources: sources };
}

/** The codes of an `ignore-warnings` list (validated before), absent when it names none. */
function ignoredWarnings(entry: Located | undefined): { ignoreWarnings?: readonly WarningCode[] } {
  const codes = Array.isArray(entry?.value) ? WARNING_CODES.filter((code) => (entry.value as unknown[]).includes(code)) : [];
  return codes.length > 0 ? { ignoreWarnings: codes } : {};
}

function settingsOf(merged: Merged): DesiredSettings {
  const prune = merged.settings.get('prune')?.value;
  const max = merged.settings.get('max-removals')?.value;
  const warningDays = merged.settings.get('expiry-warning-days')?.value;
  return {
    prune: typeof prune === 'boolean' ? prune : DEFAULT_SETTINGS.prune,
    ...ignoredTeams(merged.settings.get('ignore-teams')),
    maxRemovals: typeof max === 'number' ? max : DEFAULT_SETTINGS.maxRemovals,
    ...(typeof warningDays === 'number' ? { expiryWarningDays: warningDays } : {}),
    ...ignoredWarnings(merged.settings.get('ignore-warnings')),
    ...teamSettingsOf(merged),
    ...peopleSettingsOf(merged),
  };
}

/** `settings.prune-teams` and `settings.max-team-deletions`, only when written: files without them keep their state. */
function teamSettingsOf(merged: Merged): Pick<DesiredSettings, 'pruneTeams' | 'maxTeamDeletions' | 'maxTokenRevocations'> {
  const prune = merged.settings.get('prune-teams')?.value;
  const max = merged.settings.get('max-team-deletions')?.value;
  const tokens = merged.settings.get('max-token-revocations')?.value;
  return {
    ...(typeof prune === 'boolean' ? { pruneTeams: prune } : {}),
    ...(typeof max === 'number' ? { maxTeamDeletions: max } : {}),
    ...(typeof tokens === 'number' ? { maxTokenRevocations: tokens } : {}),
  };
}

function grantsOf(merged: Merged, type: TargetType, grants: ReadonlyMap<string, Located>): DesiredGrant[] {
  return [...grants].sort(byEntryKey).map(([team, item]) => toGrant(merged, type, team, item));
}

function toTarget(merged: Merged, target: MergedTarget): EntryTarget {
  const id = target.fields.get('id')?.value;
  const prune = target.fields.get('prune')?.value;
  return {
    type: target.type,
    name: target.name,
    ...(typeof id === 'string' ? { id } : {}),
    ...(typeof prune === 'boolean' ? { prune } : {}),
    grants: grantsOf(merged, target.type, target.grants),
    source: target.at,
    ...ignoredWarnings(target.fields.get('ignore-warnings')),
  };
}

function toSet(merged: Merged, set: MergedSet): DesiredSet {
  const value = isRecord(set.item.value) ? set.item.value : {};
  return {
    type: set.type,
    name: set.name,
    ...selectionOf(set.item.file, [...set.item.segments, 'match'], value.match),
    ...(typeof value.prune === 'boolean' ? { prune: value.prune } : {}),
    grants: grantsOf(merged, set.type, set.grants),
    source: set.item.at,
  };
}

function rolesOf(merged: Merged): DesiredRoles {
  const kind = (type: TargetType) => {
    const resource = RESOURCE_OF[type];
    return new Map([...merged.roles[type]].map(([name, role]) => [name, customAccess(resource, givenPermissions(resource, role.value))]));
  };
  return { project: kind('project'), workspace: kind('workspace') };
}

export function toDesiredState(merged: Merged): FilesState {
  const settings = settingsOf(merged);
  const targets = [...merged.targets.values()].map((t) => toTarget(merged, t)).sort(byTypeThenName);
  const sets = (['project', 'workspace'] as const).flatMap((type) => [...merged.sets[type].values()].map((s) => toSet(merged, s)).sort(byName));
  const policies = toPolicies(merged);
  const organizationSource = merged.organization ? { organizationSource: valueAt(merged.organization.file, ['organization']) } : {};
  return {
    organization: String(merged.organization?.value ?? ''),
    ...organizationSource,
    settings,
    targets,
    roles: rolesOf(merged),
    ...(sets.length > 0 ? { sets } : {}),
    ...(policies.length > 0 ? { policies } : {}),
    ...desiredTeams(merged),
    ...toReviewOwners(merged),
    ...toDismissals(merged),
    ...desiredTokenPolicy(merged),
  };
}
