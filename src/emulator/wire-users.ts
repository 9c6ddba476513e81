// Users in the real wire shape (docs/api.md, "People"; the docs' user, account and invitation
// samples). A user's email is shown where the docs show it (their own account, the organization
// memberships an organization's managers read) and nowhere else: the users page says a user object
// carries nothing identifying beyond the username and the avatar.
const API = '/api/v2';
const AVATAR = 'https://www.gravatar.com/avatar/00000000000000000000000000000000?s=100&d=mm';

/** What a user resource says of a user. */
export interface UserView {
  readonly id: string;
  readonly username: string | null;
  readonly email: string | null;
  readonly serviceAccount: boolean;
}

export function userResource(user: UserView, { withEmail = true } = {}): unknown {
  const self = `${API}/users/${user.id}`;
  const human = !user.serviceAccount;
  return {
    id: user.id,
    type: 'users',
    attributes: {
      username: user.username,
      'is-service-account': user.serviceAccount,
      'auth-method': 'tfc',
      'avatar-url': AVATAR,
      'v2-only': user.serviceAccount,
      'two-factor': { enabled: false, verified: false },
      ...(withEmail ? { email: user.email } : {}),
      permissions: {
        'can-create-organizations': human,
        'can-change-email': human,
        'can-change-username': human,
        'can-manage-user-tokens': human,
      },
    },
    relationships: { 'authentication-tokens': { links: { related: `${self}/authentication-tokens` } } },
    links: { self },
  };
}
