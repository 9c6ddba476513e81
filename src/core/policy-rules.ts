// The kinds of policy rule (docs/effective-access.md, "Policies"), one row each, as core/access.ts is for
// permissions: what a rule says (`RuleFields`), what breaking it finds (`RuleFindings`), and its
// row: its keys in the files with their JSON Schema, where its level and team names are written,
// its reading from a valid file, its canonical JSON and the reading back of a saved plan's, and
// what its check reads. The desired-state schema (validate/policy-schema.ts), validation
// (validate/policies.ts), the name checker (resolve/check-names.ts), the canonical form
// (core/policy-document.ts) and saved plans (saved-plan/parse-policies.ts) read the rows; each
// kind's check is a row of policy/rules.ts, its words a row of render/violations/violation-message.ts, both
// tables the compiler checks against this one. Pure.
import { type FixedLevel, LEVEL_RANK, LEVELS, type Level, type Resource } from './access.js';
import type { AccessSource } from './effective.js';
import type { JsonObject } from './json-value.js';
import { TEAM_FLAG_KEYS } from './team-flags.js';

/** What each kind of rule asks of every target its policy covers, by its key in the files. */
export interface RuleFields {
  /** No team above `access`, but the owners team and `exceptTeams`. */
  readonly 'max-access': { readonly access: FixedLevel; readonly exceptTeams: readonly string[] };
  /** `team` has at least `access`. */
  readonly 'min-access': { readonly team: string; readonly access: FixedLevel };
  /** At most `count` teams (the owners team not counted) have at least `access`. */
  readonly 'max-teams': { readonly access: FixedLevel; readonly count: number };
  /** Every grant of at least `access` (the owners team's aside) ends within `days` days: break-glass access never made permanent by accident. */
  readonly 'max-expiry': { readonly access: FixedLevel; readonly days: number };
  /** No team but the owners team and `exceptTeams` has any of the `forbid` flags (core/team-flags.ts), directly or through a flag that brings it. */
  readonly 'organization-access': { readonly forbid: readonly string[]; readonly exceptTeams: readonly string[] };
  /** `team` has at most `count` human members (docs/effective-access.md, "People"): service accounts and hidden members not counted. */
  readonly 'max-members': { readonly team: string; readonly count: number };
  /** Every team token the caller can list ends within `days` days of the run's clock: a token without an expiry never does. */
  readonly 'max-token-age': { readonly days: number };
  /** docs/effective-access.md, "Indirect access": no team but the owners team and `teams` reaches `reach` (`varset:NAME`, `outputs:WORKSPACE`, `agent-pool:NAME`). */
  readonly 'max-reach': { readonly reach: string; readonly teams: readonly string[] };
}

export type RuleKind = keyof RuleFields;
export type RuleOf<K extends RuleKind> = { readonly kind: K } & RuleFields[K];
/** What a policy asks of every target it matches: one rule per policy. */
export type PolicyRule = { readonly [K in RuleKind]: RuleOf<K> }[RuleKind];
/** The kinds checked once on the organization's teams, with no target (their row reads `team-flags` or `people`). */
export type OrganizationKind = 'organization-access' | 'max-members' | 'max-token-age' | 'max-reach';
export type OrganizationWideRule = Extract<PolicyRule, { readonly kind: OrganizationKind }>;
/** The kinds checked on every target a policy's match selects. */
export type TargetRule = Exclude<PolicyRule, OrganizationWideRule>;

/** What breaks a rule on one target, as data: a renderer phrases it (render/violations/violation-message.ts). */
export interface RuleFindings {
  /** The team's effective level, above the rule's, and every source of it. */
  readonly 'max-access': { readonly access: Level; readonly sources: readonly AccessSource[] };
  /** What the rule's team has there: nothing, or a level below the rule's with its sources. */
  readonly 'min-access': { readonly has?: { readonly access: Level; readonly sources: readonly AccessSource[] } };
  /** Every team with at least the level, the owners team not counted, in name order. */
  readonly 'max-teams': { readonly teams: readonly string[] };
  /** The grant's level, at least the rule's, and when it ends (RFC 3339, UTC): absent, it never does. */
  readonly 'max-expiry': { readonly access: Level; readonly expires?: string };
  /** Each forbidden flag the team has, in table order, with the flag it has that brings it (when one does). */
  readonly 'organization-access': { readonly flags: readonly { readonly flag: string; readonly through?: string }[] };
  /** The team's human members counted (active, and invited: a member once accepted), by email. */
  readonly 'max-members': { readonly members: readonly string[] };
  /** The team's tokens that end too late or never, by id (a team with several is one finding). */
  readonly 'max-token-age': { readonly tokens: readonly TokenAge[] };
  /** Each workspace the team reaches it through, with what it does there and why the workspace leads there (core/can.ts, ReachVia). */
  readonly 'max-reach': { readonly through: readonly { readonly workspace: string; readonly uses: string; readonly edge: string }[] };
}

/** A team token a `max-token-age` finding names: its id, its description and when it ends (null: never), never a secret. */
export interface TokenAge {
  readonly id: string;
  readonly description: string | null;
  /** RFC 3339, UTC; null: the token has no expiry. */
  readonly expires: string | null;
}

/** One kind's finding, with the rule it breaks. */
export type FindingOf<K extends RuleKind> = { readonly kind: K; readonly rule: RuleOf<K> } & RuleFindings[K];
export type Finding = { readonly [K in RuleKind]: FindingOf<K> }[RuleKind];

/**
 * What a rule's check reads on a target: each team's effective access there (every source
 * counted, src/effective/), or the grants on the target itself with when each ends; or, with no
 * target, the teams' organization-access flags (the team list every run reads already), or the
 * organization's people (one membership list, live/people.ts), or the team tokens the caller can
 * list (api/tokens.ts, the list the report reads).
 */
export type RuleSource = 'effective-access' | 'grant-expiries' | 'team-flags' | 'people' | 'tokens' | 'indirect';

/** What the kinds of the whole organization read: a policy of one has no match. */
const ORGANIZATION_SOURCES: readonly RuleSource[] = ['team-flags', 'people', 'tokens', 'indirect'];

/** A path below a policy of the files, to a key or a list's item. */
export type PolicyPath = readonly (string | number)[];

/** A saved plan's reader, as a row reads its rule back (saved-plan/parse-policies.ts): a value a valid file cannot hold refuses the file. */
export interface RuleReader {
  /** A fixed level of the policy's kind. */
  level(key: string): FixedLevel;
  string(key: string): string;
  /** A list of non-empty names. */
  names(key: string): string[];
  integer(key: string, minimum: number): number;
  /** A list of flags of core/team-flags.ts. */
  flags(key: string): string[];
}

export interface RuleRow<K extends RuleKind> {
  /** Its keys in a policy of the files with their JSON Schema, its own key first (the schema is validate/schema.ts's). */
  readonly schema: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Where its level is written, below the policy; null: it has none (`organization-access`). */
  readonly levelAt: PolicyPath | null;
  /** The rule of a policy of the files that is valid (the schema and validate/policies.ts's rules hold). */
  readonly read: (policy: Readonly<Record<string, unknown>>) => RuleOf<K>;
  /** Every team name the rule gives, with where it is written below the policy. */
  readonly teams: (rule: RuleOf<K>) => readonly { readonly name: string; readonly at: PolicyPath }[];
  /** The rule with each team name as `spell` gives it (the organization's spelling, resolve/check-names.ts). */
  readonly spell: (rule: RuleOf<K>, spell: (team: string) => string) => RuleOf<K>;
  /** Its canonical JSON: keys in a fixed order, so the same rule always gives the same bytes. */
  readonly document: (rule: RuleOf<K>) => JsonObject;
  /** `document` read back. */
  readonly fromDocument: (reader: RuleReader) => RuleOf<K>;
  readonly reads: RuleSource;
  /**
   * docs/evidence.md, "New and live violations": whether the finding after a plan is worse than the
   * same violation's live (same policy, target and team), so the change makes it new. What cannot
   * be ranked (a custom level) is worse when it differs: only what is surely no worse is `live`.
   */
  readonly worse: (after: RuleFindings[K], live: RuleFindings[K], resource: Resource | null) => boolean;
}

/** The rank of a level of `resource` (custom and no resource: none). */
const rankOf = (resource: Resource | null, level: Level): number | undefined => (resource === null ? undefined : LEVEL_RANK[resource][level]);

/** Whether `after` is above `live` (a level that cannot be ranked: whenever the two differ). */
function rises(after: Level, live: Level, resource: Resource | null): boolean {
  const [a, l] = [rankOf(resource, after), rankOf(resource, live)];
  return a === undefined || l === undefined ? after !== live : a > l;
}

/** Whether `after` names one that `live` does not (a team, a flag, a person more). */
const gains = (after: readonly string[], live: readonly string[]): boolean => after.some((name) => !live.includes(name));

/** Every fixed level of both kinds: read, plan, write, maintain, admin. Which ones a policy's kind takes is validate/policies.ts's rule, for a better message. */
export const POLICY_LEVELS: readonly string[] = [...new Set([...LEVELS['team-workspaces'], ...LEVELS['team-projects']])]
  .filter((l) => l !== 'custom')
  .sort((a, b) => Number(a === 'admin') - Number(b === 'admin'));

function levelSchema(what: string): Readonly<Record<string, unknown>> {
  return {
    description: `${what} A fixed level of the policy's kind: read, write, maintain, admin for projects; read, plan, write, admin for workspaces.`,
    enum: POLICY_LEVELS,
  };
}

const TEAM = { description: 'A team name.', type: 'string', minLength: 1 };

/** A rule written as a mapping of its own (`min-access: {team, access}`): its schema. */
function mappingSchema(description: string, required: readonly string[], properties: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return { description, type: 'object', required, additionalProperties: false, properties };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const field = (policy: Readonly<Record<string, unknown>>, kind: RuleKind): Readonly<Record<string, unknown>> => {
  const value = policy[kind];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

export const POLICY_RULES: { readonly [K in RuleKind]: RuleRow<K> } = {
  'max-access': {
    schema: {
      'max-access': levelSchema('No team may have any permission above what this level implies (admin: any level).'),
      'except-teams': { description: 'Teams `max-access` does not apply to.', type: 'array', items: TEAM, minItems: 1, uniqueItems: true },
    },
    levelAt: ['max-access'],
    read: (policy) => ({ kind: 'max-access', access: policy['max-access'] as FixedLevel, exceptTeams: strings(policy['except-teams']) }),
    teams: (rule) => rule.exceptTeams.map((name, i) => ({ name, at: ['except-teams', i] })),
    spell: (rule, spell) => ({ ...rule, exceptTeams: rule.exceptTeams.map(spell) }),
    document: (rule) => ({ kind: rule.kind, access: rule.access, except_teams: [...rule.exceptTeams] }),
    fromDocument: (reader) => ({ kind: 'max-access', access: reader.level('access'), exceptTeams: reader.names('except_teams') }),
    reads: 'effective-access',
    worse: (after, live, resource) => rises(after.access, live.access, resource),
  },
  'min-access': {
    schema: {
      'min-access': mappingSchema('This team must have at least this level on every matched target.', ['team', 'access'], {
        team: TEAM,
        access: levelSchema('The least access the team must have.'),
      }),
    },
    levelAt: ['min-access', 'access'],
    read: (policy) => ({ kind: 'min-access', team: String(field(policy, 'min-access').team), access: field(policy, 'min-access').access as FixedLevel }),
    teams: (rule) => [{ name: rule.team, at: ['min-access', 'team'] }],
    spell: (rule, spell) => ({ ...rule, team: spell(rule.team) }),
    document: (rule) => ({ kind: rule.kind, team: rule.team, access: rule.access }),
    fromDocument: (reader) => ({ kind: 'min-access', team: reader.string('team'), access: reader.level('access') }),
    reads: 'effective-access',
    // Less than it had: nothing where it had some, or a lower level.
    worse: (after, live, resource) =>
      after.has === undefined ? live.has !== undefined : live.has !== undefined && rises(live.has.access, after.has.access, resource),
  },
  'max-teams': {
    schema: {
      'max-teams': mappingSchema(
        'At most `count` teams (the owners team not counted) may have at least `access` on each matched target.',
        ['access', 'count'],
        {
          access: levelSchema('The level counted (teams with at least it).'),
          count: { description: 'How many teams may have it.', type: 'integer', minimum: 0 },
        },
      ),
    },
    levelAt: ['max-teams', 'access'],
    read: (policy) => ({ kind: 'max-teams', access: field(policy, 'max-teams').access as FixedLevel, count: Number(field(policy, 'max-teams').count) }),
    teams: () => [],
    spell: (rule) => rule,
    document: (rule) => ({ kind: rule.kind, access: rule.access, count: rule.count }),
    fromDocument: (reader) => ({ kind: 'max-teams', access: reader.level('access'), count: reader.integer('count', 0) }),
    reads: 'effective-access',
    worse: (after, live) => gains(after.teams, live.teams),
  },
  'max-expiry': {
    schema: {
      'max-expiry': mappingSchema(
        'Every grant of at least `access` on a matched target (its own grant, as the files give it or as it is live) must expire (`expires:`) within `days` days: a grant without `expires:` never does.',
        ['access', 'days'],
        {
          access: levelSchema('The least level held to it (a custom grant: when it has every permission of the level).'),
          days: { description: 'How many days ahead a grant may end, at the most.', type: 'integer', minimum: 1 },
        },
      ),
    },
    levelAt: ['max-expiry', 'access'],
    read: (policy) => ({ kind: 'max-expiry', access: field(policy, 'max-expiry').access as FixedLevel, days: Number(field(policy, 'max-expiry').days) }),
    teams: () => [],
    spell: (rule) => rule,
    document: (rule) => ({ kind: rule.kind, access: rule.access, days: rule.days }),
    fromDocument: (reader) => ({ kind: 'max-expiry', access: reader.level('access'), days: reader.integer('days', 1) }),
    reads: 'grant-expiries',
    // A higher level, or an end later than it was (none: never).
    worse: (after, live, resource) =>
      rises(after.access, live.access, resource) ||
      (live.expires !== undefined && (after.expires === undefined || Date.parse(after.expires) > Date.parse(live.expires))),
  },
  'organization-access': {
    schema: {
      'organization-access': mappingSchema(
        'No team but the owners team and `except-teams` may have these organization-access flags; a flag a team has through another (manage-teams through manage-organization-access) counts. A policy of the whole organization: no `workspaces` or `projects`.',
        ['forbid'],
        {
          forbid: { description: 'The flags forbidden.', type: 'array', items: { enum: TEAM_FLAG_KEYS }, minItems: 1, uniqueItems: true },
          'except-teams': { description: 'Teams the policy does not apply to.', type: 'array', items: TEAM, minItems: 1, uniqueItems: true },
        },
      ),
    },
    levelAt: null,
    read: (policy) => ({
      kind: 'organization-access',
      forbid: strings(field(policy, 'organization-access').forbid),
      exceptTeams: strings(field(policy, 'organization-access')['except-teams']),
    }),
    teams: (rule) => rule.exceptTeams.map((name, i) => ({ name, at: ['organization-access', 'except-teams', i] })),
    spell: (rule, spell) => ({ ...rule, exceptTeams: rule.exceptTeams.map(spell) }),
    document: (rule) => ({ kind: rule.kind, forbid: [...rule.forbid], except_teams: [...rule.exceptTeams] }),
    fromDocument: (reader) => ({ kind: 'organization-access', forbid: reader.flags('forbid'), exceptTeams: reader.names('except_teams') }),
    reads: 'team-flags',
    worse: (after, live) =>
      gains(
        after.flags.map((f) => f.flag),
        live.flags.map((f) => f.flag),
      ),
  },
  'max-members': {
    schema: {
      'max-members': mappingSchema(
        'The team may have at most `count` human members: people in it or invited to it; service accounts (team and organization tokens) and members the token cannot see are not counted. A policy of the whole organization: no `workspaces` or `projects`.',
        ['team', 'count'],
        {
          team: TEAM,
          count: { description: 'How many people the team may have.', type: 'integer', minimum: 0 },
        },
      ),
    },
    levelAt: null,
    read: (policy) => ({ kind: 'max-members', team: String(field(policy, 'max-members').team), count: Number(field(policy, 'max-members').count) }),
    teams: (rule) => [{ name: rule.team, at: ['max-members', 'team'] }],
    spell: (rule, spell) => ({ ...rule, team: spell(rule.team) }),
    document: (rule) => ({ kind: rule.kind, team: rule.team, count: rule.count }),
    fromDocument: (reader) => ({ kind: 'max-members', team: reader.string('team'), count: reader.integer('count', 0) }),
    reads: 'people',
    worse: (after, live) => gains(after.members, live.members),
  },
  'max-token-age': {
    schema: {
      'max-token-age': mappingSchema(
        'Every team token must expire within `days` days: a token without an expiry never does. It reads the team tokens the caller can list; when it cannot list them, the run says the policy was not evaluated. A policy of the whole organization: no `workspaces` or `projects`.',
        ['days'],
        { days: { description: 'How many days ahead a team token may end, at the most.', type: 'integer', minimum: 1 } },
      ),
    },
    levelAt: null,
    read: (policy) => ({ kind: 'max-token-age', days: Number(field(policy, 'max-token-age').days) }),
    teams: () => [],
    spell: (rule) => rule,
    document: (rule) => ({ kind: rule.kind, days: rule.days }),
    fromDocument: (reader) => ({ kind: 'max-token-age', days: reader.integer('days', 1) }),
    reads: 'tokens',
    // A token more, or one ending later than it did (none: never).
    worse: (after, live) =>
      after.tokens.some((token) => {
        const was = live.tokens.find((t) => t.id === token.id);
        return was === undefined || endsLater(token.expires, was.expires);
      }),
  },
  'max-reach': {
    schema: {
      'max-reach': mappingSchema(
        'At most these teams (and the owners team) may reach what `reach` names through indirect access (docs/effective-access.md, "Indirect access"): the values of a variable set, the outputs of a workspace, the agents of a pool. A policy of the whole organization: no `workspaces` or `projects`.',
        ['reach', 'teams'],
        {
          reach: { description: '`varset:NAME`, `outputs:WORKSPACE` or `agent-pool:NAME`.', type: 'string', pattern: '^(varset|outputs|agent-pool):.+$' },
          teams: { description: 'The teams that may reach it.', type: 'array', items: TEAM, uniqueItems: true },
        },
      ),
    },
    levelAt: null,
    read: (policy) => ({ kind: 'max-reach', reach: String(field(policy, 'max-reach').reach), teams: strings(field(policy, 'max-reach').teams) }),
    teams: (rule) => rule.teams.map((name, i) => ({ name, at: ['max-reach', 'teams', i] })),
    spell: (rule, spell) => ({ ...rule, teams: rule.teams.map(spell) }),
    document: (rule) => ({ kind: rule.kind, reach: rule.reach, teams: [...rule.teams] }),
    fromDocument: (reader) => ({ kind: 'max-reach', reach: reader.string('reach'), teams: reader.names('teams') }),
    reads: 'indirect',
    worse: (after, live) =>
      gains(
        after.through.map((t) => t.workspace),
        live.through.map((t) => t.workspace),
      ),
  },
};

/** Whether `after` ends later than `live` (null: never). */
const endsLater = (after: string | null, live: string | null): boolean => live !== null && (after === null || Date.parse(after) > Date.parse(live));

/** Every kind, in row order (the order the schema and the messages list them). */
export const RULE_KINDS = Object.keys(POLICY_RULES) as readonly RuleKind[];

/** The row of the rule's kind, typed for that rule. */
export function rowOf<K extends RuleKind>(rule: RuleOf<K>): RuleRow<K> {
  return POLICY_RULES[rule.kind];
}

/** The rule with each team name as `spell` gives it (the organization's spelling, resolve/check-names.ts). */
export function spellRule<R extends PolicyRule>(rule: R, spell: (team: string) => string): R {
  // A row's `spell` keeps its rule's kind; the compiler cannot follow a kind through the table's index.
  return rowOf(rule).spell(rule, spell) as R;
}

/** Whether the kind is checked once on the organization (its row reads `team-flags`, `people` or `tokens`), not on targets. */
export function isOrganizationKind(kind: RuleKind): kind is OrganizationKind {
  return ORGANIZATION_SOURCES.includes(POLICY_RULES[kind].reads);
}

/** Whether the rule is checked once on the organization's teams or people, not on targets. */
export function isOrganizationRule(rule: PolicyRule): rule is OrganizationWideRule {
  return isOrganizationKind(rule.kind);
}

/** Whether the finding after a plan is worse than the same violation's live one (its row's `worse`). */
export function isWorse<K extends RuleKind>(after: FindingOf<K>, live: FindingOf<K>, resource: Resource | null): boolean {
  return POLICY_RULES[after.kind].worse(after, live, resource);
}

/** Whether any of the rules reads `source` (what a run reads, and a saved plan carries, for them). */
export function rulesRead(rules: readonly PolicyRule[], source: RuleSource): boolean {
  return rules.some((rule) => POLICY_RULES[rule.kind].reads === source);
}
