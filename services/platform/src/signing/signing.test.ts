import { Type } from '@sinclair/typebox';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_MEDIA_USER, createMediaSigning, MEDIA_COOKIE } from './media.ts';
import { proofsFor, purposeKey } from './proofs.ts';
import { ticketUseProofs } from './ticket-use.ts';

const SECRET = 'signing-test-secret-0123456789-abcdefghij';
const Claims = Type.Object({ use_id: Type.String(), user_id: Type.String(), character_id: Type.String() });
const CLAIMS = { use_id: 'use-1', user_id: 'user-a', character_id: 'char-1' };
const AT = new Date('2030-01-01T00:00:00Z');
const later = (seconds: number): Date => new Date(AT.getTime() + seconds * 1000);

/** The cookie value of a Set-Cookie line, as the browser would send it back. */
const cookieFrom = (setCookie: string): string => setCookie.split(';')[0]!;

describe('proofsFor', () => {
  it('sign then verify, same purpose within its life, answers the claims', () => {
    const proofs = proofsFor(SECRET, 'ticket-use', Claims);
    const token = proofs.sign(CLAIMS, { ttlSeconds: 60, now: AT });
    expect(proofs.verify(token, later(59))).toMatchObject(CLAIMS);
  });

  it('verify, after its life, answers null', () => {
    const proofs = proofsFor(SECRET, 'ticket-use', Claims);
    const token = proofs.sign(CLAIMS, { ttlSeconds: 60, now: AT });
    expect(proofs.verify(token, later(61))).toBeNull();
  });

  it('verify, a proof of another purpose with the same claims, answers null', () => {
    const media = proofsFor(SECRET, 'media-user', Claims);
    const token = media.sign(CLAIMS, { ttlSeconds: 60, now: AT });
    expect(proofsFor(SECRET, 'ticket-use', Claims).verify(token, AT)).toBeNull();
  });

  it('verify, a token signed with JWT_SECRET itself (an access token), answers null', () => {
    const accessLike = createSigner({
      key: SECRET,
      algorithm: 'HS256',
      aud: 'talkwith-ticket-use',
      expiresIn: 60_000,
      clockTimestamp: AT.getTime(),
    })(CLAIMS);
    expect(proofsFor(SECRET, 'ticket-use', Claims).verify(accessLike, AT)).toBeNull();
  });

  it('verify, another secret, a changed payload or garbage, answers null', () => {
    const token = proofsFor('another-secret-0123456789-0123456789-xyz', 'ticket-use', Claims).sign(CLAIMS, {
      ttlSeconds: 60,
      now: AT,
    });
    const own = proofsFor(SECRET, 'ticket-use', Claims).sign(CLAIMS, { ttlSeconds: 60, now: AT });
    const [header, , signature] = own.split('.');
    const changed = `${header}.${Buffer.from(JSON.stringify({ ...CLAIMS, user_id: 'user-b', exp: 2e9 })).toString('base64url')}.${signature}`;
    const proofs = proofsFor(SECRET, 'ticket-use', Claims);
    expect(proofs.verify(token, AT)).toBeNull();
    expect(proofs.verify(changed, AT)).toBeNull();
    expect(proofs.verify('not-a-token', AT)).toBeNull();
  });

  it('verify, valid signature but claims of another shape, answers null', () => {
    const Other = Type.Object({ u: Type.String() });
    const token = proofsFor(SECRET, 'ticket-use', Other).sign({ u: 'x' }, { ttlSeconds: 60, now: AT });
    expect(proofsFor(SECRET, 'ticket-use', Claims).verify(token, AT)).toBeNull();
  });

  it('purposeKey, two purposes, are different keys and neither is the secret', () => {
    const a = purposeKey(SECRET, 'ticket-use');
    const b = purposeKey(SECRET, 'media-url');
    expect(a.equals(b)).toBe(false);
    expect(a.toString('utf8')).not.toBe(SECRET);
  });

  it('ticketUseProofs, signed at the same moment twice, gives the same token', () => {
    const proofs = ticketUseProofs(SECRET);
    expect(proofs.sign(CLAIMS, { ttlSeconds: 10_800, now: AT })).toBe(
      proofs.sign(CLAIMS, { ttlSeconds: 10_800, now: AT }),
    );
  });
});

describe('createMediaSigning', () => {
  const media = createMediaSigning(SECRET);
  const KEY = 'characters/c1/videos/a.mp4';
  const cookieOf = (user: string, now = AT) =>
    `${cookieFrom(media.userCookie(user, { path: '/files', now }))}; other=1`;
  const query = (s: { exp: number; u: string; sig: string }) => ({ exp: String(s.exp), u: s.u, sig: s.sig });

  it('check, signed for the user whose cookie comes with it, is ok', () => {
    const signed = media.sign(KEY, 'user-a', later(3600));
    expect(media.check(KEY, query(signed), cookieOf('user-a'), AT)).toBe('ok');
  });

  it('check, no signature at all, is unsigned', () => {
    expect(media.check(KEY, {}, cookieOf('user-a'), AT)).toBe('unsigned');
  });

  it('check, past its expiry, is expired', () => {
    const signed = media.sign(KEY, 'user-a', later(60));
    expect(media.check(KEY, query(signed), cookieOf('user-a', later(61)), later(61))).toBe('expired');
  });

  it('check, another key, a later expiry or another user in the query, is forged', () => {
    const signed = media.sign(KEY, 'user-a', later(60));
    expect(media.check('characters/c1/videos/b.mp4', query(signed), cookieOf('user-a'), AT)).toBe('forged');
    expect(media.check(KEY, { ...query(signed), exp: String(signed.exp + 3600) }, cookieOf('user-a'), AT)).toBe(
      'forged',
    );
    expect(media.check(KEY, { ...query(signed), u: 'user-b' }, cookieOf('user-b'), AT)).toBe('forged');
    expect(media.check(KEY, { ...query(signed), exp: 'soon' }, cookieOf('user-a'), AT)).toBe('forged');
  });

  it("check, signed for user A with B's cookie or none, is other-user", () => {
    const signed = media.sign(KEY, 'user-a', later(3600));
    expect(media.check(KEY, query(signed), cookieOf('user-b'), AT)).toBe('other-user');
    expect(media.check(KEY, query(signed), undefined, AT)).toBe('other-user');
    expect(media.check(KEY, query(signed), `${MEDIA_COOKIE}=forged.token.value`, AT)).toBe('other-user');
  });

  it('check, signed for a visitor, is ok without a cookie', () => {
    const signed = media.sign(KEY, ANONYMOUS_MEDIA_USER, later(3600));
    expect(media.check(KEY, query(signed), undefined, AT)).toBe('ok');
  });

  it("check, unsigned with an operator's cookie, is ok; with a customer's, unsigned", () => {
    const operator = media.userCookie('admin-1', { path: '/files', now: AT, operator: true }).split(';')[0]!;
    expect(media.check(KEY, {}, operator, AT)).toBe('ok');
    expect(media.check(KEY, {}, cookieOf('user-a'), AT)).toBe('unsigned');
  });

  it('userCookie, any user, is httpOnly, Secure, SameSite=Lax and scoped to the files path', () => {
    const line = media.userCookie('user-a', { path: '/files', now: AT });
    expect(line).toMatch(new RegExp(`^${MEDIA_COOKIE}=`));
    expect(line).toContain('Path=/files');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('Secure');
    expect(line).toContain('SameSite=Lax');
  });

  it('expiryFrom, two moments in the same quarter hour, gives the same expiry at least the TTL away', () => {
    const first = media.expiryFrom(new Date('2030-01-01T00:01:00Z'));
    const second = media.expiryFrom(new Date('2030-01-01T00:14:00Z'));
    expect(first).toEqual(second);
    expect(first.getTime() - new Date('2030-01-01T00:14:00Z').getTime()).toBeGreaterThanOrEqual(3 * 3600 * 1000);
  });
});
