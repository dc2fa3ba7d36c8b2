import { timingSafeEqual } from 'node:crypto';
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
}

const failure = (reason: string) => `/google/failure?reason=${encodeURIComponent(reason)}`;

/**
 * The browser that started a sign-in holds its state in this cookie; the
 * callback must present it. Without it, a callback URL from an attacker's own
 * sign-in would log a victim's browser into the attacker's account (login
 * CSRF). SameSite=Lax: it must come along on the top-level redirect back from
 * Google. The PKCE verifier and nonce are stored under that state, so they
 * are bound to the browser too.
 */
export const STATE_COOKIE = 'talkwith_oidc';
const STATE_COOKIE_PATH = '/api/auth/google';
const STATE_COOKIE_MAX_AGE = 10 * 60;

const sameState = (cookie: string | undefined, state: string) =>
  typeof cookie === 'string' && cookie.length === state.length && timingSafeEqual(Buffer.from(cookie), Buffer.from(state));

/**
 * Google sign-in: /api/auth/google/login sends the browser to Google;
 * /api/auth/google/callback finishes, sets the session cookies and sends it
 * to /google/success (whose page fetches an access token with /api/auth/refresh).
 */
export const googleRoutes: FastifyPluginAsyncTypebox<GoogleRouteOptions> = async (app, options) => {
  const signIn = options.google ? createGoogleSignIn(options.deps, options.cache, options.google) : null;
  const secure = options.google?.redirectUri.startsWith('https:') ?? false;

  app.get('/api/auth/google/login', { schema: { querystring: GoogleLoginQuery } }, async (req, reply) => {
    if (!signIn) return reply.redirect(failure('not_configured'));
    const { url, state } = await signIn.begin(req.query.redirect);
    reply.setCookie(STATE_COOKIE, state, { httpOnly: true, secure, sameSite: 'lax', path: STATE_COOKIE_PATH, maxAge: STATE_COOKIE_MAX_AGE });
    return reply.redirect(url);
  });

  app.get('/api/auth/google/callback', { schema: { querystring: GoogleCallbackQuery } }, async (req, reply) => {
    const { code, state, error } = req.query;
    if (!signIn) return reply.redirect(failure('not_configured'));
    const bound = req.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    if (error || !code || !state) return reply.redirect(failure(error ?? 'missing_code'));
    if (!sameState(bound, state)) {
      req.log.warn('Google sign-in callback without this browser\'s state cookie');
      return reply.redirect(failure('verification_failed'));
    }
    try {
      const { user, returnTo } = await signIn.complete(code, state);
      const session = await startSession(options.deps, user, { method: 'google' });
      setSessionCookies(reply, session.refreshToken!, options.refreshTtlSeconds, options.csrfKey);
      return reply.redirect(`/google/success?redirect=${encodeURIComponent(returnTo)}`);
    } catch (err) {
      req.log.warn({ err }, 'Google sign-in failed');
      return reply.redirect(failure('verification_failed'));
    }
  });
};
