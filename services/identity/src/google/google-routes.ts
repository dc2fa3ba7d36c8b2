import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Cache } from '@talkwith/platform';
import { GoogleCallbackQuery, GoogleLoginQuery } from '@talkwith/proto/identity';
import type { AccountsDeps } from '../accounts/deps.ts';
import { startSession } from '../accounts/sessions.ts';
import { setSessionCookies } from '../http/cookies.ts';
import { createGoogleSignIn, type GoogleSettings } from './google-signin.ts';

export interface GoogleRouteOptions {
  deps: AccountsDeps;
  cache: Cache;
  /** Unset when Google sign-in is not configured: the routes then send users to /google/failure. */
  google: GoogleSettings | null;
  refreshTtlSeconds: number;
  csrfKey: Buffer;
  /** Derives `state` from the browser's binding cookie (oidcStateKeyFrom). */
  stateKey: Buffer;
}

const failure = (reason: string) => `/google/failure?reason=${encodeURIComponent(reason)}`;

/**
 * Login CSRF (OAuth 2.0 Security BCP, RFC 9700 §4.7): the callback must come
 * back to the browser that started the sign-in, or a callback URL from an
 * attacker's own sign-in would log a victim's browser into the attacker's
 * account. The start gives the browser a random binding in a cookie and sends
 * Google `state = HMAC(key, binding)`; the callback needs the cookie whose
 * HMAC is the returned state. So the cookie's value never appears in a URL
 * (history, logs, Referer: the state does), an attacker-chosen state with a
 * matching cookie fails, and the state (with the PKCE verifier and nonce
 * stored under it) is usable once and for 10 minutes. The `__Host-` prefix
 * makes browsers accept the cookie only from this origin over https, Secure,
 * without Domain, Path=/: neither a sibling subdomain nor a network attacker
 * on plain http can plant one. SameSite=Lax: it must come along on the
 * top-level redirect back from Google.
 */
export const STATE_COOKIE = '__Host-talkwith_oidc';
const STATE_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;
const STATE_COOKIE_MAX_AGE = 10 * 60;

/** The key states are derived with: from JWT_SECRET, for this purpose only. */
export function oidcStateKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('talkwith-oidc-state-v1').digest();
}

const stateOf = (key: Buffer, binding: string) => createHmac('sha256', key).update(binding).digest('base64url');

const bindsState = (key: Buffer, binding: string | undefined, state: string) => {
  if (!binding) return false;
  const expected = Buffer.from(stateOf(key, binding));
  const given = Buffer.from(state);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * Google sign-in: /api/auth/google/login sends the browser to Google;
 * /api/auth/google/callback finishes, sets the session cookies and sends it
 * to /google/success (whose page fetches an access token with /api/auth/refresh).
 */
export const googleRoutes: FastifyPluginAsyncTypebox<GoogleRouteOptions> = async (app, options) => {
  const signIn = options.google ? createGoogleSignIn(options.deps, options.cache, options.google) : null;

  app.get(
    '/api/auth/google/login',
    { schema: { summary: 'Start Google sign-in (redirects to Google)', querystring: GoogleLoginQuery } },
    async (req, reply) => {
      if (!signIn) return reply.redirect(failure('not_configured'));
      const binding = randomBytes(32).toString('base64url');
      const { url } = await signIn.begin(req.query.redirect, stateOf(options.stateKey, binding));
      reply.setCookie(STATE_COOKIE, binding, { ...STATE_COOKIE_OPTIONS, maxAge: STATE_COOKIE_MAX_AGE });
      return reply.redirect(url);
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      schema: {
        summary: "Google's answer: log in or register, then back to the web app",
        querystring: GoogleCallbackQuery,
      },
    },
    async (req, reply) => {
      const { code, state, error } = req.query;
      if (!signIn) return reply.redirect(failure('not_configured'));
      const binding = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, STATE_COOKIE_OPTIONS);
      if (error || !code || !state) return reply.redirect(failure(error ?? 'missing_code'));
      if (!bindsState(options.stateKey, binding, state)) {
        req.log.warn("Google sign-in callback without this browser's state cookie");
        return reply.redirect(failure('verification_failed'));
      }
      try {
        const { user, returnTo } = await signIn.complete(code, state);
        const session = await startSession(options.deps, user, { method: 'google' });
        if (!session.refreshToken) return reply.redirect(failure('suspended'));
        setSessionCookies(reply, session.refreshToken!, options.refreshTtlSeconds, options.csrfKey);
        return reply.redirect(`/google/success?redirect=${encodeURIComponent(returnTo)}`);
      } catch (err) {
        req.log.warn({ err }, 'Google sign-in failed');
        return reply.redirect(failure('verification_failed'));
      }
    },
  );
};
