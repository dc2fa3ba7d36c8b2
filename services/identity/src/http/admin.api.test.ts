import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedAdmin } from '../accounts/seed-admin.ts';
import { buildTestApp, signedInAdmin, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterEach(async () => {
  await t.close();
});

async function customer() {
  const email = uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { authorization: admin },
    payload: { email, password: 'abcd1234', gender: 'other', date_of_birth: '1999-12-31' },
  });
  return { email, id: res.json().user.id as string };
}

/** The audited actions, once `count` have been delivered. */
const auditActions = async (count: number) =>
  (await t.eventsOf('admin.acted', count)).map((e) => (e.data as { action: string }).action);

describe('admin user management', () => {
  it('seedAdmin, second call, creates nobody', async () => {
    expect(await seedAdmin(t.app.accounts)).toBeNull();
  });

  it('admin routes, customer token, 403', async () => {
    const { email } = await customer();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: 'abcd1234' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('admin routes, no token, 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('list, partial e-mail match by default and exact on request', async () => {
    const { email } = await customer();
    const part = email.slice(0, 12);
    const partial = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?email=${encodeURIComponent(part)}`,
      headers: { authorization: admin },
    });
    const exact = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?email=${encodeURIComponent(part)}&exact=true`,
      headers: { authorization: admin },
    });
    expect(partial.json().users.map((u: { email: string }) => u.email)).toContain(email);
    expect(exact.json().total).toBe(0);
    expect(partial.json().page).toBe(1);
  });

  it('create, get, update profile, delete, each audited', async () => {
    const { id } = await customer();
    const got = await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: { authorization: admin } });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/profile/${id}`,
      headers: { authorization: admin },
      payload: { nickname: 'テスト' },
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });
    expect(got.statusCode).toBe(200);
    expect(updated.json().user.nickname).toBe('テスト');
    expect(deleted.statusCode).toBe(200);
    expect(gone.statusCode).toBe(404);
    expect(await auditActions(3)).toEqual(['user.created', 'user.updated', 'user.deleted']);
  });

  it('create, by an admin, announces user.registered (by admin, with the date of birth) so billing knows the account', async () => {
    const { id } = await customer();
    const events = await t.eventsOf('user.registered');
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ user_id: id, by: 'admin', date_of_birth: '1999-12-31' }),
    );
  });

  it('password_change with sendMail, user notified and new password works', async () => {
    const { email, id } = await customer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/password_change',
      headers: { authorization: admin },
      payload: { user_id: id, password: 'admin-set9', sendMail: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.platform.mail.recent({ to: email }))[0]?.subject).toContain('パスワードの変更');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: 'admin-set9' },
    });
    expect(login.statusCode).toBe(200);
    expect(await auditActions(2)).toContain('user.password_changed');
  });

  it('email_change with vertificationMail, changes only after the link', async () => {
    const { email, id } = await customer();
    const next = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/email_change',
      headers: { authorization: admin },
      payload: { user_id: id, new_email: next, vertificationMail: true, sendMail: true },
    });
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });
    const token = await tokenFromMail(t.platform, next, '/email_confirm');
    await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });
    expect(before.json().user.email).toBe(email);
    expect(after.json().user.email).toBe(next);
    expect((await t.platform.mail.recent({ to: email }))[0]?.subject).toContain('メールアドレス');
  });

  it('email_change without verification, changes at once', async () => {
    const { id } = await customer();
    const next = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/email_change',
      headers: { authorization: admin },
      payload: { user_id: id, new_email: next, vertificationMail: false, sendMail: false },
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });
    expect(after.json().user.email).toBe(next);
  });

  it('password_change without sendMail, changes the password and mails the user nothing', async () => {
    const { email, id } = await customer();
    const mailsBefore = (await t.platform.mail.recent({ to: email })).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/password_change',
      headers: { authorization: admin },
      payload: { user_id: id, password: 'quiet-set9', sendMail: false },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: 'quiet-set9' },
    });
    expect(res.statusCode).toBe(200);
    expect(login.statusCode).toBe(200);
    expect(await t.platform.mail.recent({ to: email })).toHaveLength(mailsBefore);
  });

  it('email_change without verification and without notice, mails neither the old nor the new address', async () => {
    const { email, id } = await customer();
    const next = uniqueEmail();
    const mailsBefore = (await t.platform.mail.recent({ to: email })).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/email_change',
      headers: { authorization: admin },
      payload: { user_id: id, new_email: next, vertificationMail: false, sendMail: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.platform.mail.recent({ to: email })).toHaveLength(mailsBefore);
    expect(await t.platform.mail.recent({ to: next })).toHaveLength(0);
  });

  it('mail outbox, admin reads the confirmation mail of a new sign-up', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'abcd1234', gender: 'female', date_of_birth: '2001-02-03' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/mail?to=${encodeURIComponent(email)}`,
      headers: { authorization: admin },
    });
    expect(res.json().mails[0].text).toContain('/email_confirm/');
  });
});
