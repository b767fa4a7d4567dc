import Provider from 'oidc-provider';
import { APP_PORT, OIDC_CLIENT, OIDC_PORT } from './ports';

/**
 * A real OpenID Connect provider (oidc-provider) for the popup sign-in journey, offline. Its
 * development login form takes any login name; the account's email is `<login>@oidc.test`.
 */
const provider = new Provider(`http://127.0.0.1:${OIDC_PORT}`, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`http://localhost:${APP_PORT}/api/auth/oidc/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  cookies: { keys: ['e2e-only-cookie-key'] },
  async findAccount(_context, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, email: `${id}@oidc.test`, email_verified: true, name: `Popup ${id}` };
      },
    };
  },
});
provider.listen(OIDC_PORT, () => console.log(`OpenID provider listening on ${OIDC_PORT}`));
