import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { messages } from '../errors.ts';
import { buildTestApp, cookieValue, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

/** Issue 9, items 15 and 19: reset links, current-password guesses, session-bound CSRF, stuck unconfirmed accounts. */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const signup = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'abcd1234', gender: 'male', date_of_birth: '1990-01-01' },
  });
const login = (email: string, password = 'abcd1234') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
const mailsTo = async (to: string) => t.platform.mail.recent({ to, limit: 50 });
const linksIn = async (to: string, path: string) =>
  (await mailsTo(to)).map((m) => new RegExp(`${path}/([\\w-]+)`).exec(m.text)?.[1]).filter(Boolean) as string[];

async function confirmedUser() {
  const email = uniqueEmail();
  await signup(email);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/email_confirm',
    payload: { token: await tokenFromMail(t.platform, email, '/email_confirm') },
  });
  const res = await login(email);
  return {
    email,
    id: res.json().user.id as string,
    auth: { authorization: `Bearer ${res.json().accessToken as string}` },
    rt: cookieValue(res.headers['set-cookie'], 'talkwith_rt')!,
    csrf: cookieValue(res.headers['set-cookie'], 'talkwith-csrf')!,
  };
}

async function twoResetLinks(email: string): Promise<[string, string]> {
  await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } });
  await eventually(async () => (await linksIn(email, '/password_reset')).length === 1);
  await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } });
  const links = await eventually(async () => {
    const l = await linksIn(email, '/password_reset');
    return l.length === 2 && l;
  });
  return [links[0]!, links[1]!];
}

describe('password reset links', () => {
  it('password_reset, one link used, the other outstanding link is refused', async () => {
    const user = await confirmedUser();
    const [newer, older] = await twoResetLinks(user.email);

    const used = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token: newer, newPassword: 'newpass99' },
    });
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token: older, newPassword: 'attacker9' },
    });

    expect(used.statusCode).toBe(200);
    expect(other.statusCode).toBe(400);
    expect((await login(user.email, 'newpass99')).statusCode).toBe(200);
  });
});

describe('guesses of the current password', () => {
  const attempts = {
    password_change: (u: Awaited<ReturnType<typeof confirmedUser>>, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password_change',
        headers: u.auth,
        payload: { currentPassword: password, newPassword: 'changed77', user_id: u.id },
      }),
    email_change: (u: Awaited<ReturnType<typeof confirmedUser>>, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email_change',
        headers: u.auth,
        payload: { new_email: uniqueEmail(), password },
      }),
    'account/delete': (u: Awaited<ReturnType<typeof confirmedUser>>, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/account/delete', headers: u.auth, payload: { password } }),
  };

  it.each(Object.keys(attempts) as Array<keyof typeof attempts>)(
    '%s, five wrong guesses, then 429 with the Japanese text even for the right password',
    async (route) => {
      const user = await confirmedUser();
      const wrong = [];
      for (let i = 0; i < 5; i += 1) wrong.push((await attempts[route](user, `wrong${i}pass`)).statusCode);

      const limited = await attempts[route](user, 'abcd1234');

      expect(wrong).toEqual([400, 400, 400, 400, 400]);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        ok: false,
        code: 'RATE_LIMITED',
        message: messages.currentPasswordRateLimited,
      });
    },
  );

  it('password_change, parallel wrong guesses, no more than five reach the hash', async () => {
    const user = await confirmedUser();

    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempts.password_change(user, `wrong${i}pass`)),
    );

    expect(codes.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(codes.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('password_change, right password after a few wrong ones, still works', async () => {
    const user = await confirmedUser();
    await attempts.password_change(user, 'wrong1pass');

    expect((await attempts.password_change(user, 'abcd1234')).statusCode).toBe(200);
  });
});

describe('CSRF token bound to the session', () => {
  const refresh = (rt: string, csrf: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt, 'talkwith-csrf': csrf },
      headers: { 'x-csrf-token': csrf },
    });

  it("refresh, another session's CSRF token in cookie and header, 403", async () => {
    const victim = await confirmedUser();
    const attacker = await confirmedUser();

    expect((await refresh(victim.rt, attacker.csrf)).statusCode).toBe(403);
  });

  it("refresh, a planted token equal in cookie and header, 403; the session's own, 200", async () => {
    const user = await confirmedUser();

    expect((await refresh(user.rt, 'planted-token-value-0123456789abcdef')).statusCode).toBe(403);
    expect((await refresh(user.rt, user.csrf)).statusCode).toBe(200);
  });
});

describe('unconfirmed accounts', () => {
  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email_confirm/resend', payload: { email } });

  it('email_confirm/resend, unconfirmed account, a new link that confirms it', async () => {
    const email = uniqueEmail();
    await signup(email);
    await eventually(async () => (await linksIn(email, '/email_confirm')).length === 1);

    const res = await resend(email);
    const links = await eventually(async () => {
      const l = await linksIn(email, '/email_confirm');
      return l.length === 2 && l;
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email_confirm',
      payload: { token: links[0] },
    });

    expect(res.json()).toEqual({ ok: true });
    expect(confirmed.json().user.email_confirmed).toBe(true);
  });

  it('email_confirm/resend, unknown, confirmed and unconfirmed addresses, the same answer; only the unconfirmed one is mailed', async () => {
    const unconfirmed = uniqueEmail();
    await signup(unconfirmed);
    const confirmed = await confirmedUser();
    const unknown = uniqueEmail();

    const answers = await Promise.all(
      [unknown, confirmed.email, unconfirmed].map(async (e) => {
        const r = await resend(e);
        return [r.statusCode, r.body];
      }),
    );

    expect(answers[0]).toEqual(answers[1]);
    expect(answers[1]).toEqual(answers[2]);
    await eventually(async () => (await linksIn(unconfirmed, '/email_confirm')).length === 2);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect((await mailsTo(confirmed.email)).filter((m) => m.subject.includes('メールアドレスの確認'))).toHaveLength(1);
  });

  it('email_confirm/resend, fourth request in an hour for the same address, 429 whether or not it exists', async () => {
    const known = uniqueEmail();
    await signup(known);
    const unknown = uniqueEmail();
    for (let i = 0; i < 3; i += 1) {
      await resend(known);
      await resend(unknown);
    }

    const [a, b] = [await resend(known), await resend(unknown)];

    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.json().message).toBe(messages.resendRateLimited);
  });

  it('email_confirm/resend and log-in, their limits, keep neither the e-mail nor the client address in a cache key', async () => {
    const email = uniqueEmail();
    const remoteAddress = '198.51.100.231';
    const spies = (['incr', 'get', 'set'] as const).map((method) => vi.spyOn(t.platform.cache, method));

    await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm/resend', payload: { email }, remoteAddress });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: 'wrong1234' },
      remoteAddress,
    });

    const keys = spies.flatMap((spy) => spy.mock.calls.map(([key]) => key));
    expect(keys.length).toBeGreaterThan(2);
    expect(keys.filter((key) => key.includes(email.split('@')[0]!) || key.includes(remoteAddress))).toEqual([]);
  });

  it('email_confirm/resend, over its limit, says when to try again in Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i += 1) await resend(email);

    const refused = await resend(email);

    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toMatchObject({ rateLimited: true, retry_after: Number(refused.headers['retry-after']) });
  });

  it('password_reset, completed for an unconfirmed account, confirms the address it was mailed to', async () => {
    const email = uniqueEmail();
    await signup(email);
    expect((await login(email)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } });
    const token = await tokenFromMail(t.platform, email, '/password_reset');

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });

    expect((await login(email, 'newpass99')).statusCode).toBe(200);
  });
});
