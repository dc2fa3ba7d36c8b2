import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { parseCookie, stringifySetCookie } from 'cookie';
import { proofsFor, purposeKey, type Proofs } from './proofs.ts';

/**
 * Signed media URLs (contract D4): an HMAC over the file key, the user and
 * the expiry, with the `media-url` purpose key, sent as `?exp=&u=&sig=`.
 * The user is proven by an httpOnly cookie carrying a `media-user` proof, so
 * a URL copied to another browser (another user, or none) is refused.
 */

/** Query parameters of a signed files URL. */
export interface MediaSignature {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The user the URL was signed for; `ANONYMOUS_MEDIA_USER` for a visitor (store-page media, no cookie needed). */
  u: string;
  sig: string;
}

/** Who a visitor's signed URL is for: no cookie proves anyone, so it is bound to nobody (only store-page media are signed so). */
export const ANONYMOUS_MEDIA_USER = '-';
/** The cookie that proves the user to the files route. */
export const MEDIA_COOKIE = 'tw_media';
/** Default life of a signed media URL and of the cookie: about 3 hours. */
export const MEDIA_URL_TTL_SECONDS = 3 * 60 * 60;
/** Expiries are rounded up to this step, so a character fetched twice within it gets the same URLs (the browser cache keeps working). */
const EXPIRY_STEP_SECONDS = 15 * 60;

const MediaUserClaims = Type.Object({
  u: Type.String({ minLength: 1 }),
  /** An operator's cookie: the console plays any file unsigned while it lasts. */
  op: Type.Optional(Type.Boolean()),
});

export interface MediaSigning {
  /** The expiry of a URL signed now: at least `ttlSeconds` from `now`, rounded up to the step. */
  expiryFrom(now?: Date, ttlSeconds?: number): Date;
  sign(key: string, user: string, expiresAt: Date): MediaSignature;
  /** 'ok', or why the request is refused. */
  check(
    key: string,
    query: Partial<Record<keyof MediaSignature, unknown>>,
    cookieHeader: string | undefined,
    now?: Date,
  ): MediaCheck;
  /** The Set-Cookie value that proves `user` to the files route under `path`; `operator` lets it fetch any file unsigned (the admin console). */
  userCookie(user: string, options: { path: string; now?: Date; ttlSeconds?: number; operator?: boolean }): string;
}

export type MediaCheck = 'ok' | 'unsigned' | 'expired' | 'forged' | 'other-user';

function digest(key: KeyObject, fileKey: string, user: string, exp: number): Buffer {
  return createHmac('sha256', key).update(`${fileKey}\n${user}\n${exp}`).digest();
}

export function createMediaSigning(secret: string): MediaSigning {
  // A KeyObject, not the Buffer: createHmac then skips importing the key on every call (several times faster; a character fetch signs every clip).
  const urlKey = createSecretKey(purposeKey(secret, 'media-url'));
  const users: Proofs<typeof MediaUserClaims> = proofsFor(secret, 'media-user', MediaUserClaims);
  return {
    expiryFrom(now = new Date(), ttlSeconds = MEDIA_URL_TTL_SECONDS) {
      const seconds = Math.ceil((now.getTime() / 1000 + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return new Date(seconds * 1000);
    },
    sign(fileKey, user, expiresAt) {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return { exp, u: user, sig: digest(urlKey, fileKey, user, exp).toString('base64url') };
    },
    check(fileKey, query, cookieHeader, at) {
      const { exp, u, sig } = query;
      const now = at ?? new Date();
      const proven = () => {
        const proof = cookieHeader ? parseCookie(cookieHeader)[MEDIA_COOKIE] : undefined;
        // The clock is handed on only when the caller set one: a verifier for a given time is built afresh, the current time's is kept.
        return proof ? users.verify(proof, at) : null;
      };
      if (exp === undefined && u === undefined && sig === undefined) return proven()?.op === true ? 'ok' : 'unsigned';
      const expiry =
        typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : typeof exp === 'number' ? exp : NaN;
      if (!Number.isSafeInteger(expiry) || typeof u !== 'string' || u === '' || typeof sig !== 'string')
        return 'forged';
      const given = Buffer.from(sig, 'base64url');
      const wanted = digest(urlKey, fileKey, u, expiry);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'forged';
      if (expiry * 1000 <= now.getTime()) return 'expired';
      if (u === ANONYMOUS_MEDIA_USER) return 'ok';
      return proven()?.u === u ? 'ok' : 'other-user';
    },
    userCookie(user, { path, now, ttlSeconds = MEDIA_URL_TTL_SECONDS + EXPIRY_STEP_SECONDS, operator = false }) {
      const token = users.sign(operator ? { u: user, op: true } : { u: user }, { ttlSeconds, ...(now ? { now } : {}) });
      return stringifySetCookie({
        name: MEDIA_COOKIE,
        value: token,
        path,
        httpOnly: true,
        secure: true,
        sameSite: 'lax',
        maxAge: ttlSeconds,
      });
    },
  };
}
