import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { registeredUser } from '../accounts/test-support.ts';
import { billingService } from '../index.ts';
import { accountOf } from '../accounts/index.ts';
import { openEntries, openLots, openWallets } from './model.ts';
import { ledgerTestKit } from './test-service.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = ledgerTestKit(() => svc);
const adminMoney = (adminId: string, key?: string) => kit.money(adminId, key, ['admin']);
const walletOf = (userId: string) => openWallets(svc.platform.store).findOne({ _id: userId });

describe('ledger admin ticket routes', () => {
  it('operator ticket grant, 3 tickets with a reason, adds an operator lot and audits it with the target user', async () => {
    const [adminId, userId] = [randomUUID(), await registeredUser(svc)];
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/full/users/${userId}/talk_tickets`,
      headers: adminMoney(adminId),
      payload: { count: 3, reason: 'お詫び' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, user_id: userId, changed: 3, talk_tickets: 3 });
    expect(await kit.eventsOf(adminId, 'admin.acted')).toMatchObject([
      { data: { admin_id: adminId, action: 'billing.tickets_given', target_user_id: userId } },
    ]);
    expect(await openEntries(svc.platform.store).find({ user_id: userId })).toMatchObject([
      { kind: 'added', source: 'operator', admin_id: adminId, reason: 'お詫び' },
    ]);
  });

  it('operator ticket grant, a customer token, answers 403 and grants nothing', async () => {
    const userId = randomUUID();
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/full/users/${userId}/talk_tickets`,
      headers: kit.money(userId),
      payload: { count: 3, reason: 'self' },
    });
    expect(res.statusCode).toBe(403);
    expect(await walletOf(userId)).toBeNull();
  });

  it('operator ticket grant, repeated with the same key, grants once and audits once', async () => {
    const [adminId, userId, key] = [randomUUID(), await registeredUser(svc), randomUUID()];
    const send = () =>
      svc.app.inject({
        method: 'POST',
        url: `/api/admin/full/users/${userId}/talk_tickets`,
        headers: adminMoney(adminId, key),
        payload: { count: 2, reason: 'r' },
      });
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect((await walletOf(userId))?.talk_tickets).toBe(2);
    expect(await kit.eventsOf(adminId, 'admin.acted')).toHaveLength(1);
  });

  it('operator ticket removal, more than held, answers 409 and writes no audit entry', async () => {
    const [adminId, userId] = [randomUUID(), await registeredUser(svc)];
    await kit.giveTickets(userId, 1);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/full/users/${userId}/talk_tickets/remove`,
      headers: adminMoney(adminId),
      payload: { count: 2, reason: 'r' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_TICKETS' });
    expect(await kit.eventsOf(adminId, 'admin.acted')).toHaveLength(0);
  });

  it('operator ticket removal, 2 of 5, appends a removed entry and publishes ticket.removed', async () => {
    const [adminId, userId] = [randomUUID(), await registeredUser(svc)];
    await kit.giveTickets(userId, 5);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/full/users/${userId}/talk_tickets/remove`,
      headers: adminMoney(adminId),
      payload: { count: 2, reason: '誤付与' },
    });
    expect(res.json()).toMatchObject({ changed: -2, talk_tickets: 3 });
    expect(await kit.eventsOf(userId, 'ticket.removed')).toMatchObject([
      { data: { count: 2, admin_id: adminId, reason: '誤付与' } },
    ]);
    const view = (
      await svc.app.inject({
        method: 'GET',
        url: `/api/admin/full/users/${userId}/talk_tickets`,
        headers: kit.auth(adminId, ['admin']),
      })
    ).json();
    expect(view).toMatchObject({
      talk_tickets: 3,
      total: 2,
      lots: [{ remaining: 3 }],
      entries: [
        { kind: 'removed', delta: -2 },
        { kind: 'added', delta: 5 },
      ],
    });
  });

  it('operator ticket grant, a negative or huge count or a missing reason, answers 400', async () => {
    const [adminId, userId] = [randomUUID(), randomUUID()];
    for (const payload of [{ count: -1, reason: 'r' }, { count: 1e9, reason: 'r' }, { count: 1 }]) {
      expect(
        (
          await svc.app.inject({
            method: 'POST',
            url: `/api/admin/full/users/${userId}/talk_tickets`,
            headers: adminMoney(adminId),
            payload,
          })
        ).statusCode,
      ).toBe(400);
    }
  });
});

describe('ledger admin point routes', () => {
  it('point give then cancel, MA0001 100 and MA0009 40, leaves 60 and both in the operator history', async () => {
    const [adminId, userId] = [randomUUID(), await registeredUser(svc)];
    const give = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/give',
      headers: adminMoney(adminId),
      payload: { user_id: userId, points: 100, reason: 'キャンペーン' },
    });
    expect(give.json()).toMatchObject({ ok: true, changed: 100, points: 100 });
    const cancel = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/cancel',
      headers: adminMoney(adminId),
      payload: { user_id: userId, points: 40, reason: '誤付与' },
    });
    expect(cancel.json()).toMatchObject({ ok: true, changed: -40, points: 60 });
    const history = (
      await svc.app.inject({
        method: 'GET',
        url: `/api/admin/point/history?user_id=${userId}`,
        headers: kit.auth(adminId, ['admin']),
      })
    ).json();
    expect(history).toMatchObject({
      total: 2,
      items: [
        { code: 'MA0009', delta: -40, admin_id: adminId },
        { code: 'MA0001', delta: 100, admin_id: adminId },
      ],
    });
    expect(await kit.eventsOf(adminId, 'admin.acted')).toMatchObject([
      { data: { target_user_id: userId } },
      { data: { target_user_id: userId } },
    ]);
  });

  it('point cancel, below zero, answers 409 INSUFFICIENT_POINTS and leaves the balance', async () => {
    const [adminId, userId] = [randomUUID(), await registeredUser(svc)];
    await kit.givePoints(userId, 10);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/cancel',
      headers: adminMoney(adminId),
      payload: { user_id: userId, points: 11, reason: 'r' },
    });
    expect(res.statusCode).toBe(409);
    expect((await walletOf(userId))?.points).toBe(10);
  });

  it('point give, no Idempotency-Key, answers 400; a reused key with another body, 422', async () => {
    const [adminId, userId, key] = [randomUUID(), await registeredUser(svc), randomUUID()];
    const missing = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/give',
      headers: kit.auth(adminId, ['admin']),
      payload: { user_id: userId, points: 5, reason: 'r' },
    });
    expect(missing.statusCode).toBe(400);
    await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/give',
      headers: adminMoney(adminId, key),
      payload: { user_id: userId, points: 5, reason: 'r' },
    });
    const reused = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/point/give',
      headers: adminMoney(adminId, key),
      payload: { user_id: userId, points: 500, reason: 'r' },
    });
    expect(reused.statusCode).toBe(422);
    expect((await walletOf(userId))?.points).toBe(5);
  });

  it('admin points view, a customer token, answers 403', async () => {
    const userId = randomUUID();
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: `/api/admin/full/users/${userId}/points`,
          headers: kit.auth(userId),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('ledger admin routes: only live accounts', () => {
  const notFound = { ok: false, code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' };
  const post = (adminId: string, url: string, payload: Record<string, unknown>) =>
    svc.app.inject({ method: 'POST', url, headers: adminMoney(adminId), payload });
  const deleted = async () => {
    const userId = await registeredUser(svc);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'admin' });
    await eventually(async () => (await accountOf(svc.platform.store, userId))?.deleted_at != null);
    return userId;
  };

  it('operator ticket grant, an id no account has, answers 404 and writes no lot, wallet or audit entry', async () => {
    const [adminId, userId] = [randomUUID(), randomUUID()];
    const res = await post(adminId, `/api/admin/full/users/${userId}/talk_tickets`, { count: 3, reason: 'お詫び' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(notFound);
    expect(await openLots(svc.platform.store).find({ user_id: userId })).toEqual([]);
    expect(await walletOf(userId)).toBeNull();
    expect(await kit.eventsOf(adminId, 'admin.acted')).toHaveLength(0);
  });

  it('operator ticket grant, a deleted account, answers 404 and writes no lot', async () => {
    const [adminId, userId] = [randomUUID(), await deleted()];
    expect(
      (await post(adminId, `/api/admin/full/users/${userId}/talk_tickets`, { count: 3, reason: 'r' })).json(),
    ).toMatchObject(notFound);
    expect(await openLots(svc.platform.store).find({ user_id: userId })).toEqual([]);
  });

  it('point give, an id no account has, answers 404 and writes no lot', async () => {
    const [adminId, userId] = [randomUUID(), randomUUID()];
    const res = await post(adminId, '/api/admin/point/give', { user_id: userId, points: 100, reason: 'r' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(notFound);
    expect(await openLots(svc.platform.store).find({ user_id: userId })).toEqual([]);
  });

  it('point give, a deleted account, answers 404', async () => {
    const userId = await deleted();
    expect(
      (await post(randomUUID(), '/api/admin/point/give', { user_id: userId, points: 100, reason: 'r' })).statusCode,
    ).toBe(404);
  });

  it('ticket removal and point cancel, an id no account has, answer 404', async () => {
    const userId = randomUUID();
    expect(
      (
        await post(randomUUID(), `/api/admin/full/users/${userId}/talk_tickets/remove`, { count: 1, reason: 'r' })
      ).json(),
    ).toMatchObject(notFound);
    expect(
      (await post(randomUUID(), '/api/admin/point/cancel', { user_id: userId, points: 1, reason: 'r' })).json(),
    ).toMatchObject(notFound);
  });
});
