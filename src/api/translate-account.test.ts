// Reading `GET /account/details` (docs/api.md, "Account details"), on bodies shaped as the public
// docs' sample and the reconstructed team and organization token answers: own fixtures, the same
// keys, invented values.
import { describe, expect, it } from 'vitest';
import { WireFormatError } from './errors/wire-format-error.js';
import { tokenIdentityFromDocument } from './translate-account.js';

const CONTEXT = 'GET /account/details';

function userDocument(id: string, attributes: Record<string, unknown>, resource: { type: string; id: string } | undefined): Record<string, unknown> {
  const relationships: Record<string, unknown> = { 'authentication-tokens': { links: { related: `/api/v2/users/${id}/authentication-tokens` } } };
  if (resource) relationships['authenticated-resource'] = { data: resource, links: { related: `/api/v2/${resource.type}/${resource.id}` } };
  const common = { 'auth-method': 'tfc', 'avatar-url': 'https://example.test/a.png', 'is-sso-login': false, 'unconfirmed-email': null };
  return { data: { id, type: 'users', attributes: { ...common, ...attributes }, relationships, links: { self: `/api/v2/users/${id}` } } };
}

const USER = userDocument(
  'user-Qm3vT8rXk2LpW9aZ',
  { username: 'jo', 'is-service-account': false, 'is-site-admin': true, email: 'jo@example.test' },
  { type: 'users', id: 'user-Qm3vT8rXk2LpW9aZ' },
);
const TEAM = userDocument(
  'user-Svc1Team2Abc3De',
  { username: 'api-team_4kQ9zX', 'is-service-account': true, email: null },
  { type: 'teams', id: 'team-Hb7Yp2Ws9QeR4tUv' },
);
const ORG = userDocument(
  'user-Svc9Org8Xyz7Wv',
  { username: 'api-org-initech-Zx8Qw7Er6T', 'is-service-account': true, email: null },
  { type: 'organizations', id: 'initech' },
);
const RUN = userDocument('user-Svc5Run4Klm3No', { username: 'api-run_9aB2cD', 'is-service-account': true }, { type: 'runs', id: 'run-Cv5Bn6Mm7Lk8Jh9G' });

describe('account details: who the token is', () => {
  it("a user token (the docs sample's shape) is that user", () => {
    expect(tokenIdentityFromDocument(USER, CONTEXT)).toEqual({
      kind: 'user',
      userId: 'user-Qm3vT8rXk2LpW9aZ',
      username: 'jo',
      serviceAccount: false,
      resourceId: 'user-Qm3vT8rXk2LpW9aZ',
    });
  });

  it('a team token is a service user standing for the team', () => {
    expect(tokenIdentityFromDocument(TEAM, CONTEXT)).toEqual({
      kind: 'team',
      userId: 'user-Svc1Team2Abc3De',
      username: 'api-team_4kQ9zX',
      serviceAccount: true,
      resourceId: 'team-Hb7Yp2Ws9QeR4tUv',
    });
  });

  it('an organization token stands for the organization, by name', () => {
    expect(tokenIdentityFromDocument(ORG, CONTEXT)).toMatchObject({
      kind: 'organization',
      serviceAccount: true,
      resourceId: 'initech',
      username: 'api-org-initech-Zx8Qw7Er6T',
    });
  });

  it('a run token stands for the run', () => {
    expect(tokenIdentityFromDocument(RUN, CONTEXT)).toMatchObject({ kind: 'run', resourceId: 'run-Cv5Bn6Mm7Lk8Jh9G', serviceAccount: true });
  });

  it("the newer docs sample's duplicate `links` key parses (the last one wins) and changes nothing read", () => {
    const text = JSON.stringify(USER).replace(/}}$/, ',"links":{"auth-token":"/api/v2/authentication-tokens/at-Xy1Zw2Vu3Ts4Rq5P"}}}');
    expect(text).toContain('"links":{"self"');
    const parsed = JSON.parse(text) as { data: { links: unknown } };
    expect(parsed.data.links).toEqual({ 'auth-token': '/api/v2/authentication-tokens/at-Xy1Zw2Vu3Ts4Rq5P' });
    expect(tokenIdentityFromDocument(parsed, CONTEXT)).toEqual(tokenIdentityFromDocument(USER, CONTEXT));
  });

  it("is-service-account not reported: a service user exactly when the token is not a user's", () => {
    const drop = (doc: Record<string, unknown>): unknown => JSON.parse(JSON.stringify(doc).replace(/"is-service-account":(true|false),/, ''));
    expect(tokenIdentityFromDocument(drop(TEAM), CONTEXT).serviceAccount).toBe(true);
    expect(tokenIdentityFromDocument(drop(USER), CONTEXT).serviceAccount).toBe(false);
  });
});

describe('account details: a malformed body is a WireFormatError naming the path', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['not an object', 'hello', /the body is not an object/],
    ['no data', {}, /data is missing/],
    ['another type', { data: { ...(USER.data as object), type: 'teams' } }, /data\.type is "teams", expected "users"/],
    ['no username', userDocument('user-A', { 'is-service-account': false }, { type: 'users', id: 'user-A' }), /data\.attributes\.username is missing/],
    ['no authenticated resource', userDocument('user-A', { username: 'jo' }, undefined), /data\.relationships\.authenticated-resource is missing/],
    [
      'an unknown resource type',
      userDocument('user-A', { username: 'x' }, { type: 'agents', id: 'a-1' }),
      /authenticated-resource\.data\.type is "agents", expected one of users, teams, organizations, runs/,
    ],
    [
      'a service flag that is no boolean',
      userDocument('user-A', { username: 'x', 'is-service-account': 'yes' }, { type: 'teams', id: 'team-1' }),
      /is-service-account is the string "yes", expected a boolean/,
    ],
  ];
  for (const [name, body, message] of cases) {
    it(name, () => {
      let caught: unknown;
      try {
        tokenIdentityFromDocument(body, CONTEXT);
      } catch (error: unknown) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WireFormatError);
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).toContain(CONTEXT);
    });
  }
});
