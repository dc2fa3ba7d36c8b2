import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { countSandboxCharges } from '../provider/index.ts';
import { openPurchases } from './records.ts';
import { reconcileOnce, settleBySearch } from './resume.ts';
import { buyer, cardToken, lotsOf, PUBLIC_URL, startBilling, walletOf, type Billing } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const AUTHORIZE = '/api/payment/card/authorize';
const purchaseDoc = async (purchaseId: string) =>
  (await openPurchases(billing.svc.platform.store).findOne({ _id: purchaseId }))!;

describe('3-D Secure challenge', () => {
  it('authorize, challenge card, sends the browser to the challenge page, then mpi_complete captures and grants', async () => {
    const me = buyer(billing);
    const res = await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing, 'challenge') });
    expect(res.statusCode).toBe(200);
    const { purchase, next, challenge_url: challengeUrl } = res.json();
    expect(next).toBe('challenge');
    expect(purchase.status).toBe('challenge');
    expect(challengeUrl).toMatch(/^http/);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
    await billing.engine.decideChallenge(purchase.order_id, true);
    const done = await me.post('/api/payment/card/3dsecure/mpi_complete', { order_id: purchase.order_id });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ next: 'done', purchase: { status: 'captured' } });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 1 });
  });

  it('authorize, challenge card, its redirect address is our mpi_complete page with the order id', async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing, 'challenge') })
    ).json();
    const order = await billing.engine.order(purchase.order_id);
    expect(JSON.stringify(order)).toContain(`${PUBLIC_URL}/payment/process/mpi_complete?order_id=${purchase.order_id}`);
  });

  it('mpi_complete, shopper failed the challenge, answers 402 and grants nothing', async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing, 'challenge') })
    ).json();
    await billing.engine.decideChallenge(purchase.order_id, false);
    const res = await me.post('/api/payment/card/3dsecure/mpi_complete', { order_id: purchase.order_id });
    expect(res.statusCode).toBe(402);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
  });

  it("mpi_complete, another user's order, answers 404 and settles nothing", async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing, 'challenge') })
    ).json();
    await billing.engine.decideChallenge(purchase.order_id, true);
    const res = await buyer(billing).post('/api/payment/card/3dsecure/mpi_complete', { order_id: purchase.order_id });
    expect(res.statusCode).toBe(404);
    expect((await purchaseDoc(purchase.purchase_id)).status).toBe('challenge');
  });
});

describe('unknown and pending outcomes', () => {
  it('authorize, time-out card, answers 202 PAYMENT_PENDING; confirm settles it and grants once', async () => {
    const me = buyer(billing);
    const res = await me.post(AUTHORIZE, { product_id: 'tickets-5', token: await cardToken(billing, 'timeout') });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_PENDING', next: 'pending', purchase: { status: 'unknown' } });
    const { order_id: orderId, purchase_id: purchaseId } = res.json().purchase;
    const confirmed = await me.post('/api/payment/card/confirm', { order_id: orderId });
    expect(confirmed.json()).toMatchObject({ next: 'done', purchase: { status: 'captured' } });
    await me.post('/api/payment/card/confirm', { order_id: orderId });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 5 });
    expect(await lotsOf(billing, purchaseId)).toBe(1);
    expect(await countSandboxCharges(billing.svc.platform.store, orderId)).toBe(1);
  });

  it('authorize, time-out card repeated with the same key, searches the same order instead of charging again', async () => {
    const me = buyer(billing);
    const body = { product_id: 'tickets-1', token: await cardToken(billing, 'timeout') };
    const first = await me.post(AUTHORIZE, body, 'same-key-timeout');
    const second = await me.post(AUTHORIZE, body, 'same-key-timeout');
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(200);
    expect(second.json().purchase.order_id).toBe(first.json().purchase.order_id);
    expect(await countSandboxCharges(billing.svc.platform.store, first.json().purchase.order_id)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 1 });
  });

  it('authorize, pending card, stays pending until the provider settles; the reconcile job then grants', async () => {
    const me = buyer(billing);
    const res = await me.post(AUTHORIZE, { product_id: 'points-1000', token: await cardToken(billing, 'pending') });
    expect(res.statusCode).toBe(202);
    const { purchase_id: purchaseId } = res.json().purchase;
    expect((await purchaseDoc(purchaseId)).status).toBe('pending');
    await eventually(async () => (await purchaseDoc(purchaseId)).status === 'captured', 10_000);
    expect(await walletOf(billing, me.userId)).toMatchObject({ points: 1000 });
  });

  it('settling, many settlers racing on one unknown purchase, grants once', async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post(AUTHORIZE, { product_id: 'tickets-10', token: await cardToken(billing, 'timeout') })
    ).json();
    const doc = await purchaseDoc(purchase.purchase_id);
    await Promise.all([
      ...[1, 2, 3, 4, 5].map(() => settleBySearch(billing.deps, doc)),
      reconcileOnce(billing.deps),
      me.post('/api/payment/card/result/get', { order_id: purchase.order_id }),
    ]);
    expect((await purchaseDoc(purchase.purchase_id)).status).toBe('captured');
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 10 });
    expect(await lotsOf(billing, purchase.purchase_id)).toBe(1);
  });

  it('reconcile, a created purchase the provider never saw, fails it after a minute and frees nothing twice', async () => {
    const me = buyer(billing);
    const created = new Date(Date.now() - 120_000).toISOString();
    const purchases = openPurchases(billing.svc.platform.store);
    const doc = await purchases.insertOne({
      user_id: me.userId,
      product_id: 'tickets-1',
      kind: 'tickets',
      name: 't',
      amount: 150,
      refunded: 0,
      order_id: `never${Date.now()}`,
      idempotency_key: 'lost-call-key',
      request_fingerprint: 'x',
      status: 'created',
      source: 'card',
      attempts: 0,
      refund_in_flight: null,
      created_at: created,
      updated_at: created,
      tickets: 1,
    });
    await reconcileOnce(billing.deps);
    expect((await purchaseDoc(doc._id)).status).toBe('failed');
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
  });

  it("result/get, another user's order, answers 404", async () => {
    const { purchase } = (
      await buyer(billing).post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json();
    const res = await buyer(billing).post('/api/payment/card/result/get', { order_id: purchase.order_id });
    expect(res.statusCode).toBe(404);
  });
});
