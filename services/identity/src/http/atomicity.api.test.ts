import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usersIn } from '../accounts/users.ts';
import { buildTestApp, signedInAdmin, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

/**
 * Identity's writes and their events (or audit entries) commit together: a
 * fault while the event is stored leaves neither, and a link whose use failed
 * still works. The fault is injected at the outbox (events.publish refuses
 * one event type) or at the mail port.
 */
let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** From now until restored, publishing `type` fails as a full disk or a lost store connection would. */
function failPublishing(type: string): void {
  const publish = t.platform.events.publish.bind(t.platform.events);
  vi.spyOn(t.platform.events, 'publish').mockImplementation(((eventType: string, ...rest: unknown[]) =>
    eventType === type
      ? Promise.reject(new Error(`outbox refused ${type}`))
      : (publish as (...a: unknown[]) => Promise<unknown>)(eventType, ...rest)) as never);
}

const stored = (id: string) => usersIn(t.platform.store).findOne({ _id: id });
const login = (email: string, password = 'abcd1234') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });

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

describe('admin writes and their audit entry', () => {
  it('admin profile update, the audit entry refused, answers 500 and leaves the profile as it was', async () => {
    const { id } = await customer();
    failPublishing('admin.acted');

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/profile/${id}`,
      headers: { authorization: admin },
      payload: { nickname: 'half-written', roles: ['customer', 'admin'] },
    });

    expect(res.statusCode).toBe(500);
    expect(await stored(id)).toMatchObject({ nickname: '', roles: ['customer'] });
  });

  it('admin delete, the audit entry refused, keeps the account', async () => {
    const { id } = await customer();
    failPublishing('admin.acted');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${id}`,
      headers: { authorization: admin },
    });

    expect(res.statusCode).toBe(500);
    expect(await stored(id)).not.toBeNull();
  });

  it('admin password change, the audit entry refused, keeps the old password', async () => {
    const { email, id } = await customer();
    failPublishing('admin.acted');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/password_change',
      headers: { authorization: admin },
      payload: { user_id: id, password: 'changed77', sendMail: false },
    });

    vi.restoreAllMocks();
    expect(res.statusCode).toBe(500);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('admin e-mail change without a link, the audit entry refused, keeps the old address', async () => {
    const { email, id } = await customer();
    failPublishing('admin.acted');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/email_change',
      headers: { authorization: admin },
      payload: { user_id: id, new_email: uniqueEmail(), vertificationMail: false, sendMail: false },
    });

    expect(res.statusCode).toBe(500);
    expect((await stored(id))?.email).toBe(email);
  });
});

describe('customer writes and their events', () => {
  it('login, user.logged_in refused, answers 500 and records no log-in time', async () => {
    const { email, id } = await customer();
    failPublishing('user.logged_in');

    const res = await login(email);

    expect(res.statusCode).toBe(500);
    expect((await stored(id))?.lastLoginAt).toBeNull();
  });

  it('email_confirm of an e-mail change, user.email_changed refused, keeps the old address and the link usable', async () => {
    const { email, id } = await customer();
    const token = (await login(email)).json().accessToken as string;
    const newEmail = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/email_change',
      headers: { authorization: `Bearer ${token}` },
      payload: { new_email: newEmail, password: 'abcd1234' },
    });
    const link = await tokenFromMail(t.platform, newEmail, '/email_confirm');
    failPublishing('user.email_changed');

    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token: link } });
    const kept = (await stored(id))?.email;
    vi.restoreAllMocks();
    const retried = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token: link } });

    expect(failed.statusCode).toBe(500);
    expect(kept).toBe(email);
    expect(retried.statusCode).toBe(200);
    expect((await stored(id))?.email).toBe(newEmail);
  });

  it('password reset of an unconfirmed account, the notice mail failing, has set the password and confirmed the address together', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'abcd1234', gender: 'male', date_of_birth: '1990-01-01' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } });
    const link = await tokenFromMail(t.platform, email, '/password_reset');
    vi.spyOn(t.platform.mail, 'send').mockRejectedValue(new Error('smtp down'));

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token: link, newPassword: 'newpass99' },
    });
    vi.restoreAllMocks();

    expect((await login(email, 'newpass99')).statusCode).toBe(200);
  });
});
