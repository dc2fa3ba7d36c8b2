import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { onAccountEvent } from './consumers.ts';
import { eraseDeletedAccounts, openErasures } from './erasure.ts';
import { buyer, cardToken, startBilling, walletOf, type Billing, type Buyer } from '../purchases/test-support.ts';
import { claimCharge } from '../subscriptions/periods.ts';
import { orderIdOf, type SubscriptionRecord } from '../subscriptions/records.ts';
import { completeCharge, leaseMsOf, renewDue } from '../subscriptions/renewal.ts';
import {
  chargesOfPeriod,
  chargesOfSubscription,
  eventsOf,
  recordOf,
  subscribed,
  type Subscriber,
} from '../subscriptions/test-support.ts';

let billing: Billing;
let admin: Buyer;
beforeAll(async () => {
  billing = await startBilling();
  admin = buyer(billing, ['admin']);
});
afterAll(async () => {
  await billing?.close();
});

const get = (who: Buyer, url: string) => billing.svc.app.inject({ method: 'GET', url, headers: who.auth });

/** Identity deleted the account: billing has handled user.deleted once this resolves. */
async function deleteAccount(me: Subscriber): Promise<string> {
  const event = await billing.svc.platform.events.publish('user.deleted', me.userId, {
    user_id: me.userId,
    by: 'user',
  });
  await eventually(async () => (await recordOf(billing, me.subscriptionId)).account_deleted_at !== undefined);
  await eventually(async () => (await walletOf(billing, me.userId)).talk_tickets === 0);
  return event.occurredAt;
}

const cardsAtProvider = async (record: SubscriptionRecord) => billing.deps.provider.listCards(record.account_id);

describe('account deletion with an active plan', () => {
  it('user.deleted, then the renewal job after the old period end, charges nothing, ends the plan at once and deletes the cards at the provider', async () => {
    const me = await subscribed(billing);
    await me.post('/api/payment/card/info/add', { token: await cardToken(billing) });
    const before = await recordOf(billing, me.subscriptionId);
    expect(await cardsAtProvider(before)).toHaveLength(2);

    const deletedAt = await deleteAccount(me);
    await renewDue(billing.deps, new Date(Date.parse(before.period_end ?? '') + 1000));
    await eraseDeletedAccounts(billing.deps, new Date());

    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'inactive',
      finished_reason: 'account_deleted',
      period: 1,
      period_end: deletedAt,
    });
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.finished'))[0]?.data).toMatchObject({
      reason: 'account_deleted',
      period_end: deletedAt,
    });
    expect(await cardsAtProvider(before)).toEqual([]);
    expect(await openErasures(billing.svc.platform.store).findOne({ _id: me.userId })).toMatchObject({
      cards_deleted: 2,
      done_at: expect.any(String),
    });
  });

  it('user.deleted, while a renewal holds its charge and then captures it, grants nothing and the erasure refunds it after the lease', async () => {
    const me = await subscribed(billing);
    const record = await recordOf(billing, me.subscriptionId);
    const later = new Date(Date.parse(record.period_end ?? '') + 1000);
    const card = record.card as { card_id: string; masked: string };
    const claimed = await claimCharge(
      billing.svc.platform.store,
      record,
      { reason: 'renew', card_id: card.card_id, card_masked: card.masked },
      later,
      leaseMsOf(billing.deps.config),
    );

    await deleteAccount(me);
    const { outcome } = await completeCharge(billing.deps, claimed as SubscriptionRecord, later); // the holder reaches the provider after the deletion
    const early = await eraseDeletedAccounts(billing.deps, later);
    await eraseDeletedAccounts(billing.deps, new Date(later.getTime() + leaseMsOf(billing.deps.config) + 1));

    expect(outcome.kind).toBe('captured');
    expect(early.open).toBeGreaterThanOrEqual(1);
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ status: 'inactive', period: 1 });
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
    const order = await billing.deps.provider.search(orderIdOf(me.subscriptionId, 2, 0));
    expect(order).toMatchObject({ capturedAmount: 0, refundedAmount: 1100 });
    expect((await openErasures(billing.svc.platform.store).findOne({ _id: me.userId }))?.charges).toMatchObject([
      { resolved: 'refunded' },
    ]);
  });

  it('user.deleted, handled after a renewal settled past the deletion time, refunds that period and marks its purchase refunded', async () => {
    const me = await subscribed(billing);
    const record = await recordOf(billing, me.subscriptionId);
    const later = new Date(Date.parse(record.period_end ?? '') + 1000);
    const deletedAt = new Date(later.getTime() - 500).toISOString(); // identity deleted the account just before the renewal settled

    await renewDue(billing.deps, later);
    const event = {
      id: randomUUID(),
      type: 'user.deleted' as const,
      version: 1,
      occurredAt: deletedAt,
      key: me.userId,
      data: { user_id: me.userId, by: 'user' as const },
    };
    await billing.svc.platform.store.withTransaction((tx) => onAccountEvent(tx, billing.svc.platform.events, event));
    await eraseDeletedAccounts(billing.deps, new Date(later.getTime() + 1000));

    const orderId = orderIdOf(me.subscriptionId, 2, 0);
    expect(await billing.deps.provider.search(orderId)).toMatchObject({ capturedAmount: 0, refundedAmount: 1100 });
    expect(await billing.svc.platform.store.collection('purchases').findOne({ _id: orderId })).toMatchObject({
      status: 'canceled',
      refunded: 1100,
    });
    expect(await chargesOfPeriod(billing, me.subscriptionId, 1)).toBe(1);
  });

  it("user.deleted, between a sweep's start and its capture of the renewal, refunds that period (the booking is not dated at the sweep's start)", async () => {
    const me = await subscribed(billing);
    const sweepStart = new Date(Date.now() - 2000);
    await billing.svc.platform.store
      .collection('subscriptions')
      .updateOne(
        { _id: me.subscriptionId },
        { $set: { period_end: new Date(sweepStart.getTime() - 1000).toISOString() } },
      );
    const deletedAt = new Date(Date.now() - 1000).toISOString(); // identity deleted the account after the sweep began, before it reached this plan

    await renewDue(billing.deps, sweepStart);
    const event = {
      id: randomUUID(),
      type: 'user.deleted' as const,
      version: 1,
      occurredAt: deletedAt,
      key: me.userId,
      data: { user_id: me.userId, by: 'user' as const },
    };
    await billing.svc.platform.store.withTransaction((tx) => onAccountEvent(tx, billing.svc.platform.events, event));
    await eraseDeletedAccounts(billing.deps, new Date(Date.now() + 1000));

    expect(await billing.deps.provider.search(orderIdOf(me.subscriptionId, 2, 0))).toMatchObject({
      capturedAmount: 0,
      refundedAmount: 1100,
    });
  });

  it('claimCharge, with the subscription as read before user.deleted, takes no charge', async () => {
    const me = await subscribed(billing);
    const stale = await recordOf(billing, me.subscriptionId);
    await deleteAccount(me);

    const claimed = await claimCharge(
      billing.svc.platform.store,
      stale,
      { reason: 'renew', card_id: stale.card?.card_id ?? '', card_masked: '' },
      new Date(Date.parse(stale.period_end ?? '') + 1000),
      60_000,
    );

    expect(claimed).toBeNull();
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2)).toBe(0);
  });
});

describe("a deleted account's money records, for operators", () => {
  it('admin views, after user.deleted, still list the purchases, the subscription charge and the ledger by id, and say the account is deleted', async () => {
    const me = await subscribed(billing);
    const bought = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json().purchase;
    const deletedAt = await deleteAccount(me);

    const purchases = await get(admin, `/api/admin/full/users/${me.userId}/purchases`);
    const one = await get(admin, `/api/admin/full/purchases/${bought.purchase_id}`);
    const history = await get(admin, `/api/admin/payment/history?user_id=${me.userId}`);
    const tickets = await get(admin, `/api/admin/full/users/${me.userId}/talk_tickets`);
    const points = await get(admin, `/api/admin/full/users/${me.userId}/points`);
    const account = await get(admin, `/api/admin/full/users/${me.userId}/account`);

    expect(purchases.json()).toMatchObject({ total: 2 });
    expect(
      purchases
        .json()
        .purchases.map((p: { kind: string }) => p.kind)
        .sort(),
    ).toEqual(['subscription', 'tickets']);
    expect(one.statusCode).toBe(200);
    expect(one.json().purchase).toMatchObject({
      purchase_id: bought.purchase_id,
      status: 'captured',
      user_id: me.userId,
    });
    expect(history.json().total).toBe(2);
    expect(tickets.json()).toMatchObject({ talk_tickets: 0 });
    expect(
      tickets
        .json()
        .entries.map((e: { kind: string; delta: number; reason?: string }) => [e.kind, e.delta, e.reason ?? null]),
    ).toEqual(
      expect.arrayContaining([
        ['added', 10, null],
        ['added', 1, null],
        ['removed', -10, 'account_deleted'],
        ['removed', -1, 'account_deleted'],
      ]),
    );
    expect(points.json()).toMatchObject({ points: 0 });
    expect(account.json()).toMatchObject({ ok: true, user_id: me.userId, deleted_at: deletedAt });
  });

  it('GET full/users/:id/account, a customer, is refused with 403', async () => {
    const me = buyer(billing);
    expect((await get(me, `/api/admin/full/users/${me.userId}/account`)).statusCode).toBe(403);
  });
});
