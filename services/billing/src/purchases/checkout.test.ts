import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { countSandboxCharges } from '../provider/index.ts';
import { buyer, cardToken, characterOnSale, lotsOf, startBilling, walletOf, type Billing } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const AUTHORIZE = '/api/payment/card/authorize';

describe('card/authorize', () => {
  it('authorize, success card, captures once and grants the pack exactly once', async () => {
    const me = buyer(billing);
    const res = await me.post(AUTHORIZE, { product_id: 'tickets-5', token: await cardToken(billing) });
    expect(res.statusCode).toBe(200);
    const { purchase, next } = res.json();
    expect(next).toBe('done');
    expect(purchase).toMatchObject({
      product_id: 'tickets-5',
      kind: 'tickets',
      amount: 700,
      refunded: 0,
      status: 'captured',
      tickets: 5,
    });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 5 });
    expect(await lotsOf(billing, purchase.purchase_id)).toBe(1);
    expect(await countSandboxCharges(billing.svc.platform.store, purchase.order_id)).toBe(1);
  });

  it('authorize, a point pack, books its points as bought (PU0001), not as an operator gift', async () => {
    const me = buyer(billing);

    const { purchase } = (
      await me.post(AUTHORIZE, { product_id: 'points-500', token: await cardToken(billing) })
    ).json();

    const lot = await billing.svc.platform.store.collection('ledger_lots').findOne({ ref: purchase.purchase_id });
    expect(lot).toMatchObject({ asset: 'points', code: 'PU0001', granted: 500 });
    const history = await billing.svc.app.inject({
      method: 'GET',
      url: `/api/admin/point/history?user_id=${me.userId}`,
      headers: { authorization: `Bearer ${billing.svc.tokenFor('admin-pu', ['admin'])}` },
    });
    expect(history.json().items).toEqual([]);
  });

  it('authorize, same key twice, answers the same and charges and grants once', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { product_id: 'points-500', token: await cardToken(billing) };
    const first = await me.post(AUTHORIZE, body, key);
    const second = await me.post(AUTHORIZE, body, key);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await countSandboxCharges(billing.svc.platform.store, first.json().purchase.order_id)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ points: 500 });
  });

  it('authorize, same key with another body, is refused with 422', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing) }, key);
    const res = await me.post(AUTHORIZE, { product_id: 'tickets-10', token: await cardToken(billing) }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('authorize, same key sent concurrently, makes one purchase, one charge, one grant', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { product_id: 'tickets-10', token: await cardToken(billing) };
    const answers = await Promise.all([1, 2, 3, 4].map(() => me.post(AUTHORIZE, body, key)));
    const orderIds = new Set(answers.filter((a) => a.statusCode < 300).map((a) => a.json().purchase.order_id));
    expect(orderIds.size).toBe(1);
    expect(await billing.svc.platform.store.collection('purchases').countDocuments({ user_id: me.userId })).toBe(1);
    expect(await countSandboxCharges(billing.svc.platform.store, [...orderIds][0]!)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 10 });
  });

  it('authorize, without an idempotency key, is refused with 400 and charges nothing', async () => {
    const me = buyer(billing);
    const res = await billing.svc.app.inject({
      method: 'POST',
      url: AUTHORIZE,
      headers: me.auth,
      payload: { product_id: 'tickets-1', token: await cardToken(billing) },
    });
    expect(res.statusCode).toBe(400);
    expect(await billing.svc.platform.store.collection('purchases').countDocuments({ user_id: me.userId })).toBe(0);
  });

  it('authorize, declined card, answers 402 PAYMENT_DECLINED and grants nothing', async () => {
    const me = buyer(billing);
    const res = await me.post(AUTHORIZE, { product_id: 'tickets-1', token: await cardToken(billing, 'declined') });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'PAYMENT_DECLINED',
      message: 'カードが承認されませんでした。別のカードをお試しください。',
    });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 0 });
  });

  it('authorize, unknown product, answers 404 PRODUCT_NOT_FOUND', async () => {
    const res = await buyer(billing).post(AUTHORIZE, { product_id: 'tickets-999', token: await cardToken(billing) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('authorize, both a token and a card id, is refused with 400', async () => {
    const res = await buyer(billing).post(AUTHORIZE, {
      product_id: 'tickets-1',
      token: await cardToken(billing),
      card_id: 'x',
    });
    expect(res.statusCode).toBe(400);
  });

  it('authorize, convenience store, is refused with 409 PRODUCT_UNAVAILABLE', async () => {
    const res = await buyer(billing).post(AUTHORIZE, {
      product_id: 'tickets-1',
      token: await cardToken(billing),
      method: 'convenience',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
  });

  it('authorize, without a token, answers 401', async () => {
    const res = await billing.svc.app.inject({
      method: 'POST',
      url: AUTHORIZE,
      headers: { 'idempotency-key': randomUUID() },
      payload: { product_id: 'tickets-1', token: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('characters', () => {
  it('authorize, a character, unlocks it; buying it again answers 409 ALREADY_OWNED', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing, 800);
    const res = await me.post(AUTHORIZE, { product_id: `character:${characterId}`, token: await cardToken(billing) });
    expect(res.statusCode).toBe(200);
    expect(res.json().purchase).toMatchObject({ amount: 800, character_id: characterId, status: 'captured' });
    const owned = await billing.svc.app.inject({ method: 'GET', url: '/api/billing/entitlements', headers: me.auth });
    expect(owned.json().character_ids).toEqual([characterId]);
    const again = await me.post(AUTHORIZE, { product_id: `character:${characterId}`, token: await cardToken(billing) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_OWNED' });
  });

  it('authorize, a character with the same key sent concurrently, answers each as the one purchase', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing, 600);
    const key = randomUUID();
    const body = { product_id: `character:${characterId}`, token: await cardToken(billing) };
    const answers = await Promise.all([1, 2, 3].map(() => me.post(AUTHORIZE, body, key)));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 202)).toBe(true);
    expect(await billing.svc.platform.store.collection('purchases').countDocuments({ user_id: me.userId })).toBe(1);
  });

  it('authorize, the same character under two keys at once, charges only one of them', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing, 700);
    const tokens = [await cardToken(billing), await cardToken(billing)];
    const answers = await Promise.all(
      tokens.map((token) => me.post(AUTHORIZE, { product_id: `character:${characterId}`, token })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('authorize, a declined character purchase, leaves it buyable', async () => {
    const me = buyer(billing);
    const characterId = await characterOnSale(billing, 500);
    expect(
      (
        await me.post(AUTHORIZE, {
          product_id: `character:${characterId}`,
          token: await cardToken(billing, 'declined'),
        })
      ).statusCode,
    ).toBe(402);
    expect(
      (await me.post(AUTHORIZE, { product_id: `character:${characterId}`, token: await cardToken(billing) }))
        .statusCode,
    ).toBe(200);
  });

  it('products, an older published version delivered late, keeps the newer price', async () => {
    const characterId = await characterOnSale(billing, 800);
    const publish = (version: number, price: number) =>
      billing.svc.platform.events.publish('character.published', characterId, {
        character_id: characterId,
        name: 'ミライ',
        description: '',
        published_at: new Date().toISOString(),
        version,
        price,
      });
    await publish(3, 1200);
    await eventually(
      async () =>
        (await billing.svc.platform.store
          .collection('products')
          .countDocuments({ _id: `character:${characterId}`, amount: 1200 })) === 1,
    );
    await publish(2, 500);
    const marker = await characterOnSale(billing, 100);
    expect(marker).toBeTruthy();
    const product = await billing.svc.platform.store
      .collection('products')
      .findOne({ _id: `character:${characterId}` });
    expect(product).toMatchObject({ amount: 1200, version: 3 });
  });

  it('products, a free or unpublished character, is not sold', async () => {
    const free = await characterOnSale(billing, 0);
    const paid = await characterOnSale(billing, 300);
    await billing.svc.platform.events.publish('character.unpublished', paid, { character_id: paid });
    await eventually(
      async () =>
        (await billing.svc.platform.store
          .collection('products')
          .countDocuments({ _id: `character:${paid}`, available: false })) === 1,
    );
    const list = (await billing.svc.app.inject({ method: 'GET', url: '/api/billing/products' })).json()
      .products as Array<{ product_id: string }>;
    const ids = list.map((p) => p.product_id);
    expect(ids).toEqual(expect.arrayContaining(['tickets-1', 'tickets-5', 'tickets-10', 'points-500', 'points-1000']));
    expect(ids).not.toContain(`character:${free}`);
    expect(ids).not.toContain(`character:${paid}`);
    const res = await buyer(billing).post(AUTHORIZE, {
      product_id: `character:${paid}`,
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
  });
});
