import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { eventually } from '@talkwith/platform/testing/eventually';
import { resumeStaleRefunds } from './refunds.ts';
import { buyer, cardToken, characterOnSale, startBilling, walletOf, type Billing, type Buyer } from './test-support.ts';

let billing: Billing;
let admin: Buyer;
const audit: Array<{ action: string; target_user_id?: string; detail?: unknown }> = [];
beforeAll(async () => {
  billing = await startBilling();
  admin = buyer(billing, ['admin']);
  await billing.svc.platform.events.consume('purchases-refund-audit-test', ['admin.acted'], async (event) => {
    audit.push(event.data);
  });
});
afterAll(async () => {
  await billing?.close();
});

async function bought(me: Buyer, productId: string): Promise<{ purchase_id: string; order_id: string }> {
  const res = await me.post('/api/payment/card/authorize', { product_id: productId, token: await cardToken(billing) });
  expect(res.statusCode).toBe(200);
  return res.json().purchase;
}

const sandboxRefunded = async (orderId: string) => (await billing.deps.provider.search(orderId)).refundedAmount;
const auditOf = (purchaseId: string) =>
  audit.filter((a) => (a.detail as { purchase_id?: string }).purchase_id === purchaseId);

describe('cancel', () => {
  it('purchase/cancel, by an operator, refunds at the provider, takes the tickets back and is audited', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'tickets-5');
    const res = await admin.post('/api/admin/full/purchases/purchase/cancel', {
      purchase_id: purchase.purchase_id,
      reason: '誤購入',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().purchase).toMatchObject({ status: 'canceled', refunded: 700, user_id: me.userId });
    expect(await sandboxRefunded(purchase.order_id)).toBe(700);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
    await eventually(async () => auditOf(purchase.purchase_id).length > 0);
    expect(auditOf(purchase.purchase_id)).toEqual([
      expect.objectContaining({ action: 'purchase.canceled', target_user_id: me.userId }),
    ]);
  });

  it('purchase/cancel, twice with different keys, refunds once and refuses the second with 409', async () => {
    const purchase = await bought(buyer(billing), 'points-500');
    const body = { purchase_id: purchase.purchase_id, reason: '返金' };
    expect((await admin.post('/api/admin/full/purchases/purchase/cancel', body)).statusCode).toBe(200);
    const again = await admin.post('/api/admin/full/purchases/purchase/cancel', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PURCHASE_STATE' });
    expect(await sandboxRefunded(purchase.order_id)).toBe(500);
  });

  it('purchase/cancel, repeated with the same key, answers the same and refunds once', async () => {
    const purchase = await bought(buyer(billing), 'tickets-1');
    const key = randomUUID();
    const body = { purchase_id: purchase.purchase_id, reason: '返金' };
    const first = await admin.post('/api/admin/full/purchases/purchase/cancel', body, key);
    const second = await admin.post('/api/admin/full/purchases/purchase/cancel', body, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await sandboxRefunded(purchase.order_id)).toBe(150);
  });

  it('cancel, a character, removes the entitlement so it can be bought again', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing, 900);
    const purchase = await bought(me, `character:${characterId}`);
    expect((await admin.post('/api/payment/card/cancel', { purchase_id: purchase.purchase_id })).statusCode).toBe(200);
    const owned = await billing.svc.app.inject({ method: 'GET', url: '/api/billing/entitlements', headers: me.auth });
    expect(owned.json().character_ids).toEqual([]);
  });

  it('card/cancel, by the buyer, is refused with 403 and refunds nothing', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'tickets-1');
    const res = await me.post('/api/payment/card/cancel', { purchase_id: purchase.purchase_id });
    expect(res.statusCode).toBe(403);
    expect(await sandboxRefunded(purchase.order_id)).toBe(0);
  });

  it('purchase/cancel, by a customer token, is refused with 403', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'tickets-1');
    expect(
      (await me.post('/api/admin/full/purchases/purchase/cancel', { purchase_id: purchase.purchase_id, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('partial refunds', () => {
  it('cancel_decrement, part of the amount, refunds it and keeps the grant', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'tickets-10');
    const res = await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: 300,
      reason: '一部返金',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().purchase).toMatchObject({ status: 'captured', refunded: 300 });
    expect(await sandboxRefunded(purchase.order_id)).toBe(300);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 10 });
  });

  it('cancel_decrement, 400 then the remaining 600, announces each refund (purchase.refunded) for the revenue, the second as whole', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'points-1000');
    await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: 400,
      reason: '一部返金',
    });
    await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: 600,
      reason: '残り',
    });
    const refunds = (
      await billing.svc.platform.store
        .collection<OutboxEntry>(OUTBOX)
        .find({ key: me.userId, type: 'purchase.refunded' })
    ).map((e) => e.envelope.data);
    expect(refunds).toEqual([
      expect.objectContaining({ purchase_id: purchase.purchase_id, amount: 400, refunded: 400, whole: false }),
      expect.objectContaining({ purchase_id: purchase.purchase_id, amount: 600, refunded: 1000, whole: true }),
    ]);
  });

  it('cancel_decrement, more than what is left, is refused with 409 and refunds nothing more', async () => {
    const purchase = await bought(buyer(billing), 'tickets-10');
    await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: 1000,
      reason: '一部返金',
    });
    const over = await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: 301,
      reason: '超過',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'PURCHASE_STATE' });
    expect(await sandboxRefunded(purchase.order_id)).toBe(1000);
  });

  it('cancel_decrement, the rest of the amount, cancels the purchase and takes the grant back', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'points-1000');
    await admin.post('/api/payment/card/cancel_decrement', { purchase_id: purchase.purchase_id, amount: 400 });
    const res = await admin.post('/api/payment/card/cancel_decrement', {
      purchase_id: purchase.purchase_id,
      amount: 600,
    });
    expect(res.json().purchase).toMatchObject({ status: 'canceled', refunded: 1000 });
    expect(await walletOf(billing, me.userId)).toMatchObject({ points: 0 });
  });

  it('cancel_decrement, concurrent requests over the amount, never refunds more than was captured', async () => {
    const purchase = await bought(buyer(billing), 'tickets-5');
    const url = `/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`;
    await Promise.all([1, 2, 3, 4].map(() => admin.post(url, { amount: 300, reason: '同時' })));
    expect(await sandboxRefunded(purchase.order_id)).toBeLessThanOrEqual(700);
    const { purchase: view } = (
      await billing.svc.app.inject({
        method: 'GET',
        url: `/api/admin/full/purchases/${purchase.purchase_id}`,
        headers: admin.auth,
      })
    ).json();
    expect(view.refunded).toBe(await sandboxRefunded(purchase.order_id));
  });

  it('cancel_decrement, a negative or zero amount, is refused with 400', async () => {
    const purchase = await bought(buyer(billing), 'tickets-1');
    const res = await admin.post(`/api/admin/full/purchases/${purchase.purchase_id}/cancel_decrement`, {
      amount: -5,
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('refunds interrupted by a crash', () => {
  async function interruptedRefund(purchaseId: string, refundId: string): Promise<void> {
    const store = billing.svc.platform.store;
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await store.collection('purchases').updateOne({ _id: purchaseId }, { $set: { refund_in_flight: refundId } });
    await store.collection('purchase_refunds').insertOne({
      _id: refundId,
      purchase_id: purchaseId,
      amount: 700,
      base_refunded: 0,
      fingerprint: 'f',
      by: 'admin',
      actor_id: admin.userId,
      reason: 'crash',
      state: 'requested',
      created_at: twoMinutesAgo,
    });
  }

  it('resumeStaleRefunds, the provider refunded before the crash, books it without refunding again', async () => {
    const me = buyer(billing);
    const purchase = await bought(me, 'tickets-5');
    await interruptedRefund(purchase.purchase_id, randomUUID());
    await billing.deps.provider.cancel(purchase.order_id, 700);
    await resumeStaleRefunds(billing.deps);
    expect(await sandboxRefunded(purchase.order_id)).toBe(700);
    const doc = await billing.svc.platform.store.collection('purchases').findOne({ _id: purchase.purchase_id });
    expect(doc).toMatchObject({ status: 'canceled', refunded: 700, refund_in_flight: null });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
  });

  it('resumeStaleRefunds, the crash came before the provider call, refunds once', async () => {
    const purchase = await bought(buyer(billing), 'tickets-5');
    await interruptedRefund(purchase.purchase_id, randomUUID());
    await resumeStaleRefunds(billing.deps);
    await resumeStaleRefunds(billing.deps);
    expect(await sandboxRefunded(purchase.order_id)).toBe(700);
  });
});

describe('refunds the provider refuses', () => {
  it('purchase/cancel, an order the provider does not know, answers 409, frees the refund slot, and a repeat answers the same', async () => {
    const me = buyer(billing);
    const at = new Date().toISOString();
    const doc = await billing.svc.platform.store.collection('purchases').insertOne({
      user_id: me.userId,
      product_id: 'tickets-1',
      kind: 'tickets',
      name: 't',
      amount: 150,
      refunded: 0,
      order_id: `unknown${Date.now()}`,
      idempotency_key: randomUUID(),
      request_fingerprint: 'x',
      status: 'captured',
      source: 'card',
      attempts: 1,
      refund_in_flight: null,
      created_at: at,
      updated_at: at,
      settled_at: at,
      tickets: 1,
    });
    const key = randomUUID();
    const body = { purchase_id: doc._id, reason: '返金' };
    const first = await admin.post('/api/admin/full/purchases/purchase/cancel', body, key);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'PURCHASE_STATE' });
    expect((await admin.post('/api/admin/full/purchases/purchase/cancel', body, key)).json()).toEqual(first.json());
    expect(await billing.svc.platform.store.collection('purchases').findOne({ _id: doc._id })).toMatchObject({
      status: 'captured',
      refund_in_flight: null,
      refunded: 0,
    });
  });
});
