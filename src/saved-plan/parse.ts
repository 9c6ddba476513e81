// The saved-plan document back into a SavedPlan. The reader refuses other format versions, a
// document whose seal does not match it (with TFE_ACCESS_PLAN_KEY, a missing or wrong HMAC too:
// seal.ts), a plan whose checksum is not the one of its changes, organization, guard inputs,
// policies and violations, and refusals that are not the guards' verdict on its changes (the file
// was edited or damaged).

import type { Scope } from '../core/coverage.js';
import type { JsonObject } from '../core/json-value.js';
import type { PendingInvite } from '../core/people.js';
import {
  CHANGE_KINDS,
  type Change,
  type ChangeOf,
  type ChangesByKind,
  GUARD_NAMES,
  type GuardName,
  type PlanChange,
  type PlanChangeKind,
  type PlanRefusal,
  type PlanWarning,
  planChanges,
  summarise,
} from '../core/plan.js';
import { PLAN_FORMAT_VERSION } from '../core/plan-document.js';
import type { AcceptedBy, PolicyViolation } from '../core/policy.js';
import { pendingTeamId } from '../core/teams.js';
import { WARNING_CODES, type WarningCode } from '../core/warning-codes.js';
import { checksumOf, policiesDigestOf, scopeSumOf } from '../diff/checksum.js';
import { READ_GUARDS } from '../guard/guards.js';
import { refusalsOf } from '../guard/plan-refusals.js';
import { HMAC_KEY, INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { fileHoldsKind, type KindExtra, READABLE_VERSIONS, SAVED_KINDS, type SavedKind } from './kinds.js';
import { targetType } from './parse-changes.js';
import { coverageAndScopeOf } from './parse-coverage.js';
import { effectiveChangesOf } from './parse-effective.js';
import { expiriesOf, savedPoliciesOf } from './parse-policies.js';
import { readOf } from './parse-read.js';
import { serverOf } from './parse-server.js';
import { type JsonRecord, NotASavedPlanError, Reader, SavedPlanError } from './reader.js';
import { type BasisTarget, basisGuardInputs, type PlanBasis, SAVED_PLAN_KIND, SAVED_PLAN_SCOPED_FORMAT_VERSION, type SavedPlan } from './saved-plan.js';
import { type HmacState, PLAN_KEY_ENV, type PlanKey } from './seal.js';

const EDITED = 'plan.checksum does not match its changes, organization, guard inputs, policies and violations (the file was edited or damaged)';
const SEAL_BROKEN = 'its integrity digest does not match its content (the file was edited or damaged after it was written)';
const NO_HMAC = `it carries no HMAC, and ${PLAN_KEY_ENV} is set: it was not written by \`plan --out\` with the key (or its HMAC was removed)`;
const WRONG_HMAC = `its HMAC does not match ${PLAN_KEY_ENV} (the file was edited and sealed again, or written with another key)`;

function warningOf(reader: Reader): PlanWarning {
  const code = reader.string('code') as WarningCode;
  if (!WARNING_CODES.includes(code)) reader.fail(`${reader.at('code')} "${code}" is not a known warning`);
  const out: { code: WarningCode; message: string; target?: PlanWarning['target']; team?: string } = { code, message: reader.string('message') };
  if (reader.value.target !== undefined) {
    const target = reader.object('target');
    out.target = { type: targetType(target, 'type'), name: target.string('name'), id: target.string('id') };
  }
  if (reader.value.team !== undefined) out.team = reader.string('team');
  return out;
}

function refusalOf(reader: Reader): PlanRefusal {
  const guard = reader.string('guard') as GuardName;
  if (!(GUARD_NAMES as readonly string[]).includes(guard)) reader.fail(`${reader.at('guard')} "${guard}" is not a known guard`);
  return { guard, message: reader.string('message'), howToProceed: reader.string('how_to_proceed') };
}

/** docs/effective-access.md, "Policies": a saved plan keeps the violations found when it was made; apply finds them again and refuses any. */
function violationOf(reader: Reader): PolicyViolation {
  // null: a violation of the organization's (an organization-access policy), of no target.
  const target = reader.value.target === null ? null : reader.object('target');
  const team = reader.value.team === null ? null : reader.object('team');
  return {
    policy: reader.string('policy'),
    target: target ? { type: targetType(target, 'type'), name: target.string('name'), id: target.string('id') } : null,
    team: team ? { name: team.string('name'), id: team.value.id === null ? pendingTeamId(team.string('name')) : team.string('id') } : null,
    message: reader.string('message'),
    finding: findingRead(reader),
    ...statusOf(reader),
    ...acceptedOf(reader),
  };
}

/**
 * What the violation found, as the plan kept it (core/finding-document.ts): the checksum hashes it,
 * not the words. A plan saved before it was kept hashed the words: it is not read (plan again).
 */
function findingRead(reader: Reader): JsonObject {
  const finding = reader.value.finding;
  if (finding === undefined) reader.fail(`${reader.path} has no finding (saved by an earlier tfe-access, whose checksum hashed the violations' words)`);
  return reader.object('finding').value as JsonObject;
}

/** docs/evidence.md, "New and live violations": `new` or `live`, where the plan compared. */
function statusOf(reader: Reader): { status?: 'new' | 'live' } {
  if (reader.value.status === undefined) return {};
  const status = reader.string('status');
  return status === 'new' || status === 'live' ? { status } : reader.fail(`${reader.at('status')} "${status}" is not new or live`);
}

/** docs/evidence.md, "Accepted exceptions": the exception's reason and end. */
function acceptedOf(reader: Reader): { accepted?: AcceptedBy } {
  if (reader.value.accepted === undefined) return {};
  const accepted = reader.object('accepted');
  return { accepted: { reason: accepted.string('reason'), expires: accepted.instant('expires') } };
}

function basisTargetOf(reader: Reader): BasisTarget {
  return {
    type: targetType(reader, 'type'),
    name: reader.string('name'),
    id: reader.string('id'),
    grants: reader.string('grants'),
    complete: reader.boolean('complete'),
  };
}

/** A kind's row (kinds.ts), over the union of the kinds' changes. */
const rowOf = (kind: PlanChangeKind): SavedKind<PlanChangeKind> => SAVED_KINDS[kind] as unknown as SavedKind<PlanChangeKind>;

/** The basis, what `apply --plan` decides freshness, the guards and the policies from; each kind held adds its part. */
function basisOf(root: Reader, kinds: readonly PlanChangeKind[]): PlanBasis {
  const reader = root.object('basis');
  const policies = savedPoliciesOf(reader);
  const parts = kinds.map((kind) => rowOf(kind).basis?.(reader) ?? {});
  return {
    desired: reader.string('desired'),
    maxRemovals: reader.integer('max_removals'),
    targets: reader.objects('targets').map(basisTargetOf),
    policies,
    ...expiriesOf(reader, policies),
    ...Object.assign({}, ...parts),
  };
}

/** The keyed seal (seal.ts): with the key, checked; without it, only said to be there. */
function hmacOf(root: Reader, key: PlanKey | undefined): { hmac?: HmacState } {
  const hmac = root.value[HMAC_KEY];
  if (hmac !== undefined && typeof hmac !== 'string') root.fail(`${HMAC_KEY} is not a string`);
  if (key === undefined) return hmac === undefined ? {} : { hmac: 'not-verified' };
  if (hmac === undefined) root.fail(NO_HMAC);
  if (!key.verifies(root.value, hmac)) root.fail(WRONG_HMAC);
  return { hmac: 'verified' };
}

/** `targeted` of a --target plan (core/plan-document.ts): `type:name` strings, at least one. */
function targetedOf(reader: Reader): { targeted?: string[] } {
  if (reader.value.targeted === undefined) return {};
  const targeted = reader.array('targeted');
  if (targeted.length === 0 || !targeted.every((t) => typeof t === 'string' && /^(project|workspace):./s.test(t)))
    reader.fail(`${reader.at('targeted')} is not a list of project:NAME and workspace:NAME`);
  return { targeted: targeted as string[] };
}

/** The kinds a file of its version holds, in the plan's order (kinds.ts: each row says which versions hold it). */
function savedKindsOf(file: string, root: Reader): PlanChangeKind[] {
  if (root.value.kind !== SAVED_PLAN_KIND) throw new NotASavedPlanError(file, `it has no "kind": "${SAVED_PLAN_KIND}"`);
  const version = root.value.format_version;
  if (typeof version !== 'number' || !READABLE_VERSIONS.includes(version)) {
    throw new SavedPlanError(
      file,
      `its format_version is ${JSON.stringify(version)}, and this tfe-access reads versions ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)} only`,
    );
  }
  return CHANGE_KINDS.filter((kind) => fileHoldsKind(rowOf(kind), version, root.value.plan as JsonRecord | undefined));
}

/** The changes of every kind the file holds; a kind its version does not hold is an edit. */
interface SavedChanges {
  readonly kinds: readonly PlanChangeKind[];
  readonly byKind: { readonly [K in PlanChangeKind]?: readonly ChangeOf<K>[] };
  /** The grant changes (every version holds them). */
  readonly changes: Change[];
  /** The teams the plan creates, by name: a change may name one before it has an id. */
  readonly created: ReadonlySet<string>;
}

function savedChangesOf(root: Reader, planReader: Reader, kinds: readonly PlanChangeKind[]): SavedChanges {
  for (const kind of CHANGE_KINDS) if (!kinds.includes(kind) && planReader.value[rowOf(kind).key] !== undefined) root.fail(EDITED);
  const byKind: Partial<Record<PlanChangeKind, readonly ChangeOf<PlanChangeKind>[]>> = {};
  // A kind that creates teams first: the others may name a team it creates.
  const creating = kinds.filter((kind) => rowOf(kind).creates !== undefined);
  for (const kind of creating) byKind[kind] = rowOf(kind).read(planReader, new Set());
  const created = new Set(creating.flatMap((kind) => rowOf(kind).creates?.(byKind[kind] ?? []) ?? []));
  for (const kind of kinds) if (!creating.includes(kind)) byKind[kind] = rowOf(kind).read(planReader, created);
  const held = byKind as SavedChanges['byKind'];
  return { kinds, byKind: held, changes: [...(held.grant ?? [])], created };
}

const changesOfKind = (read: SavedChanges, kind: PlanChangeKind): readonly ChangeOf<PlanChangeKind>[] => read.byKind[kind] ?? [];

/**
 * The checksum a reviewer approves must be the one of what is applied, guards' inputs, policies
 * and their violations included: a file resealed after an edit is still refused unless its
 * checksum was recomputed too, and then `--checksum SUM` tells it from the reviewed plan.
 */
function checkChecksum(
  root: Reader,
  organization: string,
  read: SavedChanges,
  basis: PlanBasis,
  violations: readonly PolicyViolation[] | undefined,
  scope: Scope,
): string {
  const checksum = root.object('plan').string('checksum');
  const { memberGuards: _members, maxTeamDeletions: _teams, maxTokenRevocations: _tokens, ...grantGuards } = basisGuardInputs(basis);
  const parts = read.kinds.map((kind) => rowOf(kind).checksum?.(changesOfKind(read, kind), basis) ?? {});
  const summed = {
    organization,
    changes: read.changes,
    ...grantGuards,
    policies: policiesDigestOf(basis.policies),
    violations: violations ?? [],
    ...Object.assign({}, ...parts),
    // docs/plan.md, "Scoped plans": a scoped plan's checksum covers its scope.
    ...scopeSumOf(scope),
  };
  if (checksumOf(summed) !== checksum) root.fail(EDITED);
  return checksum;
}

/** The refusals are the guards' verdict on the changes and the basis, never what the file says. */
function checkRefusals(root: Reader, changes: readonly PlanChange[], basis: PlanBasis): PlanRefusal[] {
  const refusals = root.object('plan').objects('refusals').map(refusalOf);
  const guards = basisGuardInputs(basis);
  const derived = refusalsOf(changes, {
    maxRemovals: guards.maxRemovals,
    incompleteTargets: new Set(guards.incompleteTargets),
    ...(guards.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: guards.maxTeamDeletions }),
    ...(guards.memberGuards ? { members: guards.memberGuards } : {}),
    ...(guards.maxTokenRevocations === undefined ? {} : { maxTokenRevocations: guards.maxTokenRevocations }),
  });
  // Those decided from the read (the token's own team) are not in the basis: apply makes them again from its own read.
  const ofBasis = (list: readonly PlanRefusal[]): PlanRefusal[] => list.filter((r) => !READ_GUARDS.has(r.guard));
  if (JSON.stringify(ofBasis(refusals)) !== JSON.stringify(derived)) root.fail(EDITED);
  return refusals;
}

/**
 * What the reader keeps must be all the file says: a value it would drop (a fixed level's
 * permissions are its table row) is an edit too. Gives the pending invitations of a file with members.
 */
function checkDocuments(root: Reader, planReader: Reader, read: SavedChanges): { pendingInvites?: PendingInvite[] } {
  const extras = read.kinds.map((kind): KindExtra => rowOf(kind).documents(planReader, changesOfKind(read, kind), read.created) ?? root.fail(EDITED));
  return Object.assign({}, ...extras) as KindExtra;
}

/** Every change has a target of the basis. */
function checkTargets(root: Reader, changes: readonly Change[], basis: PlanBasis): void {
  const known = new Set(basis.targets.map((t) => t.id));
  const stray = changes.find((c) => !known.has(c.target.id));
  if (stray) root.fail(`a change of ${stray.target.type} "${stray.target.name}" has no basis`);
}

function addressOf(root: Reader): { address?: string } {
  const address = root.value.address;
  if (address !== null && address !== undefined && typeof address !== 'string') root.fail('address is not a string');
  return typeof address === 'string' ? { address } : {};
}

/** With `key` (TFE_ACCESS_PLAN_KEY), a file without its HMAC, or with another, is refused. */
export function parseSavedPlan(file: string, json: unknown, key?: PlanKey): SavedPlan {
  const root = Reader.of(file, json, '');
  const kinds = savedKindsOf(file, root);
  // The seal first: an edit anywhere (address, basis, warnings) is refused before anything is read.
  if (root.value[INTEGRITY_KEY] !== integrityOf(root.value)) root.fail(SEAL_BROKEN);
  const hmac = hmacOf(root, key);
  const planReader = root.object('plan');
  if (planReader.value.format_version !== PLAN_FORMAT_VERSION) planReader.fail(`plan.format_version is not ${PLAN_FORMAT_VERSION}`);
  const organization = planReader.string('organization');
  const read = savedChangesOf(root, planReader, kinds);
  const basis = basisOf(root, kinds);
  const violations = planReader.value.violations === undefined ? undefined : planReader.objects('violations').map(violationOf);
  // Read before the checksum, which covers a scoped plan's scope.
  const targeted = targetedOf(planReader);
  const covered = coverageAndScopeOf(planReader, basis, targeted.targeted, root.value.format_version === SAVED_PLAN_SCOPED_FORMAT_VERSION);
  const checksum = checkChecksum(root, organization, read, basis, violations, covered.scope);
  const listed = planChanges({ ...read.byKind, grant: read.changes } as ChangesByKind);
  const refusals = checkRefusals(root, listed.changes, basis);
  const extra = checkDocuments(root, planReader, read);
  const plan = {
    organization,
    ...listed,
    summary: summarise(read.changes),
    warnings: planReader.objects('warnings').map(warningOf),
    checksum,
    refusals,
    // The basis lists every target read, as the plan counts them (diff/plan.ts).
    managedTargets: basis.targets.length,
    ...targeted,
    ...covered,
    ...effectiveChangesOf(planReader),
    ...serverOf(planReader),
    ...(violations === undefined ? {} : { violations }),
    ...readOf(planReader),
    ...extra,
  };
  checkTargets(root, read.changes, basis);
  return { ...addressOf(root), plan, basis, ...hmac };
}
