// A policy violation in words (docs/effective-access.md, "Policies"): the one phrasing of what the check found, one
// row per kind of rule (core/policy-rules.ts; the compiler asks for every kind), and the
// violation's JSON, whose `message` it is. A violation read back from a saved plan keeps the words
// it was saved with.

import type { AccessSource } from '../../core/effective.js';
import { describeInstant } from '../../core/expiry.js';
import type { JsonObject } from '../../core/json-value.js';
import type { TargetRef, TeamRef } from '../../core/model.js';
import type { PolicyViolation } from '../../core/policy.js';
import type { FindingOf, OrganizationKind, RuleKind, TokenAge } from '../../core/policy-rules.js';
import { quote } from '../../core/printable.js';
import { isPendingTeamId } from '../../core/teams.js';
import { sourceText } from '../shared/source-text.js';

/** Where a finding is, for its words: the team, and the target of a kind checked on targets. */
interface OrganizationPlace {
  readonly team: TeamRef | null;
}
interface TargetPlace extends OrganizationPlace {
  readonly target: TargetRef;
}
type PlaceOf<K extends RuleKind> = K extends OrganizationKind ? OrganizationPlace : TargetPlace;

/** How many members a max-members violation names before it counts the rest. */
const MEMBERS_NAMED = 10;

const where = (target: TargetRef): string => `${target.type} ${quote(target.name)}`;
const sourcesText = (sources: readonly AccessSource[], target: TargetRef): string => sources.map((s) => sourceText(s, target.type)).join(', ');
const atLeast = (level: string): string => (level === 'admin' ? 'admin' : `at least ${level}`);

const WORDS: { readonly [K in RuleKind]: (found: FindingOf<K>, place: PlaceOf<K>) => string } = {
  'max-access': (found, { target, team }) =>
    `team ${quote(team?.name ?? '')} has ${found.access} on ${where(target)}, above ${found.rule.access} (${sourcesText(found.sources, target)})`,
  'min-access': (found, { target }) => {
    const has = found.has ? `${found.has.access} (${sourcesText(found.has.sources, target)})` : 'no access';
    return `team ${quote(found.rule.team)} has ${has} on ${where(target)}, below ${found.rule.access}`;
  },
  'max-teams': (found, { target }) =>
    `${found.teams.length === 1 ? '1 team has' : `${found.teams.length} teams have`} ${atLeast(found.rule.access)} on ${where(target)}, more than ${found.rule.count}: ${found.teams.join(', ')}`,
  'max-expiry': (found, { target, team }) => {
    const until = found.expires === undefined ? 'with no expiry' : `until ${describeInstant(found.expires)}`;
    const days = `${found.rule.days} day${found.rule.days === 1 ? '' : 's'}`;
    return `team ${quote(team?.name ?? '')} has ${found.access} on ${where(target)} ${until}: a grant of ${atLeast(found.rule.access)} must expire within ${days}`;
  },
  'organization-access': (found, { team }) => {
    const flags = found.flags.map((f) => (f.through ? `${f.flag} (through ${f.through})` : f.flag)).join(', ');
    const except = found.rule.exceptTeams.length > 0 ? `every team but ${found.rule.exceptTeams.join(', ')}` : 'every team';
    return `team ${quote(team?.name ?? '')} has ${flags} in the organization: forbidden to ${except}`;
  },
  'max-reach': (found, { team }) => {
    const through = found.through.map(
      (t) =>
        `${t.uses === 'runs' ? 'queues runs on' : t.uses === 'variables' ? 'reads the variables of' : 'reads the outputs on'} workspace ${quote(t.workspace)}`,
    );
    const allowed = found.rule.teams.length > 0 ? `only ${found.rule.teams.join(', ')} and owners may` : 'only owners may';
    return `team ${quote(team?.name ?? '')} reaches ${found.rule.reach}: it ${through.join('; ')}; ${allowed}`;
  },
  'max-members': (found, { team }) => {
    const shown = found.members.slice(0, MEMBERS_NAMED);
    const more = found.members.length - shown.length;
    const names = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    return `team ${quote(team?.name ?? '')} has ${found.members.length} members, more than ${found.rule.count}: ${names}`;
  },
  'max-token-age': (found, { team }) => {
    const days = `${found.rule.days} day${found.rule.days === 1 ? '' : 's'}`;
    const count = found.tokens.length === 1 ? 'a token' : `${found.tokens.length} tokens`;
    return `team ${quote(team?.name ?? '')} has ${count} that ${found.tokens.length === 1 ? 'does' : 'do'} not expire within ${days}: ${found.tokens.map(tokenText).join(', ')}`;
  },
};

/** A token of a max-token-age finding: its id, its description when it has one, and when it ends. */
function tokenText(token: TokenAge): string {
  const until = token.expires === null ? 'no expiry' : `until ${describeInstant(token.expires)}`;
  return `${token.id}${token.description ? ` ${quote(token.description)}` : ''} (${until})`;
}

function wordsOf<K extends RuleKind>(found: FindingOf<K>, place: { readonly target: TargetRef | null; readonly team: TeamRef | null }): string {
  // The check gives a finding of a target kind its target, and one of an organization kind none
  // (policy/check.ts); the compiler cannot follow K to the place.
  return WORDS[found.kind](found, place as PlaceOf<K>);
}

/** What the violation breaks, in one sentence (not yet made printable: each format does that its own way). */
export function violationMessage(violation: PolicyViolation): string {
  return 'message' in violation ? violation.message : wordsOf(violation.found, violation);
}

/** docs/effective-access.md, "Policies": `{policy, target: {type, name, id} | null, team: {name, id} | null, message}` (target null: the organization's). */
export function violationDocument(violation: PolicyViolation): JsonObject {
  return {
    policy: violation.policy,
    target: violation.target ? { type: violation.target.type, name: violation.target.name, id: violation.target.id } : null,
    // docs/plan.md, "Team changes": a team the plan creates has no id yet.
    team: violation.team ? { name: violation.team.name, id: isPendingTeamId(violation.team.id) ? null : violation.team.id } : null,
    message: violationMessage(violation),
    // docs/evidence.md: only where made (a plan compares with live access; an exception accepts it), so a plan without either keeps its bytes.
    ...(violation.status === undefined ? {} : { status: violation.status }),
    ...(violation.accepted === undefined ? {} : { accepted: { reason: violation.accepted.reason, expires: violation.accepted.expires } }),
    ...(violation.lapsed === undefined ? {} : { lapsed: { reason: violation.lapsed.reason, expires: violation.lapsed.expires } }),
  };
}
