// Fingerprints of what a plan was based on: sha256 of a canonical JSON form, so the same state
// always gives the same fingerprint whatever order the service listed it in or the files wrote it.

import { type FilesState } from '../core/desired-state.js';
import { type DesiredGrant, type LiveGrant, RESOURCE_OF, type TargetType, type Team } from '../core/model.js';
import { byKey } from '../core/order.js';
import { personKey } from '../core/people.js';
import { permissionsOf } from '../core/permissions.js';
import type { Person } from '../core/person.js';
import { isServiceUser } from '../core/person-kind.js';
import { sha256Hex as sha256 } from '../core/sha256.js';
import { type LiveTokenPolicy, TOKEN_TYPES } from '../core/token-policy.js';

type Canonical = string | number | boolean | null | Canonical[] | { [key: string]: Canonical };

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: Canonical): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The keys of a saved plan's seals: the public one, and the keyed one (seal.ts, TFE_ACCESS_PLAN_KEY). */
export const INTEGRITY_KEY = 'integrity';
export const HMAC_KEY = 'hmac';

/** What both seals cover: every key of the document but the seals, in canonical JSON. */
export function sealedText(document: Readonly<Record<string, unknown>>): string {
  const rest = Object.fromEntries(Object.entries(document).filter(([key]) => key !== INTEGRITY_KEY && key !== HMAC_KEY));
  return canonicalJson(rest as Canonical);
}

/** The public seal: sha256 of every other key of the document (whoever can edit the file can recompute it). */
export function integrityOf(document: Readonly<Record<string, unknown>>): string {
  return sha256(sealedText(document));
}

/**
 * One target's grants as the service reported them: id, team, level and every reported permission.
 * Attributes the tables do not know (`extra`) are left out: the plan does not depend on them.
 */
export function fingerprintGrants(grants: readonly LiveGrant[]): string {
  const rows = [...grants]
    .sort(byKey((g) => g.id))
    .map((g) => ({ id: g.id, team: g.teamId, access: g.access.access, permissions: { ...g.access.permissions } }));
  return sha256(canonicalJson(rows));
}

/**
 * docs/apply.md, "Saved plans": the teams as read, each with every setting a team change compares
 * (a team created, renamed, deleted or changed by hand since the plan moves it).
 */
export function fingerprintTeams(teams: Iterable<Team>): string {
  const rows = [...teams].sort(byKey((t) => t.id)).map((t) => ({
    id: t.id,
    name: t.name,
    visibility: t.visibility,
    access: { ...t.organizationAccess },
    sso: t.ssoTeamId === undefined ? 'not reported' : t.ssoTeamId,
    tokens: t.allowMemberTokenManagement ?? 'not reported',
  }));
  return sha256(canonicalJson(rows));
}

/**
 * docs/apply.md, "Saved plans": the people as read, each with what a member change depends on (a
 * person invited, added, removed, accepting or leaving since the plan moves it).
 */
export function fingerprintPeople(people: Iterable<Person>): string {
  const rows = [...people].sort(byKey((p) => p.membershipId)).map((p) => ({
    id: p.membershipId,
    email: personKey(p.email),
    status: p.status,
    user: p.userId ?? null,
    // What the membership list says, as apply reads it again (a team's filtered list is not read there).
    service: isServiceUser(p),
    teams: [...p.teamIds].sort(),
  }));
  return sha256(canonicalJson(rows));
}

/** The files' teams (docs/files.md, "`teams`"), only when they have some: files without keep their fingerprint. */
function teamRows(desired: FilesState): { teams?: Canonical[]; teamSettings?: Canonical; peopleSettings?: Canonical } {
  const settings =
    desired.settings.pruneTeams === undefined && desired.settings.maxTeamDeletions === undefined
      ? {}
      : { teamSettings: { prune: desired.settings.pruneTeams ?? null, max: desired.settings.maxTeamDeletions ?? null } };
  if (!desired.teams) return { ...settings, ...peopleSettingRows(desired) };
  const teams = desired.teams.map((t) => ({
    name: t.name,
    visibility: t.visibility ?? null,
    sso: t.ssoTeamId === undefined ? 'not managed' : t.ssoTeamId,
    tokens: t.allowMemberTokenManagement ?? null,
    access: t.organizationAccess ? { ...t.organizationAccess } : null,
    previously: [...t.previously],
    // docs/files.md, "Members": only a team that lists its members counts them.
    ...(t.members ? { members: { people: t.members.emails.map(personKey).sort(), prune: t.members.prune } } : {}),
  }));
  return { teams, ...settings, ...peopleSettingRows(desired) };
}

/** The people settings, only those written: files without keep their fingerprint. */
function peopleSettingRows(desired: FilesState): { peopleSettings?: Canonical } {
  const s = desired.settings;
  const rows: Record<string, Canonical> = {};
  if (s.invite !== undefined) rows.invite = s.invite;
  if (s.prunePeople !== undefined) rows.prunePeople = s.prunePeople;
  if (s.maxMemberRemovals !== undefined)
    rows.maxMemberRemovals = typeof s.maxMemberRemovals === 'number' ? s.maxMemberRemovals : `${s.maxMemberRemovals.percent}%`;
  if (s.minOwners !== undefined) rows.minOwners = s.minOwners;
  if (s.maxPeopleRemovals !== undefined) rows.maxPeopleRemovals = s.maxPeopleRemovals;
  return Object.keys(rows).length === 0 ? {} : { peopleSettings: rows };
}

/** A grant's meaning; `expires` only when it has one, so a file without expiries keeps its fingerprint. */
function grantRows(type: TargetType, grants: readonly DesiredGrant[]): Canonical[] {
  return [...grants].sort(byKey((g) => g.team)).map((g) => ({
    team: g.team,
    access: g.access.access,
    permissions: { ...permissionsOf(RESOURCE_OF[type], g.access) },
    ...(g.expires ? { expires: g.expires.at } : {}),
  }));
}

/**
 * Sets count by what they match and give (`prune` as settings.prune makes it when not written; the
 * grants in force and ended alike, the ended ones' teams apart); files without sets fingerprint as
 * they did before sets.
 */
function setRows(desired: FilesState): { sets?: Canonical[] } {
  const sets = desired.sets ?? [];
  if (sets.length === 0) return {};
  const rows = [...sets].sort(byKey((s) => `${s.type}\u0000${s.name}`)).map((s) => {
    const match: Record<string, Canonical> = {};
    for (const [key, values] of Object.entries(s.match)) if (values !== undefined) match[key] = [...(values as readonly string[])];
    const ended = s.expired ?? [];
    const prune = s.prune ?? desired.settings.prune;
    return {
      type: s.type,
      name: s.name,
      match,
      prune,
      grants: grantRows(s.type, [...s.grants, ...ended]),
      ...(ended.length > 0 ? { expired: ended.map((g) => g.team).sort() } : {}),
    };
  });
  return { sets: rows };
}

/** docs/effective-access.md, "Policies": files with policies count them, so `apply --plan FILE PATHS` refuses a plan saved under other ones. */
function policyRows(desired: FilesState): { policies?: Canonical[] } {
  const policies = desired.policies ?? [];
  if (policies.length === 0) return {};
  // A policy of the whole organization has no match (core/policy.ts).
  const match = (p: (typeof policies)[number]): { match?: Canonical } =>
    p.type === 'organization' ? {} : { match: JSON.parse(JSON.stringify(p.match)) as Canonical };
  return { policies: policies.map((p) => ({ name: p.name, type: p.type, ...match(p), rule: JSON.parse(JSON.stringify(p.rule)) as Canonical })) };
}

/**
 * The desired state's meaning; where it was written (files, lines) does not count. Grants that have
 * ended at the time of the run (the `expired` of an entry or a set, core/expiry.ts) count apart: a
 * grant that expires between `plan --out` and `apply --plan` moves the fingerprint.
 */
export function fingerprintDesired(desired: FilesState): string {
  const targets = [...desired.targets].sort(byKey((t) => `${t.type}\u0000${t.name}`)).map((t) => ({
    type: t.type,
    name: t.name,
    id: t.id ?? null,
    prune: t.prune ?? desired.settings.prune,
    grants: grantRows(t.type, t.grants),
    // With sets, `prune: false` written on an entry means more than the default false: no set prunes it.
    ...(desired.sets?.length && t.prune !== undefined ? { pruneExplicit: true } : {}),
    ...(t.expired?.length ? { expired: grantRows(t.type, t.expired) } : {}),
  }));
  const settings = { prune: desired.settings.prune, ignoreTeams: [...desired.settings.ignoreTeams].sort(), maxRemovals: desired.settings.maxRemovals };
  return sha256(canonicalJson({ organization: desired.organization, settings, targets, ...setRows(desired), ...policyRows(desired), ...teamRows(desired) }));
}

/**
 * docs/apply.md, "Saved plans": the token policy as read (every type's limit, in milliseconds, and
 * the user-tokens switch; a value the service did not report is null): a plan with token-policy
 * changes is applied only to the policy it was planned from.
 */
export function fingerprintTokenPolicy(policy: LiveTokenPolicy): string {
  const limits = Object.fromEntries(TOKEN_TYPES.map((type) => [type, policy.maxTtl[type] ?? null]));
  return sha256(canonicalJson({ max_ttl: limits, user_tokens: policy.userTokens ?? null }));
}
