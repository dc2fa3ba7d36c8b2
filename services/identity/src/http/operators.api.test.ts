import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const as = (authorization: string) => ({ authorization });
const adminId = async (authorization: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(authorization) })).json().user.id as string;

async function customer(password = 'abcd1234') {
  const email = uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: as(admin),
    payload: { email, password, gender: 'other', date_of_birth: '1999-12-31' },
  });
  return { email, id: res.json().user.id as string };
}

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const invite = (email: string, by = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/operators', headers: as(by), payload: { email } });
const setRole = (id: string, role: string, by = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/operators/${id}/role`, headers: as(by), payload: { role } });

describe('operators', () => {
  it('when an unknown address is invited, mails a link that sets a password and then opens the console', async () => {
    const email = uniqueEmail();

    const res = await invite(email);
    const token = await tokenFromMail(t.platform, email, 'password_reset');
    const mailed = (await t.platform.mail.recent({ to: email }))[0]?.subject;
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'operator9x' },
    });
    const signedIn = await login(email, 'operator9x');
    const console = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(`Bearer ${signedIn.json().accessToken}`),
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'invited', operator: { email, roles: ['admin'], invited: true } });
    expect(mailed).toBe('【TALK WITH】管理者への招待');
    expect(signedIn.statusCode).toBe(200);
    expect(console.statusCode).toBe(200);
  });

  it('when a confirmed customer is invited, promotes the account at once and lists it among the operators', async () => {
    const { email, id } = await customer();

    const res = await invite(email.toUpperCase());
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: as(admin) });

    expect(res.json()).toMatchObject({ outcome: 'promoted', operator: { id, roles: ['admin'], invited: false } });
    expect(list.json().operators.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('when an operator is invited twice, refuses the second with 409', async () => {
    const { email } = await customer();
    await invite(email);

    const again = await invite(email);

    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('このユーザーはすでに管理者です。');
  });

  it('when a customer calls the operator routes, refuses with 403 and changes nothing', async () => {
    const { email, id } = await customer();
    const token = `Bearer ${(await login(email, 'abcd1234')).json().accessToken}`;

    const selfPromote = await setRole(id, 'admin', token);
    const inviting = await invite(uniqueEmail(), token);
    const me = await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: as(admin) });

    expect(selfPromote.statusCode).toBe(403);
    expect(inviting.statusCode).toBe(403);
    expect(me.json().user.roles).toEqual(['customer']);
  });

  it('when the last admin is demoted, revoked or deleted, refuses with 409 and stays an admin', async () => {
    const me = await adminId(admin);

    const demoted = await setRole(me, 'customer');
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${me}`, headers: as(admin) });
    const byProfile = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${me}`,
      headers: as(admin),
      payload: { roles: ['customer'] },
    });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${me}`, headers: as(admin) });
    const still = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: as(admin) });

    expect([demoted.statusCode, revoked.statusCode, byProfile.statusCode, deleted.statusCode]).toEqual([
      409, 409, 409, 409,
    ]);
    expect(demoted.json().message).toContain('管理者が1人もいなくなる');
    expect(still.statusCode).toBe(200);
  });

  it('when the last admin deletes their own account, refuses with 409 in Japanese and the account still logs in', async () => {
    const { email, id } = await customer('lastone99');
    await invite(email);
    const last = `Bearer ${(await login(email, 'lastone99')).json().accessToken}`;
    await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${await adminId(admin)}`, headers: as(last) });

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: as(last),
      payload: { password: 'lastone99' },
    });
    const again = await login(email, 'lastone99');

    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      '管理者が1人もいなくなるため、この操作はできません。先に別の管理者を追加してください。',
    );
    expect(again.json().user).toMatchObject({ id, roles: ['admin'] });
  });

  it('when an admin deletes their own account while another admin remains, deletes it', async () => {
    const { email } = await customer('second99');
    await invite(email);
    const second = `Bearer ${(await login(email, 'second99')).json().accessToken}`;

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: as(second),
      payload: { password: 'second99' },
    });

    expect(deleted.statusCode).toBe(200);
    expect((await login(email, 'second99')).statusCode).toBe(401);
  });

  it('when the only other admin is just invited, still keeps the last active admin', async () => {
    const me = await adminId(admin);
    await invite(uniqueEmail());

    const demoted = await setRole(me, 'customer');

    expect(demoted.statusCode).toBe(409);
  });

  it('when a second admin exists, revoking the first works and its token stops opening the console', async () => {
    const { email, id } = await customer();
    await invite(email);
    const second = `Bearer ${(await login(email, 'abcd1234')).json().accessToken}`;

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${id}`, headers: as(admin) });
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: as(second) });
    const actions = (await t.eventsOf('admin.acted', 3)).map((e) => (e.data as { action: string }).action);

    expect(revoked.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect(actions).toEqual(expect.arrayContaining(['operator.role_changed', 'operator.revoked']));
  });

  it('when an invitation is revoked before use, its link no longer sets a password', async () => {
    const email = uniqueEmail();
    const { operator } = (await invite(email)).json();
    const token = await tokenFromMail(t.platform, email, 'password_reset');

    await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${operator.id}`, headers: as(admin) });
    const used = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password_reset',
      payload: { token, newPassword: 'operator9x' },
    });

    expect(used.statusCode).toBe(400);
  });
});

describe('suspension', () => {
  const suspend = (id: string, payload: object = {}, by = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/suspend`, headers: as(by), payload });

  it('when a user is suspended, refuses the log-in with a Japanese message and ends the refresh session', async () => {
    const { email, id } = await customer();
    const before = await login(email, 'abcd1234');
    const cookies = Object.fromEntries(before.cookies.map((c) => [c.name, c.value]));

    const res = await suspend(id, { reason: '規約違反' });
    const again = await login(email, 'abcd1234');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies,
      headers: { 'x-csrf-token': cookies['talkwith-csrf'] ?? '' },
    });
    const oldToken = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: as(`Bearer ${before.json().accessToken}`),
    });

    expect(res.json().user).toMatchObject({ suspend_reason: '規約違反', suspended_at: expect.any(String) });
    expect(again.statusCode).toBe(403);
    expect(again.json().errorMessage).toBe(
      'このアカウントは利用停止中のため、ログインできません。お問い合わせフォームからご連絡ください。',
    );
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().message).toBe('セッションの有効期限が切れました。もう一度ログインしてください。');
    expect(oldToken.statusCode).toBe(401);
  });

  it('when the password is wrong, says the usual failure and not that the account is suspended', async () => {
    const { email, id } = await customer();
    await suspend(id);

    const res = await login(email, 'wrong1234');

    expect(res.statusCode).toBe(401);
  });

  it('when a suspension is lifted, the user logs in again and both steps are audited', async () => {
    const { email, id } = await customer();
    await suspend(id);

    const lifted = await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/unsuspend`, headers: as(admin) });
    const res = await login(email, 'abcd1234');
    const actions = (await t.eventsOf('admin.acted', 3)).map((e) => (e.data as { action: string }).action);

    expect(lifted.json().user.suspended_at).toBeUndefined();
    expect(res.statusCode).toBe(200);
    expect(actions).toEqual(expect.arrayContaining(['user.suspended', 'user.unsuspended']));
  });

  it('when an admin suspends themselves, or a customer calls suspend, refuses', async () => {
    const me = await adminId(admin);
    const { email, id } = await customer();
    const token = `Bearer ${(await login(email, 'abcd1234')).json().accessToken}`;

    const self = await suspend(me);
    const byCustomer = await suspend(id, {}, token);

    expect(self.statusCode).toBe(409);
    expect(byCustomer.statusCode).toBe(403);
  });

  it('when a suspended user is suspended again or the reason is too long, refuses', async () => {
    const { id } = await customer();
    await suspend(id);

    const again = await suspend(id);
    const long = await suspend((await customer()).id, { reason: 'x'.repeat(501) });

    expect(again.statusCode).toBe(409);
    expect(long.statusCode).toBe(400);
  });
});

describe('user picker search', () => {
  it('when an admin creates a user with a nickname, keeps it (it was dropped before) so the picker finds it', async () => {
    const email = uniqueEmail();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: as(admin),
      payload: { email, password: 'abcd1234', gender: 'other', date_of_birth: '1999-12-31', nickname: 'ももこ' },
    });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent('もも')}`,
      headers: as(admin),
    });

    expect(res.json().user.nickname).toBe('ももこ');
    expect(found.json().users.map((u: { email: string }) => u.email)).toEqual([email]);
  });

  it('when q is part of a nickname or an address, finds the account; a regex in q is taken literally', async () => {
    const { id, email } = await customer();
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      headers: as(admin),
      payload: { nickname: 'さくら姫' },
    });

    const byNickname = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent('くら姫')}`,
      headers: as(admin),
    });
    const byAddress = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(email.slice(0, 10).toUpperCase())}`,
      headers: as(admin),
    });
    const literal = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent('.*')}`,
      headers: as(admin),
    });

    expect(byNickname.json().users.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(byAddress.json().users.map((u: { id: string }) => u.id)).toContain(id);
    expect(literal.json().total).toBe(0);
  });
});
