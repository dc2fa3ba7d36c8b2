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
 * Google sign-in: /api/auth/google/login sends the browser to Google;
 * /api/auth/google/callback finishes, sets the session cookies and sends it
 * to /google/success (whose page fetches an access token with /api/auth/refresh).
 */
export const googleRoutes: FastifyPluginAsyncTypebox<GoogleRouteOptions> = async (app, options) => {
  const signIn = options.google ? createGoogleSignIn(options.deps, options.cache, options.google) : null;

  app.get('/api/auth/google/login', { schema: { querystring: GoogleLoginQuery } }, async (req, reply) => {
    if (!signIn) return reply.redirect(failure('not_configured'));
    return reply.redirect(await signIn.begin(req.query.redirect));
  });

  app.get('/api/auth/google/callback', { schema: { querystring: GoogleCallbackQuery } }, async (req, reply) => {
    const { code, state, error } = req.query;
    if (!signIn) return reply.redirect(failure('not_configured'));
    if (error || !code || !state) return reply.redirect(failure(error ?? 'missing_code'));
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
