import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import { sweepExpiredLots } from './expiry.ts';
import { openDailyBonuses, openEntries, openLots, openWallets } from './model.ts';
import { ledgerTestKit } from './test-service.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService, { LOGIN_BONUS_POINTS: '15', EXPIRY_SWEEP_MS: '1000' });
});
afterAll(async () => {
  await svc?.close();
});
const kit = ledgerTestKit(() => svc);
const walletOf = (userId: string) => openWallets(svc.platform.store).findOne({ _id: userId });
const DAY = 86_400_000;

describe('ledger expiry sweep', () => {
  it('billing.expire, repeating every EXPIRY_SWEEP_MS, writes off an expired lot with no request made', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 3, new Date(Date.now() - 100 * DAY));
    await eventually(async () => (await walletOf(userId))?.talk_tickets === 0, 15_000);
    expect(await openEntries(svc.platform.store).find({ user_id: userId, kind: 'expired' })).toMatchObject([
      { delta: -3 },
    ]);
  });

  it('expiry sweep, one expired and one live lot, writes off exactly the expired one (ticket.expired)', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 4, new Date(Date.now() - 100 * DAY));
    await kit.giveTickets(userId, 2);
    await kit.givePoints(userId, 50, new Date(Date.now() - 200 * DAY));
    await sweepExpiredLots(svc.platform);
    expect(await walletOf(userId)).toMatchObject({ talk_tickets: 2, points: 0 });
    expect(await kit.eventsOf(userId, 'ticket.expired')).toMatchObject([{ data: { count: 4 } }]);
    expect(await kit.eventsOf(userId, 'points.used')).toMatchObject([{ data: { points: 50, code: 'LP0001' } }]);
  });

  it('expiry sweep, run twice at the same time, writes each lot off once', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 3, new Date(Date.now() - 100 * DAY));
    await kit.giveTickets(userId, 2, new Date(Date.now() - 95 * DAY));
    await Promise.all([sweepExpiredLots(svc.platform), sweepExpiredLots(svc.platform)]);
    await sweepExpiredLots(svc.platform);
    expect(await openEntries(svc.platform.store).countDocuments({ user_id: userId, kind: 'expired' })).toBe(2);
    expect((await walletOf(userId))?.talk_tickets).toBe(0);
    expect(await openLots(svc.platform.store).find({ user_id: userId })).toMatchObject([
      { remaining: 0 },
      { remaining: 0 },
    ]);
  });
});

describe('ledger account consumers', () => {
  it('user.registered, delivered again after the wallet was used, neither opens a second wallet nor empties the first', async () => {
    const userId = randomUUID();
    const wallets = openWallets(svc.platform.store);
    const walletsBefore = await wallets.countDocuments({});
    const event = await svc.platform.events.publish('user.registered', userId, {
      user_id: userId,
      email: 'a@example.jp',
      registered_at: new Date().toISOString(),
    });
    const opened = await eventually(() => walletOf(userId));
    expect(opened).toMatchObject({ points: 0, talk_tickets: 0 });
    await kit.giveTickets(userId, 2);

    await svc.platform.bus.publish(event);
    // A later event of the same user for the same consumer: once its bonus is in, the redelivery before it has been handled.
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: false,
      method: 'password',
      at: new Date().toISOString(),
    });
    await eventually(
      async () => (await openEntries(svc.platform.store).countDocuments({ user_id: userId, code: 'LB0001' })) === 1,
    );

    // Counted over the whole collection: a second wallet under any key, not only this _id, is caught.
    expect(await wallets.countDocuments({})).toBe(walletsBefore + 1);
    expect(await walletOf(userId)).toEqual({ ...opened, talk_tickets: 2, points: 15 });
    const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: kit.auth(userId) });
    expect(res.json()).toMatchObject({ ok: true, points: 15, talk_tickets: 2 });
  });

  it('user.logged_in, twice on one Japan day and once the next, grants LB0001 twice', async () => {
    const userId = randomUUID();
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: false,
      method: 'password',
      at: '2026-05-01T15:30:00.000Z',
    }); // 5-02 00:30 JST
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: true,
      method: 'password',
      at: '2026-05-02T14:00:00.000Z',
    }); // 5-02 23:00 JST
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: true,
      method: 'google',
      at: '2026-05-02T15:00:00.000Z',
    }); // 5-03 00:00 JST
    await eventually(
      async () => (await openDailyBonuses(svc.platform.store).countDocuments({ user_id: userId })) === 2,
    );
    await eventually(
      async () => (await openEntries(svc.platform.store).countDocuments({ user_id: userId, code: 'LB0001' })) === 2,
    );
    expect(await openEntries(svc.platform.store).find({ user_id: userId, code: 'LB0001' })).toMatchObject([
      { delta: 15 },
      { delta: 15 },
    ]);
  });

  it('user.deleted, a user with lots and entries, keeps them for operators and forfeits the balance with removed entries', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2);
    await kit.givePoints(userId, 5);
    const event = await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'admin' });
    await svc.platform.bus.publish(event);
    await eventually(async () => (await walletOf(userId))?.talk_tickets === 0);
    expect(await walletOf(userId)).toMatchObject({ talk_tickets: 0, points: 0 });
    expect(await openLots(svc.platform.store).countDocuments({ user_id: userId, remaining: 0 })).toBe(2);
    const removed = await openEntries(svc.platform.store).find({ user_id: userId, kind: 'removed' });
    expect(removed.map((e) => [e.asset, e.delta, e.reason, e.code ?? null]).sort()).toEqual([
      ['points', -5, 'account_deleted', 'MA0009'],
      ['tickets', -2, 'account_deleted', null],
    ]);
    expect(await openEntries(svc.platform.store).countDocuments({ user_id: userId })).toBe(4);
  });
});
