import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../errors.ts';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

async function confirmedUser(password = 'abcd1234') {
  const email = uniqueEmail();
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, gender: 'male', date_of_birth: '1990-01-01' },
  });
  const token = await tokenFromMail(t.platform, email, '/email_confirm');
  await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
  return { email, access: login.json().accessToken as string, id: login.json().user.id as string };
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });

describe('password reset', () => {
  it('password_reset, unknown e-mail, 200 and no mail (does not reveal accounts)', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(await t.platform.mail.recent({ to: email })).toHaveLength(0);
  });

  it('password_reset, mailed token, new password works and the old one no longer does', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, 'newpass99')).statusCode).toBe(200);
    expect((await login(user.email, 'abcd1234')).statusCode).toBe(401);
  });

  it('password_reset/check, a mailed link, 200 and the link still works for the reset', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/password_reset/check', payload: { token } });
    expect(check.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });
    expect(res.statusCode).toBe(200);
  });

  it("password_reset/check, a used or unknown link, 400 with the reset's invalid-link message before any password is typed", async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });
    const used = await t.app.inject({ method: 'POST', url: '/api/auth/password_reset/check', payload: { token } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_reset/check',
      payload: { token: 'x'.repeat(43) },
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.tokenInvalid });
    expect(unknown.statusCode).toBe(400);
  });

  it('password_reset, token reused, 400', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'other999x' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.tokenInvalid);
  });

  it('password_reset, token older than 30 minutes, 400 and password unchanged', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'newpass99' },
    });
    vi.useRealTimers();
    expect(res.statusCode).toBe(400);
    expect((await login(user.email, 'abcd1234')).statusCode).toBe(200);
  });

  it('password_reset, weak new password, 400 naming newPassword and the token still usable', async () => {
    const user = await confirmedUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: user.email } });
    const token = await tokenFromMail(t.platform, user.email, '/password_reset');
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'short' },
    });
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'longer123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    expect(good.statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('password_change, right current password, 200 and login with the new one', async () => {
    const user = await confirmedUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { currentPassword: 'abcd1234', newPassword: 'changed77', user_id: user.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, 'changed77')).statusCode).toBe(200);
  });

  it('password_change, wrong current password, 400 on currentPassword', async () => {
    const user = await confirmedUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { currentPassword: 'nope12345', newPassword: 'changed77', user_id: user.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'currentPassword', message: messages.currentPasswordWrong });
  });

  it("password_change, someone else's user_id, 403", async () => {
    const user = await confirmedUser();
    const other = await confirmedUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { currentPassword: 'abcd1234', newPassword: 'changed77', user_id: other.id },
    });
    expect(res.statusCode).toBe(403);
  });

  it('password_change, no access token, 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      payload: { currentPassword: 'abcd1234', newPassword: 'changed77', user_id: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('account', () => {
  it('email_change, link opened, address changes and event published', async () => {
    const user = await confirmedUser();
    const next = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/email_change',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { new_email: next, password: 'abcd1234' },
    });
    const token = await tokenFromMail(t.platform, next, '/email_confirm');
    // The link says it is a change, so the page speaks of a changed address, not a sign-up.
    const [mail] = await t.platform.mail.recent({ to: next, limit: 1 });
    expect(mail?.text).toContain(`/email_confirm/${token}?change=1`);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
    expect(res.json().user.email).toBe(next);
    expect((await t.eventsOf('user.email_changed')).some((e) => e.type === 'user.email_changed')).toBe(true);
  });

  it('account/delete, right password, account gone and user.deleted published', async () => {
    const user = await confirmedUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { password: 'abcd1234' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, 'abcd1234')).statusCode).toBe(401);
    expect((await t.eventsOf('user.deleted')).some((e) => e.type === 'user.deleted')).toBe(true);
  });

  it('profile, nickname updated, returned by me', async () => {
    const user = await confirmedUser();
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { nickname: 'みらいファン' },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.access}` },
    });
    expect(me.json().user.nickname).toBe('みらいファン');
  });
});
