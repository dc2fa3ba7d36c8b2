import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionVersionKey } from '@talkwith/platform/http';
import { buildTestApp, cookieValue, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function confirmedUser(roles: string[] = ['customer'], password = 'abcd1234') {
  const email = uniqueEmail();
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, gender: 'other', date_of_birth: '1990-01-01' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/email_confirm',
    payload: { token: await tokenFromMail(t.platform, email, '/email_confirm') },
  });
  await t.platform.store.collection('users').updateOne({ email }, { $set: { roles } });
  return logIn(email, password);
}

async function logIn(email: string, password = 'abcd1234') {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
  const body = res.json();
  return {
    email,
    id: body.user.id as string,
    auth: { authorization: `Bearer ${body.accessToken as string}` },
    cookies: {
      talkwith_rt: cookieValue(res.headers['set-cookie'], 'talkwith_rt')!,
      'talkwith-csrf': cookieValue(res.headers['set-cookie'], 'talkwith-csrf')!,
    },
  };
}

const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });

describe('session revocation: an access token ends with its session, not 15 minutes later', () => {
  it('me, after log-out, 401 for the old access token', async () => {
    const user = await confirmedUser();
    expect((await me(user.auth)).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: user.cookies,
      headers: { 'x-csrf-token': user.cookies['talkwith-csrf'] },
    });

    expect((await me(user.auth)).statusCode).toBe(401);
  });

  it('me, after a password change, 401 for the old access token and 200 for a new log-in', async () => {
    const user = await confirmedUser();

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: user.auth,
      payload: { currentPassword: 'abcd1234', newPassword: 'changed77', user_id: user.id },
    });

    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await me((await logIn(user.email, 'changed77')).auth)).statusCode).toBe(200);
  });

  it('me, after a password reset, 401 for the old access token', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'resetpw99' },
    });

    expect((await me(user.auth)).statusCode).toBe(401);
  });

  it('me, after account deletion, 401 for the old access token', async () => {
    const user = await confirmedUser();

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: user.auth,
      payload: { password: 'abcd1234' },
    });

    expect((await me(user.auth)).statusCode).toBe(401);
  });

  it("admin route, demoted admin's old token, refused and the refreshed token is a customer's (403)", async () => {
    const boss = await confirmedUser(['admin']);
    const demoted = await confirmedUser(['admin']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: demoted.auth })).statusCode).toBe(
      200,
    );

    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${demoted.id}`,
      headers: boss.auth,
      payload: { roles: ['customer'] },
    });

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: demoted.auth })).statusCode).toBe(
      401,
    );
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: demoted.cookies,
      headers: { 'x-csrf-token': demoted.cookies['talkwith-csrf'] },
    });
    const asCustomer = { authorization: `Bearer ${refreshed.json().accessToken as string}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: asCustomer })).statusCode).toBe(403);
  });

  it("admin route, deleted admin's old token, 401", async () => {
    const boss = await confirmedUser(['admin']);
    const gone = await confirmedUser(['admin']);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${gone.id}`, headers: boss.auth });

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: gone.auth })).statusCode).toBe(401);
  });

  it('me, cache lost its entry, 401 and a refresh writes it again', async () => {
    const user = await confirmedUser();
    await t.platform.cache.del(sessionVersionKey(user.id));

    const lost = await me(user.auth);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: user.cookies,
      headers: { 'x-csrf-token': user.cookies['talkwith-csrf'] },
    });

    expect(lost.statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${refreshed.json().accessToken as string}` })).statusCode).toBe(200);
  });

  it('me, a profile edit, the token keeps working', async () => {
    const user = await confirmedUser();

    await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: user.auth, payload: { nickname: 'x' } });

    expect((await me(user.auth)).statusCode).toBe(200);
  });
});
