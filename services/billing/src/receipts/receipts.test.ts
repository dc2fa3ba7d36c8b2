import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '../purchases/order-numbers.ts';
import { buyer, cardToken, startBilling, type Billing, type Buyer } from '../purchases/test-support.ts';
import { SUBSCRIBE } from '../subscriptions/test-support.ts';

let billing: Billing;
let admin: Buyer;
beforeAll(async () => {
  billing = await startBilling();
  admin = buyer(billing, ['admin']);
});
afterAll(async () => {
  await billing?.close();
});

const receipt = (who: Buyer, purchaseId: string) =>
  billing.svc.app.inject({
    method: 'GET',
    url: `/api/billing/receipts/${encodeURIComponent(purchaseId)}`,
    headers: who.auth,
  });

describe('GET /api/billing/receipts/:purchase_id', () => {
  it('receipt, own purchase with a saved card, 200 with seller, date, item, tax-included amount and its tax, card and order number', async () => {
    const me = buyer(billing);
    const card = (
      await me.post('/api/payment/card/info/add', { token: await cardToken(billing), default: true })
    ).json().card;
    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-5', card_id: card.card_id })
    ).json();
    const res = await receipt(me, purchase.purchase_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt).toEqual({
      purchase_id: purchase.purchase_id,
      order_number: purchase.order_number,
      issued_at: purchase.settled_at,
      seller: { name: 'TALK WITH 運営事務局', address: expect.any(String) },
      kind: 'tickets',
      item: purchase.name,
      quantity: 1,
      amount: 700,
      tax_rate: 10,
      tax: 63,
      refunded: 0,
      status: 'captured',
      payment: { method: 'card', brand: card.brand, last4: '1111' },
    });
    expect(purchase.order_number).toMatch(ORDER_NUMBER_PATTERN);
  });

  it("receipt, another user's purchase, 404 as an unknown id", async () => {
    const owner = buyer(billing);
    const { purchase } = (
      await owner.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json();
    const res = await receipt(buyer(billing), purchase.purchase_id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(res.body).not.toContain(purchase.order_number);
  });

  it("receipt, an operator, reads anyone's", async () => {
    const owner = buyer(billing);
    const { purchase } = (
      await owner.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json();
    expect((await receipt(admin, purchase.purchase_id)).statusCode).toBe(200);
  });

  it('receipt, a declined purchase, 409: nothing was paid', async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post('/api/payment/card/authorize', {
        product_id: 'tickets-1',
        token: await cardToken(billing, 'declined'),
      })
    ).json();
    const res = await receipt(me, purchase.purchase_id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PURCHASE_STATE');
  });

  it('receipt, own subscription period charge, 200 with ¥1,100 of which ¥100 tax and the recurring card', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(res.statusCode).toBe(200);
    const [charge] = (await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json().purchases;
    const answer = await receipt(me, charge.purchase_id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().receipt).toMatchObject({
      kind: 'subscription',
      amount: 1100,
      tax: 100,
      order_number: charge.order_number,
      payment: { method: 'card', last4: '1111' },
    });
    expect((await receipt(buyer(billing), charge.purchase_id)).statusCode).toBe(404);
  });
});
