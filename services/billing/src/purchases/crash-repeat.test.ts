import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSandboxCharges } from '../provider/index.ts';
import { fingerprintOf } from './checkout.ts';
import { openPurchases } from './records.ts';
import { buyer, cardToken, lotsOf, startBilling, walletOf, type Billing, type Buyer } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const AUTHORIZE = '/api/payment/card/authorize';

/** The record a first try leaves when the process dies after tx 1 and before its call reaches the provider. */
async function leftCreated(
  me: Buyer,
  key: string,
  body: Record<string, unknown>,
): Promise<{ purchaseId: string; orderId: string }> {
  const now = new Date().toISOString();
  const orderId = `tw${randomUUID().replaceAll('-', '')}`;
  const doc = await openPurchases(billing.svc.platform.store).insertOne({
    user_id: me.userId,
    product_id: 'tickets-1',
    kind: 'tickets',
    name: 'トークチケット 1枚',
    amount: 150,
    refunded: 0,
    order_id: orderId,
    idempotency_key: key,
    request_fingerprint: fingerprintOf('authorize', body),
    status: 'created',
    source: 'card',
    attempts: 0,
    refund_in_flight: null,
    created_at: now,
    updated_at: now,
    tickets: 1,
  });
  return { purchaseId: doc._id, orderId };
}

describe('a repeat of a purchase its first try left created', () => {
  it('authorize repeat, first try died before reaching the provider, sends the same orderId and captures once', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { product_id: 'tickets-1', token: await cardToken(billing) };
    const { purchaseId, orderId } = await leftCreated(me, key, body);

    const res = await me.post(AUTHORIZE, body, key);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      next: 'done',
      purchase: { purchase_id: purchaseId, order_id: orderId, status: 'captured' },
    });
    expect(await countSandboxCharges(billing.svc.platform.store, orderId)).toBe(1);
    expect(await lotsOf(billing, purchaseId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 1 });
  });

  it('authorize repeat, first try reached the provider before dying, charges nothing more and settles from that order', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { product_id: 'tickets-1', token: await cardToken(billing) };
    const { purchaseId, orderId } = await leftCreated(me, key, body);
    await billing.deps.provider.authorize({
      orderId,
      amount: 150,
      card: { kind: 'token', token: body.token },
      withCapture: true,
      mpi: 'mpi-complete',
    });

    const answers = await Promise.all([me.post(AUTHORIZE, body, key), me.post(AUTHORIZE, body, key)]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await countSandboxCharges(billing.svc.platform.store, orderId)).toBe(1);
    expect(await lotsOf(billing, purchaseId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 1 });
  });
});
