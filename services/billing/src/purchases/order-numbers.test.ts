import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE } from '../subscriptions/test-support.ts';
import {
  allocateOrderNumber,
  drawOrderNumber,
  normalizeOrderNumber,
  openOrderNumbers,
  ORDER_NUMBER_PATTERN,
  yymmOf,
} from './order-numbers.ts';
import { buyer, cardToken, startBilling, type Billing, type Buyer } from './test-support.ts';

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
const allocate = (ref: string, at: Date, pick?: (n: number) => number) =>
  billing.svc.platform.store.withTransaction((tx) => allocateOrderNumber(tx, ref, at, pick));

describe('order number format', () => {
  it('drawOrderNumber, any draw, is TW-YYMM- and 4 characters without 0, O, 1 or I', () => {
    for (let i = 0; i < 500; i += 1) {
      const number = drawOrderNumber(new Date('2026-11-03T00:00:00Z'));
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      expect(number.slice(8)).not.toMatch(/[01OI]/);
      expect(number.slice(0, 8)).toBe('TW-2611-');
    }
  });

  it('yymmOf, 15:30 UTC on the last day of a month, is already the next month in Japan', () => {
    expect(yymmOf(new Date('2026-11-30T15:30:00Z'))).toBe('2612');
    expect(yymmOf(new Date('2026-11-30T14:30:00Z'))).toBe('2611');
  });

  it('normalizeOrderNumber, read over the phone without hyphens in lower case, gives the stored form', () => {
    expect(normalizeOrderNumber(' tw 2611 7k3q ')).toBe('TW-2611-7K3Q');
    expect(normalizeOrderNumber('TW-2611-7K3Q')).toBe('TW-2611-7K3Q');
  });
});

describe('order number uniqueness', () => {
  it('allocateOrderNumber, the drawn number already taken, draws another and keeps both rows', async () => {
    const at = new Date('2031-01-15T00:00:00Z');
    const first = await allocate('ref-a', at, () => 0);
    const second = await allocate('ref-b', at, () => 0);
    expect(first).toBe('TW-3101-2222');
    expect(second).toMatch(/^TW-3101-22222$/);
    expect(await openOrderNumbers(billing.svc.platform.store).countDocuments({ _id: { $in: [first, second] } })).toBe(
      2,
    );
  });

  it('allocateOrderNumber, 40 at once all drawing from a tiny space, gives 40 different numbers', async () => {
    const at = new Date('2032-02-15T00:00:00Z');
    // Two symbols only: 16 four-character numbers for 40 orders, so draws collide and numbers grow.
    const narrow = () => (Math.random() < 0.5 ? 0 : 1);
    const numbers = await Promise.all(Array.from({ length: 40 }, (_, i) => allocate(`ref-${i}`, at, narrow)));
    expect(new Set(numbers).size).toBe(40);
    numbers.forEach((number) => expect(number).toMatch(ORDER_NUMBER_PATTERN));
  });
});

describe('order numbers on purchases', () => {
  it('authorize, two purchases, each gets its own readable number in the reply and the history', async () => {
    const me = buyer(billing);
    const one = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json().purchase;
    const two = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json().purchase;
    expect(one.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(two.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(one.order_number).not.toBe(two.order_number);
    expect(one.order_id).toMatch(/^tw[0-9a-f]{32}$/);
    const history = (await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json();
    expect(history.purchases.map((p: { order_number: string }) => p.order_number).sort()).toEqual(
      [one.order_number, two.order_number].sort(),
    );
  });

  it('admin payment history, an order number as read over the phone, finds that purchase only; the detail shows it', async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-5', token: await cardToken(billing) })
    ).json();
    const spoken = purchase.order_number.toLowerCase().replaceAll('-', ' ');
    const res = await get(admin, `/api/admin/payment/history?order_number=${encodeURIComponent(spoken)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      purchases: [{ purchase_id: purchase.purchase_id, order_number: purchase.order_number }],
    });
    const detail = await get(admin, `/api/admin/full/purchases/${purchase.purchase_id}`);
    expect(detail.json().purchase.order_number).toBe(purchase.order_number);
  });

  it('subscribe, the charged period, is in the history with its own order number', async () => {
    const me = buyer(billing);
    expect((await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) })).statusCode).toBe(200);
    const history = (await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json();
    expect(history.purchases).toEqual([
      expect.objectContaining({ kind: 'subscription', order_number: expect.stringMatching(ORDER_NUMBER_PATTERN) }),
    ]);
  });
});
