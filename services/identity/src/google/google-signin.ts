import { randomBytes } from 'node:crypto';
import type { Cache } from '@talkwith/platform';
import type { AccountsDeps } from '../accounts/deps.ts';
import { hashPassword } from '../accounts/password-hash.ts';
import { normalizeEmail, type UserDoc } from '../accounts/users.ts';
import { registerUser } from '../accounts/registration.ts';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  pkcePair,
  verifyIdToken,
  type OidcClient,
  type OidcProvider,
} from './oidc.ts';

export interface GoogleSettings extends OidcClient {
  issuer: string;
}

interface PendingLogin {
  verifier: string;
  nonce: string;
  returnTo: string;
}

const STATE_TTL_MS = 10 * 60_000;

/** Only same-site paths may be returned to after sign-in (no open redirect). */
export function safeReturnPath(path: string | undefined): string {
  return path && /^\/(?!\/)[\w\-./#?=&%]*$/.test(path) ? path : '/mypage';
}

export function createGoogleSignIn(deps: AccountsDeps, cache: Cache, settings: GoogleSettings) {
  let provider: OidcProvider | undefined;
  const getProvider = async () => (provider ??= await discover(settings.issuer));

  return {
    /**
     * Where to send the browser for `state` (which the route derived from this
     * browser's binding cookie); the PKCE verifier and nonce wait in the cache
     * under that state, usable once.
     */
    async begin(returnTo: string | undefined, state: string): Promise<{ url: string }> {
      const nonce = randomBytes(24).toString('base64url');
      const { verifier, challenge } = pkcePair();
      const pending: PendingLogin = { verifier, nonce, returnTo: safeReturnPath(returnTo) };
      await cache.set(`oidc:state:${state}`, JSON.stringify(pending), STATE_TTL_MS);
      return { url: authorizationUrl(await getProvider(), settings, { state, nonce, challenge }) };
    },

    /** Verifies the callback and returns the signed-in user; a state is usable once. */
    async complete(code: string, state: string): Promise<{ user: UserDoc; returnTo: string }> {
      const raw = await cache.get(`oidc:state:${state}`);
      if (!raw) throw new Error('unknown or expired state');
      await cache.del(`oidc:state:${state}`);
      const pending = JSON.parse(raw) as PendingLogin;
      const p = await getProvider();
      const claims = await verifyIdToken(
        p,
        settings,
        await exchangeCode(p, settings, code, pending.verifier),
        pending.nonce,
      );
      if (!claims.email || claims.email_verified !== true) throw new Error('Google account has no verified e-mail');
      return { user: await findOrCreate(deps, normalizeEmail(claims.email)), returnTo: pending.returnTo };
    },
  };
}

async function findOrCreate(deps: AccountsDeps, email: string): Promise<UserDoc> {
  const existing = await deps.users.findOne({ email });
  if (existing) return existing;
  const now = deps.clock();
  // A random password nobody knows: the account signs in with Google until the user sets one by reset.
  return registerUser(deps, {
    email,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url'), deps.hasher),
    gender: 'unspecified',
    date_of_birth: '1900-01-01',
    nickname: '',
    roles: ['customer'],
    emailConfirmedAt: now,
    createdAt: now,
    lastLoginAt: null,
  });
}
