import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { LogUser } from '@talkwith/proto/logging';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';
import { openLogUsers } from './model.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const users = (query: string, token = svc.admin) =>
  svc.app.inject({
    method: 'GET',
    url: `/api/admin/logs/users${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function registered(userId: string, email: string, at = new Date().toISOString()): Promise<void> {
  await svc.platform.events.publish('user.registered', userId, { user_id: userId, email, registered_at: at });
  await eventually(async () => (await openLogUsers(svc.platform.store).findOne({ _id: userId })) !== null);
}

describe('GET /api/admin/logs/users', () => {
  it('users, searched by part of an address in another case, names the account with its last log-in', async () => {
    const userId = uniqueId('u');
    const tag = uniqueId('t');
    await registered(userId, `Sakura.${tag}@Example.jp`, '2025-03-01T00:00:00.000Z');
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: false,
      method: 'password',
      at: '2025-03-02T00:00:00.000Z',
    });
    await eventually(
      async () => (await openLogUsers(svc.platform.store).findOne({ _id: userId }))?.last_login_at !== null,
    );

    const res = await users(`?q=${encodeURIComponent(`sakura.${tag}`.toUpperCase())}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, total: 1, page: 1, limit: 20 });
    expect(res.json().users).toEqual([
      {
        user_id: userId,
        email: `Sakura.${tag}@Example.jp`,
        registered_at: '2025-03-01T00:00:00.000Z',
        last_login_at: '2025-03-02T00:00:00.000Z',
        deleted_at: null,
      },
    ]);
  });

  it('users, ids of a page of logs, answers the addresses of those accounts only', async () => {
    const [a, b, c] = [uniqueId('u'), uniqueId('u'), uniqueId('u')];
    for (const id of [a, b, c]) await registered(id, `${id}@example.jp`);

    const res = await users(`?ids=${a},${c},${uniqueId('unknown')}`);

    expect(
      res
        .json()
        .users.map((u: LogUser) => u.email)
        .sort(),
    ).toEqual([`${a}@example.jp`, `${c}@example.jp`].sort());
  });

  it('users, an account that changed its address and was then deleted, keeps its id and no address', async () => {
    const userId = uniqueId('u');
    await registered(userId, `${userId}@example.jp`);
    await svc.platform.events.publish('user.email_changed', userId, {
      user_id: userId,
      old_email: `${userId}@example.jp`,
      new_email: `new-${userId}@example.jp`,
      by: 'user',
    });
    await eventually(
      async () =>
        (await openLogUsers(svc.platform.store).findOne({ _id: userId }))?.email === `new-${userId}@example.jp`,
    );
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await eventually(
      async () => (await openLogUsers(svc.platform.store).findOne({ _id: userId }))?.deleted_at !== null,
    );

    const [user] = (await users(`?q=${userId}`)).json().users;

    expect(user).toMatchObject({ user_id: userId, email: '', deleted_at: expect.any(String) });
  });

  it('users, a customer, is 403', async () => {
    expect((await users('', svc.tokenFor(uniqueId('c'), ['customer']))).statusCode).toBe(403);
  });

  it('users, an unknown field, a bad id list or too large a limit, is 400', async () => {
    expect((await users('?email=x')).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    expect((await users('?ids=a,,b')).statusCode).toBe(400);
    expect((await users('?limit=101')).statusCode).toBe(400);
  });

  it('users, a regular-expression character in q, is taken literally', async () => {
    expect((await users(`?q=${encodeURIComponent('.*')}`)).json()).toMatchObject({ total: 0 });
  });
});
