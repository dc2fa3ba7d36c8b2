import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@talkwith/platform/http';
import { seedAdmin } from '../accounts/seed-admin.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const listUsers = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${token}` } });

describe('first admin: the printed password must be changed', () => {
  it('login, the seeded first admin, 200 telling the client a password change is required', async () => {
    const admin = (await seedAdmin(t.app.accounts))!;

    const res = await login(admin.email, admin.password);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, passwordChangeRequired: true });
  });

  it('admin route, first admin who has not changed the password, 403 with the password-change message', async () => {
    const admin = (await seedAdmin(t.app.accounts))!;
    const { accessToken } = (await login(admin.email, admin.password)).json();

    const res = await listUsers(accessToken);

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      error: 'Forbidden',
      message: messages.passwordChangeRequired,
      passwordChangeRequired: true,
    });
  });

  it('admin route, first admin after changing the password and logging in again, 200 and no flag', async () => {
    const admin = (await seedAdmin(t.app.accounts))!;
    const first = (await login(admin.email, admin.password)).json();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: { authorization: `Bearer ${first.accessToken}` },
      payload: { currentPassword: admin.password, newPassword: 'newpass123', user_id: first.user.id },
    });

    const again = await login(admin.email, 'newpass123');
    const res = await listUsers(again.json().accessToken);

    expect(changed.statusCode).toBe(200);
    expect(again.json().passwordChangeRequired).toBeUndefined();
    expect(res.statusCode).toBe(200);
  });
});
