import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import {
  buyer,
  cardToken,
  CARDS,
  characterOnSale,
  startBilling,
  walletOf,
  type Billing,
  type Buyer,
} from './test-support.ts';

let billing: Billing;
let admin: Buyer;
const audit: Array<{ action: string; target_user_id?: string }> = [];
beforeAll(async () => {
  billing = await startBilling();
  admin = buyer(billing, ['admin']);
  await billing.svc.platform.events.consume('purchases-history-audit-test', ['admin.acted'], async (event) => {
    audit.push(event.data);
  });
});
afterAll(async () => {
  await billing?.close();
});

const get = (who: Buyer, url: string) => billing.svc.app.inject({ method: 'GET', url, headers: who.auth });

describe('purchase history', () => {
  it('user_purchase_history get, own purchases, lists them newest first with every outcome', async () => {
    const me = buyer(billing);
    await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) });
    await me.post('/api/payment/card/authorize', {
      product_id: 'tickets-5',
      token: await cardToken(billing, 'declined'),
    });
    const res = await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 2,
      purchases: [
        { product_id: 'tickets-5', status: 'failed' },
        { product_id: 'tickets-1', status: 'captured' },
      ],
    });
  });

  it("user_purchase_history get, another user's id, answers 403", async () => {
    const res = await buyer(billing).post('/api/payment/user_purchase_history/get', { user_id: randomUUID() });
    expect(res.statusCode).toBe(403);
  });

  it('user_purchase_history get, an admin for any user, answers', async () => {
    const me = buyer(billing);
    await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) });
    expect((await admin.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json().total).toBe(1);
  });
});

describe('manual records', () => {
  it('user_purchase_history insert, by an admin, records without a charge, grants, audits, and is idempotent', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { user_id: me.userId, product_id: 'tickets-10', amount: 1300, note: '銀行振込' };
    const first = await admin.post('/api/admin/payment/user_purchase_history/insert', body, key);
    const second = await admin.post('/api/admin/payment/user_purchase_history/insert', body, key);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 10 });
    await eventually(async () => audit.some((a) => a.action === 'purchase.recorded' && a.target_user_id === me.userId));
  });

  it('user_purchase_history insert, by a customer, answers 403', async () => {
    const me = buyer(billing);
    const res = await me.post('/api/admin/payment/user_purchase_history/insert', {
      user_id: me.userId,
      product_id: 'tickets-10',
      amount: 0,
      note: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
  });

  it('user_purchase_history insert, a character the user owns, answers 409 ALREADY_OWNED', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing);
    const body = { user_id: me.userId, product_id: `character:${characterId}`, amount: 0, note: '補填' };
    expect((await admin.post('/api/admin/payment/user_purchase_history/insert', body)).statusCode).toBe(201);
    expect((await admin.post('/api/admin/payment/user_purchase_history/insert', body)).statusCode).toBe(409);
  });
});

describe('admin payment history', () => {
  it("payment/history, filtered by user and status, lists that user's purchases with provider results", async () => {
    const me = buyer(billing);
    await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) });
    await me.post('/api/payment/card/authorize', {
      product_id: 'tickets-1',
      token: await cardToken(billing, 'declined'),
    });
    const res = await get(admin, `/api/admin/payment/history?user_id=${me.userId}&status=failed`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      purchases: [{ user_id: me.userId, status: 'failed', source: 'card' }],
    });
    expect(res.json().purchases[0].provider_result.mstatus).toBe('failure');
  });

  it("full/users/:id/purchases and full/purchases/:id, show one user's purchases and one purchase", async () => {
    const me = buyer(billing);
    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'points-500', token: await cardToken(billing) })
    ).json();
    expect((await get(admin, `/api/admin/full/users/${me.userId}/purchases`)).json().total).toBe(1);
    const one = await get(admin, `/api/admin/full/purchases/${purchase.purchase_id}`);
    expect(one.json().purchase).toMatchObject({
      purchase_id: purchase.purchase_id,
      user_id: me.userId,
      status: 'captured',
    });
  });

  it('payment/history, a time window, lists only purchases made in it', async () => {
    const me = buyer(billing);
    const before = new Date().toISOString();
    await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) });
    const after = new Date(Date.now() + 1).toISOString();
    const inside = await get(admin, `/api/admin/payment/history?user_id=${me.userId}&from=${before}&to=${after}`);
    const later = await get(admin, `/api/admin/payment/history?user_id=${me.userId}&from=${after}`);
    expect(inside.json().total).toBe(1);
    expect(later.json().total).toBe(0);
  });

  it('payment/history, a customer token, answers 403', async () => {
    expect((await get(buyer(billing), '/api/admin/payment/history')).statusCode).toBe(403);
  });
});

describe('card data', () => {
  it('store, after purchases and saved cards with every test card, holds no card number anywhere', async () => {
    const me = buyer(billing);
    for (const card of Object.keys(CARDS) as Array<keyof typeof CARDS>) {
      await me.post('/api/payment/card/authorize', {
        product_id: 'tickets-1',
        token: await cardToken(billing, card),
        save_card: true,
      });
    }
    const collections = [
      'purchases',
      'purchase_refunds',
      'card_accounts',
      'entitlements',
      'products',
      'idempotency',
      'wallets',
      'ledger_lots',
      'ledger_entries',
      'outbox',
    ];
    for (const name of collections) {
      const dump = JSON.stringify(await billing.svc.platform.store.collection(name).find({}));
      for (const number of Object.values(CARDS)) expect(dump, `${name} holds ${number}`).not.toContain(number);
    }
  });
});
