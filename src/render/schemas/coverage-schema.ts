// JSON Schema of `complete`, `incomplete` and `scope` (render/shared/coverage.ts, coverageDocument), in the
// plan and in the report: what the read could not see and what the run was asked.

type Schema = Record<string, unknown>;

const names = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });
const message = { type: 'string', minLength: 1, description: 'The reason in words, as the text output says it.' };

/** One reason a read is not known to be whole: its facts and its words (the plan, the report and review.json). */
export const REASON: Schema = {
  oneOf: [
    {
      type: 'object',
      required: ['code', 'targets', 'message'],
      properties: {
        code: { const: 'secret-teams-unseen' },
        targets: { type: 'integer', minimum: 1, description: 'How many of the targets read the token does not manage team access on.' },
        message,
      },
      additionalProperties: false,
      description: "The token does not see every team (it is not an owner's): a secret team's grant on those targets is not seen.",
    },
    {
      type: 'object',
      required: ['code', 'targets', 'message'],
      properties: {
        code: { const: 'grants-of-unseen-teams' },
        targets: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'The targets, as `workspace "web"`.' },
        message,
      },
      additionalProperties: false,
      description: 'Grants on these targets name teams the token cannot see.',
    },
    {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { const: 'identity-unknown' }, message },
      additionalProperties: false,
      description: 'The server did not say who the token is, so whether it sees every team is not known.',
    },
    {
      type: 'object',
      required: ['code', 'workspaces', 'message'],
      properties: {
        code: { const: 'projects-unseen' },
        workspaces: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'The workspaces, as `workspace "web"`.' },
        message,
      },
      additionalProperties: false,
      description: 'These workspaces are in a project the token cannot see: the access a project grant gives there is not counted.',
    },
    {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { const: 'people-teams-unseen' }, message },
      additionalProperties: false,
      description: "People were read and the token does not see every team: a person's membership of a secret team it is not in is not seen.",
    },
    {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { const: 'teams-not-proven' }, message },
      additionalProperties: false,
      description:
        "The token's list of teams is not proven whole (not an owner's or the organization's, no access-secret-teams with a team-management power): a secret team, its organization powers and its grants may be missing.",
    },
    {
      type: 'object',
      required: ['code', 'lists', 'message'],
      properties: {
        code: { const: 'targets-not-proven' },
        lists: { type: 'array', minItems: 1, items: { enum: ['projects', 'workspaces'] }, description: 'The lists the token cannot read organization-wide.' },
        message,
      },
      additionalProperties: false,
      description: 'The token has no organization-wide read of these lists: a project or workspace none of its teams is granted is not listed.',
    },
    {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { const: 'no-targets-seen' }, message },
      additionalProperties: false,
      description: 'The read found no project and no workspace, and the token could not have seen one it is not granted.',
    },
    {
      type: 'object',
      required: ['code', 'policies', 'cause', 'message'],
      properties: {
        code: { const: 'team-tokens-unlisted' },
        policies: {
          type: 'array',
          minItems: 1,
          items: { type: 'string' },
          description: 'The policies (max-token-age) that did not see every team token, by name.',
        },
        cause: {
          enum: ['no-list', 'not-every-team'],
          description:
            'no-list: the team tokens could not be listed (the policies were not evaluated); not-every-team: the token lists only the tokens of the teams it manages.',
        },
        message,
      },
      additionalProperties: false,
      description: 'These policies did not see every team token: not evaluated, or evaluated on the tokens of the teams the token manages alone.',
    },
    {
      type: 'object',
      required: ['code', 'reach', 'message'],
      properties: {
        code: { const: 'reach-unread' },
        reach: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'What each `max-reach` policy names, as `agent-pool:prod-vpc`.' },
        message,
      },
      additionalProperties: false,
      description: "A max-reach policy's indirect access was not read whole: a team that reaches it may not be counted.",
    },
    {
      type: 'object',
      required: ['code', 'lists', 'consumers', 'short', 'unnamed', 'partial_token', 'message'],
      properties: {
        code: { const: 'indirect-unread' },
        lists: {
          type: 'array',
          items: { enum: ['varsets', 'agent-pools', 'stacks', 'workspaces'] },
          description: 'The lists of indirect access not given to the token (404 or 403).',
        },
        consumers: names('Workspaces whose remote-state consumers were not given.'),
        short: names('Variable sets listing fewer workspaces or projects than their counts.'),
        unnamed: names('Workspaces on agents whose pool the service does not name.'),
        partial_token: { type: 'boolean', description: 'The token does not see every workspace: consumers it cannot read are left out.' },
        message,
      },
      additionalProperties: false,
      description:
        'A report read indirect access and could not read all of it: a cell may reach more than its `reaches` entries say, a derived row (evidence bundle, review sheet) may be missing.',
    },
  ],
};

/** `scope.changed_from` (docs/plan.md, "Scoped plans"): only in a plan given --changed-from. */
const CHANGED_FROM: Schema = {
  type: 'object',
  description: 'plan --changed-from REF: whether the plan read only what the change touches (scoped) or the whole files, and why.',
  required: ['ref', 'scoped', 'targets', 'teams', 'token_policy', 'targets_read'],
  properties: {
    ref: { type: 'string', description: 'The base as given: a git revision or a directory of base files.' },
    scoped: { type: 'boolean', description: 'True: only what the change touches was read; drift elsewhere was not. False: the full plan (see reason).' },
    targets: names('The targets whose desired state differs between the base and the files, as type:name (empty when not scoped).'),
    teams: names('The teams of teams: whose desired state differs (empty when not scoped).'),
    token_policy: { type: 'boolean', description: 'Whether the change touches token-policy:.' },
    targets_read: { type: 'integer', minimum: 0, description: 'How many targets the plan read the grants of.' },
    reason: { type: 'string', description: 'Why the plan is the full one (only when scoped is false).' },
  },
  additionalProperties: false,
};

/** The three properties, with their descriptions; every plan and report carries them. */
export function coverageProperties(): Record<string, Schema> {
  return {
    complete: { type: 'boolean', description: 'The read is known to be whole: false when the token may not see every grant (see incomplete).' },
    incomplete: { type: 'array', items: REASON, description: 'Why the read is not known to be whole; empty when complete is true.' },
    scope: {
      type: 'object',
      description: 'What the run was asked to cover: the paths as given and every narrowing flag (an empty list: not narrowed).',
      required: ['paths', 'targets', 'teams', 'projects', 'workspaces'],
      properties: {
        paths: names('The desired-state paths, as given.'),
        targets: names('--target, as given (plan, drift, apply).'),
        teams: names('--team (report).'),
        projects: names('--project (report).'),
        workspaces: names('--workspace (report).'),
        people: names('--person (report --by person), as given; only in a report by person.'),
        changed_from: CHANGED_FROM,
      },
      additionalProperties: false,
    },
  };
}

export const COVERAGE_REQUIRED = ['complete', 'incomplete', 'scope'] as const;

/** `incomplete` is empty exactly when `complete` is true. */
export const COVERAGE_RULE: Schema = {
  if: { properties: { complete: { const: true } }, required: ['complete'] },
  then: { properties: { incomplete: { maxItems: 0 } } },
  else: { properties: { incomplete: { minItems: 1 } } },
};
