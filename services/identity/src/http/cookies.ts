import type {} from '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@talkwith/platform';
import { messages } from '../accounts/messages.ts';

/**
 * The refresh token lives in an httpOnly, Secure, SameSite=Strict cookie scoped
 * to /api/auth, so page scripts never see it. Mutations authenticated by that
 * cookie (refresh, logout) also need the double-submit CSRF token: a readable
 * cookie the web client copies into the x-csrf-token header, which a foreign
 * site can neither read nor set. (Chromium treats http://localhost as secure,
 * so Secure cookies work in standalone mode too.)
 */
export const REFRESH_COOKIE = 'talkwith_rt';
export const CSRF_COOKIE = 'talkwith-csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function setSessionCookies(reply: FastifyReply, refreshToken: string, maxAgeSeconds: number): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { httpOnly: true, secure: true, sameSite: 'strict', path: '/api/auth', maxAge: maxAgeSeconds });
  reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), { httpOnly: false, secure: true, sameSite: 'strict', path: '/', maxAge: maxAgeSeconds });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

export function assertCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  const ok = typeof cookie === 'string' && typeof header === 'string' && cookie.length > 0 && cookie.length === header.length
    && timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (!ok) throw new AppError('FORBIDDEN', messages.csrf, { body: { csrf: true } });
}
