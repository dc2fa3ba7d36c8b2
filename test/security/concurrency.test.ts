import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  cookieValue,
  customer,
  errorShapeProblems,
  logIn,
  PASSWORD,
  signUpConfirmed,
  startSecurityGateway,
  tokenFromMail,
  uniqueEmail,
  type TestGateway,
} from './harness.ts';

/**
 * One-time tokens and refresh tokens under parallel use, on the standalone
 * gateway (embedded store) through app.inject(): 50 simultaneous redemptions
 * of one mailed link must produce exactly one success, and a refresh token
 * presented 50 times at once must rotate at most once, the reuse revoking the
 * whole family (services/identity/src/accounts/refresh-tokens.ts).
 */
const PARALLEL = 50;

let gw: TestGateway;
beforeAll(async () => {
  gw = await startSecurityGateway();
}, 60_000);
afterAll(async () => {
  await gw?.close();
});

function statuses(replies: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/** Every refused attempt is a 4xx with the §4 error shape, never a 5xx. */
function expectRefusalsWellFormed(replies: LightMyRequestResponse[]): void {
  for (const r of replies.filter((x) => x.statusCode !== 200)) {
    expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
    expect(r.statusCode, r.body).toBeLessThan(500);
    expect(errorShapeProblems(r.statusCode, r.json()), r.body).toEqual([]);
  }
}

describe('one-time tokens under parallel redemption', () => {
  it(`e-mail confirmation link used ${PARALLEL} times at once, exactly one confirms`, async () => {
    const email = uniqueEmail('confirm-race');
    const signup = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: PASSWORD, gender: 'male', date_of_birth: '1991-02-03' },
    });
    expect(signup.statusCode).toBe(201);
    const token = await tokenFromMail(gw.platform, email, '/email_confirm');

    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        gw.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } }),
      ),
    );

    expect(statuses(replies)[200]).toBe(1);
    expectRefusalsWellFormed(replies);
    const later = await gw.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
    expect(later.statusCode).toBe(400);
  });

  it(`password-reset link used ${PARALLEL} times at once with different passwords, exactly one is set`, async () => {
    const email = uniqueEmail('reset-race');
    await signUpConfirmed(gw, email);
    expect(
      (await gw.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } })).statusCode,
    ).toBe(200);
    const token = await tokenFromMail(gw.platform, email, '/password_reset');
    const passwords = Array.from({ length: PARALLEL }, (_, i) => `Raced-pass-${i}-x9`);

    const replies = await Promise.all(
      passwords.map((newPassword) =>
        gw.app.inject({ method: 'PUT', url: '/api/auth/password_reset', payload: { token, newPassword } }),
      ),
    );

    expect(statuses(replies)[200]).toBe(1);
    expectRefusalsWellFormed(replies);
    const winner = passwords[replies.findIndex((r) => r.statusCode === 200)] as string;
    const loser = passwords.find((p) => p !== winner) as string;
    // The password that won is the account's password now; any other that raced it is not.
    const withWinner = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: winner },
    });
    const withLoser = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: loser },
    });
    expect(withWinner.statusCode).toBe(200);
    expect(withLoser.statusCode).toBe(401);
  });
});

describe('refresh tokens under parallel use', () => {
  const refresh = (refreshToken: string, csrf: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `talkwith_rt=${refreshToken}; talkwith-csrf=${csrf}`, 'x-csrf-token': csrf },
    });

  it(`one refresh token presented ${PARALLEL} times at once rotates at most once, and the reuse revokes the family`, async () => {
    const session = await customer(gw, 'refresh-race');

    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, () => refresh(session.refreshCookie, session.csrf)),
    );

    const counts = statuses(replies);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    expectRefusalsWellFormed(replies);
    // Every presentation after the first was a reuse, so the successor (if one was issued) is revoked with its family.
    const rotated = replies.find((r) => r.statusCode === 200);
    if (rotated) {
      const successor = cookieValue(rotated.headers['set-cookie'], 'talkwith_rt') as string;
      const csrf = cookieValue(rotated.headers['set-cookie'], 'talkwith-csrf') as string;
      const afterwards = await refresh(successor, csrf);
      expect(afterwards.statusCode, afterwards.body).toBe(401);
    }
    // The original token stays dead too.
    expect((await refresh(session.refreshCookie, session.csrf)).statusCode).toBe(401);
  });

  it('a fresh log-in after the family was revoked starts a working session', async () => {
    const email = uniqueEmail('refresh-after');
    await signUpConfirmed(gw, email);
    const first = await logIn(gw, email);
    await Promise.all([refresh(first.refreshCookie, first.csrf), refresh(first.refreshCookie, first.csrf)]);
    const second = await logIn(gw, email);
    const ok = await refresh(second.refreshCookie, second.csrf);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
