import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { accountOf } from '../accounts/index.ts';
import { buyer, startBilling, type Billing } from '../purchases/test-support.ts';
import { subscribed } from '../subscriptions/test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const get = (url: string, roles = ['admin']) =>
  billing.svc.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${billing.svc.tokenFor(`op-${randomUUID()}`, roles)}` },
  });

async function register(userId: string, email = `${userId}@example.jp`): Promise<void> {
  await billing.svc.platform.events.publish('user.registered', userId, {
    user_id: userId,
    email,
    registered_at: new Date().toISOString(),
  });
  await eventually(async () => (await accountOf(billing.svc.platform.store, userId)) !== null);
}

describe('full/users', () => {
  it('full/users, searched by part of the address in another case, lists the account with its tickets, points and plan status', async () => {
    const me = await subscribed(billing);
    const tag = randomUUID().slice(0, 8);
    await register(me.userId, `Hanako.${tag}@Example.jp`);

    const res = await get(`/api/admin/full/users?q=${`hanako.${tag}`.toUpperCase()}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      total: 1,
      page: 1,
      page_size: 20,
      users: [
        {
          user_id: me.userId,
          email: `Hanako.${tag}@Example.jp`,
          deleted_at: null,
          talk_tickets: 10,
          points: 100,
          plan_status: 'active',
        },
      ],
    });
  });

  it('full/users, deleted=true, lists a deleted account that live listings leave out', async () => {
    const userId = randomUUID();
    await register(userId);
    await billing.svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await eventually(async () => (await accountOf(billing.svc.platform.store, userId))?.deleted_at != null);

    expect((await get(`/api/admin/full/users?q=${userId}&deleted=true`)).json().users).toEqual([
      expect.objectContaining({ user_id: userId, deleted_at: expect.any(String) }),
    ]);
    expect((await get(`/api/admin/full/users?q=${userId}&deleted=false`)).json()).toMatchObject({
      total: 0,
      users: [],
    });
  });

  it('full/users, a regular-expression character in q, is taken literally', async () => {
    expect((await get('/api/admin/full/users?q=.*')).json()).toMatchObject({ total: 0 });
  });

  it('full/users and full/users/{id}, a customer, are 403; a bad page is 400', async () => {
    expect((await get('/api/admin/full/users', ['customer'])).statusCode).toBe(403);
    expect((await get(`/api/admin/full/users/${randomUUID()}`, ['customer'])).statusCode).toBe(403);
    expect((await get('/api/admin/full/users?page=0')).statusCode).toBe(400);
  });
});

describe('full/users/{id}', () => {
  it('full/users/{id}, a subscriber, answers the account, the unexpired wallet, the plan and what was paid', async () => {
    const me = await subscribed(billing);
    await register(me.userId);

    const res = await get(`/api/admin/full/users/${me.userId}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user: { user_id: me.userId, email: `${me.userId}@example.jp`, deleted_at: null },
      wallet: { talk_tickets: 10, points: 100 },
      subscriptions: [{ subscription_id: me.subscriptionId, status: 'active', plan_code: 'PROD001' }],
      purchases: { count: 1, captured_yen: 1100, refunded_yen: 0, last_at: expect.any(String) },
    });
  });

  it('full/users/{id}, an id billing never heard of, is 404 with the Japanese message', async () => {
    const res = await get(`/api/admin/full/users/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' });
  });

  it('full/users/{id}/purchases, next to the new routes, still answers', async () => {
    const me = buyer(billing);
    expect((await get(`/api/admin/full/users/${me.userId}/purchases`)).statusCode).toBe(200);
  });
});
