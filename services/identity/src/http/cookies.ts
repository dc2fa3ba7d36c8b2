import type {} from '@fastify/cookie';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityErrors } from '../errors.ts';

/**
 * The refresh token lives in an httpOnly, Secure, SameSite=Strict cookie scoped
 * to /api/auth, so page scripts never see it. Mutations authenticated by that
 * cookie (refresh, logout) also need the double-submit CSRF token: a readable
 * cookie the web client copies into the x-csrf-token header, which a foreign
 * site can neither read nor set. The CSRF token is an HMAC of the refresh token
 * under a server key, so it is bound to the session: a token planted in a
 * cookie (or copied from another session) does not pass with this session's
 * refresh cookie. Every cookie identity sets is Secure, whatever PUBLIC_URL
 * says: browsers keep Secure cookies from http://localhost (a secure
 * context), so standalone mode works, and a deployment served over plain
 * http elsewhere has no sessions rather than sessions an eavesdropper reads.
 */
export const REFRESH_COOKIE = 'talkwith_rt';
export const CSRF_COOKIE = 'talkwith-csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The server key CSRF tokens are signed with, derived from the JWT secret (no second secret to configure). */
export function csrfKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('talkwith-csrf-v1').digest();
}

export function csrfTokenFor(csrfKey: Buffer, refreshToken: string): string {
  return createHmac('sha256', csrfKey).update(refreshToken).digest('base64url');
}

export function setSessionCookies(
  reply: FastifyReply,
  refreshToken: string,
  maxAgeSeconds: number,
  csrfKey: Buffer,
): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: maxAgeSeconds,
  });
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(csrfKey, refreshToken), {
    httpOnly: false,
    secure: true,
    sameSite: 'strict',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

/**
 * Marks this browser as a device that logged in to the account before
 * (devices.ts): httpOnly, only sent to the log-in routes, renewed at each
 * successful log-in. Log-out keeps it: the device stays known.
 */
export const DEVICE_COOKIE = 'talkwith_device';
const DEVICE_COOKIE_PATH = '/api/auth';

export function setDeviceCookie(reply: FastifyReply, proof: string, maxAgeSeconds: number): void {
  reply.setCookie(DEVICE_COOKIE, proof, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function deviceProofOf(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Double submit (cookie = header) and, when a refresh cookie comes along, the header must be that session's token. */
export function assertCsrf(request: FastifyRequest, csrfKey: Buffer): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  const refresh = refreshTokenOf(request);
  const ok =
    typeof cookie === 'string' &&
    typeof header === 'string' &&
    cookie.length > 0 &&
    same(cookie, header) &&
    (!refresh || same(header, csrfTokenFor(csrfKey, refresh)));
  if (!ok) throw identityErrors.csrf();
}
