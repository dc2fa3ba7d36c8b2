import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../errors.ts';
import { buildTestApp, cookieValue, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const signupBody = (email: string, password = 'abcd1234') => ({
  email,
  password,
  gender: 'female',
  date_of_birth: '2000-04-01',
});

async function registerConfirmed(email: string, password = 'abcd1234') {
  await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email, password) });
  const token = await tokenFromMail(t.platform, email, '/email_confirm');
  await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
}

async function loginAs(email: string, password = 'abcd1234') {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
  return {
    res,
    body: res.json(),
    rt: cookieValue(res.headers['set-cookie'], 'talkwith_rt'),
    csrf: cookieValue(res.headers['set-cookie'], 'talkwith-csrf'),
  };
}

describe('POST /api/auth/signup', () => {
  it('signup, valid body, 201 with an unconfirmed user, a mail and user.registered', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, email_confirmed: false, roles: ['customer'] });
    expect(res.body).not.toContain('passwordHash');
    const [mail] = await t.platform.mail.recent({ to: email });
    expect(mail?.subject).toContain('メールアドレスの確認');
    expect((await t.eventsOf('user.registered')).map((e) => e.type)).toContain('user.registered');
    expect((await t.eventsOf('user.registered')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ email, date_of_birth: signupBody(email).date_of_birth }),
    );
  });

  it.each([
    ['short1', messages.passwordLength],
    ['abcdefghijk', messages.passwordLetterDigit],
    ['パスワードabc123', messages.passwordCharset],
  ])('signup, password %j, 400 naming the rule', async (password, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(uniqueEmail(), password),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field: 'password', message });
  });

  it('signup, same e-mail in other case, 201 as for a new address and no second account', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(email.toUpperCase()),
    });
    expect(res.statusCode).toBe(201);
    expect(await t.platform.store.collection('users').countDocuments({ email })).toBe(1);
  });

  it('signup, no nickname, 201 with the part of the address before @ as the nickname', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.nickname).toBe(email.split('@')[0]);
  });

  it('signup, a chosen nickname, 201 with it trimmed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signupBody(uniqueEmail()), nickname: ' はなこ ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.nickname).toBe('はなこ');
  });

  it('signup, a nickname longer than the profile allows (41), 400 from the same schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signupBody(uniqueEmail()), nickname: 'あ'.repeat(41) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('signup, missing gender, 400 from the schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail(), password: 'abcd1234', date_of_birth: '2000-01-01' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('e-mail confirmation and log-in', () => {
  it('login, before confirming, 403 with the confirm message', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    const { res, body } = await loginAs(email);
    expect(res.statusCode).toBe(403);
    expect(body).toEqual({ ok: false, errorMessage: messages.emailNotConfirmed });
  });

  it('email_confirm, token used twice, second time 400', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    const token = await tokenFromMail(t.platform, email, '/email_confirm');
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email_confirmed).toBe(true);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(messages.tokenInvalid);
  });

  it('login, confirmed account, ok with access token, httpOnly refresh cookie and CSRF cookie', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { res, body } = await loginAs(email);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ ok: true, relogin: false });
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).toMatch(/talkwith_rt=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/SameSite=Strict/);
    expect(cookies).toMatch(/Secure/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.json().user.email).toBe(email);
  });

  it('login, second time within 48 hours, marked relogin in the reply and the event', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    await loginAs(email);
    const { body } = await loginAs(email);
    expect(body.relogin).toBe(true);
    const events = (await t.eventsOf('user.logged_in', 2)).map((e) => (e.data as { relogin: boolean }).relogin);
    expect(events).toEqual([false, true]);
  });

  it('login, wrong password, 401 with the Japanese message', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { res, body } = await loginAs(email, 'wrong1234');
    expect(res.statusCode).toBe(401);
    expect(body).toEqual({ ok: false, errorMessage: messages.loginFailed });
  });

  it('me, no token, 401 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });
});

describe('refresh tokens and CSRF', () => {
  it('refresh, with cookie and CSRF header, new access token and rotated cookie', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { rt, csrf } = await loginAs(email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt!, 'talkwith-csrf': csrf! },
      headers: { 'x-csrf-token': csrf! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toBeTypeOf('string');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).not.toBe(rt);
  });

  it('refresh, without the CSRF header, 403 and the token still valid', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { rt, csrf } = await loginAs(email);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt!, 'talkwith-csrf': csrf! },
    });
    expect(forged.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt!, 'talkwith-csrf': csrf! },
      headers: { 'x-csrf-token': csrf! },
    });
    expect(real.statusCode).toBe(200);
  });

  it('refresh, a rotated token presented again, 401 and the whole family revoked', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { rt, csrf } = await loginAs(email);
    const headers = { 'x-csrf-token': csrf! };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt!, 'talkwith-csrf': csrf! },
      headers,
    });
    const successor = cookieValue(first.headers['set-cookie'], 'talkwith_rt')!;
    const successorCsrf = cookieValue(first.headers['set-cookie'], 'talkwith-csrf')!;
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: rt!, 'talkwith-csrf': csrf! },
      headers,
    });
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { talkwith_rt: successor, 'talkwith-csrf': successorCsrf },
      headers: { 'x-csrf-token': successorCsrf },
    });
    expect(replay.statusCode).toBe(401);
    expect(afterTheft.statusCode).toBe(401);
  });

  it('logout, then refresh with the old cookie, 401', async () => {
    const email = uniqueEmail();
    await registerConfirmed(email);
    const { rt, csrf } = await loginAs(email);
    const cookies = { talkwith_rt: rt!, 'talkwith-csrf': csrf! };
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-csrf-token': csrf! },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies,
      headers: { 'x-csrf-token': csrf! },
    });
    expect(out.statusCode).toBe(200);
    expect(res.statusCode).toBe(401);
  });
});
