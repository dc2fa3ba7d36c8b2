import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSandboxCharges } from '../provider/index.ts';
import { buyer, cardToken, startBilling, walletOf, type Billing, type Buyer, type CARDS } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

async function savedCard(
  me: Buyer,
  card: keyof typeof CARDS = 'success',
): Promise<{ card_id: string; masked: string; default: boolean }> {
  const res = await me.post('/api/payment/card/info/add', { token: await cardToken(billing, card), default: true });
  expect(res.statusCode).toBe(200);
  return res.json().card;
}

describe('saved cards', () => {
  it('card/info add then get, lists the card masked', async () => {
    const me = buyer(billing);
    const card = await savedCard(me);
    expect(card.masked).toMatch(/1111$/);
    expect(card.masked).not.toContain('411111');
    const list = await me.post('/api/payment/card/info/get', {});
    expect(list.json().cards).toEqual([expect.objectContaining({ card_id: card.card_id, default: true })]);
  });

  it('card/info get, another user, does not see my cards', async () => {
    await savedCard(buyer(billing));
    expect((await buyer(billing).post('/api/payment/card/info/get', {})).json().cards).toEqual([]);
  });

  it("card/info delete, another user's card id, answers 404 CARD_NOT_FOUND and leaves it", async () => {
    const me = buyer(billing);
    const card = await savedCard(me);
    const res = await buyer(billing).post('/api/payment/card/info/delete', { card_id: card.card_id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    expect((await me.post('/api/payment/card/info/get', {})).json().cards).toHaveLength(1);
  });

  it('card/info update, replaces the card and keeps it the default', async () => {
    const me = buyer(billing);
    const old = await savedCard(me);
    const res = await me.post('/api/payment/card/info/update', {
      card_id: old.card_id,
      token: await cardToken(billing, 'declined'),
    });
    expect(res.statusCode).toBe(200);
    const cards = (await me.post('/api/payment/card/info/get', {})).json().cards;
    expect(cards).toEqual([expect.objectContaining({ card_id: res.json().card.card_id, default: true })]);
  });

  it('card/info change_default, makes the chosen card the default', async () => {
    const me = buyer(billing);
    const first = await savedCard(me);
    const second = await savedCard(me);
    const res = await me.post('/api/payment/card/info/change_default', { card_id: first.card_id });
    const cards = res.json().cards as Array<{ card_id: string; default: boolean }>;
    expect(cards.find((c) => c.default)?.card_id).toBe(first.card_id);
    expect(cards.find((c) => c.card_id === second.card_id)?.default).toBe(false);
  });

  it('card/info add, a used token, answers 400', async () => {
    const me = buyer(billing);
    const token = await cardToken(billing);
    await me.post('/api/payment/card/info/add', { token });
    expect((await me.post('/api/payment/card/info/add', { token })).statusCode).toBe(400);
  });
});

describe('charging saved cards', () => {
  it('mpi_none, a saved card, charges without 3-D Secure and grants', async () => {
    const me = buyer(billing);
    const card = await savedCard(me);
    const res = await me.post('/api/payment/card/mpi_none', { product_id: 'tickets-5', card_id: card.card_id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: 'done', purchase: { status: 'captured' } });
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 5 });
  });

  it("mpi_none, another user's card, answers 404 and charges nothing", async () => {
    const card = await savedCard(buyer(billing));
    const thief = buyer(billing);
    const res = await thief.post('/api/payment/card/mpi_none', { product_id: 'tickets-10', card_id: card.card_id });
    expect(res.statusCode).toBe(404);
    expect(await billing.svc.platform.store.collection('purchases').countDocuments({ user_id: thief.userId })).toBe(0);
  });

  it('authorize, save_card, keeps the card for the next purchase', async () => {
    const me = buyer(billing);
    await me.post('/api/payment/card/authorize', {
      product_id: 'tickets-1',
      token: await cardToken(billing),
      save_card: true,
    });
    const cards = (await me.post('/api/payment/card/info/get', {})).json().cards;
    expect(cards).toHaveLength(1);
    const again = await me.post('/api/payment/card/authorize', {
      product_id: 'tickets-1',
      card_id: cards[0].card_id,
      mpi: 'mpi-none',
    });
    expect(again.statusCode).toBe(200);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 2 });
  });

  it('reauthorize, an earlier purchase, charges a new order once and grants again', async () => {
    const me = buyer(billing);
    const first = (
      await me.post('/api/payment/card/authorize', { product_id: 'points-500', token: await cardToken(billing) })
    ).json().purchase;
    const res = await me.post('/api/payment/card/reauthorize', { purchase_id: first.purchase_id });
    expect(res.statusCode).toBe(200);
    const second = res.json().purchase;
    expect(second.order_id).not.toBe(first.order_id);
    expect(await countSandboxCharges(billing.svc.platform.store, second.order_id)).toBe(1);
    expect(await walletOf(billing, me.userId)).toMatchObject({ points: 1000 });
  });

  it("reauthorize, another user's purchase, answers 404", async () => {
    const first = (
      await buyer(billing).post('/api/payment/card/authorize', {
        product_id: 'points-500',
        token: await cardToken(billing),
      })
    ).json().purchase;
    expect(
      (await buyer(billing).post('/api/payment/card/reauthorize', { purchase_id: first.purchase_id })).statusCode,
    ).toBe(404);
  });
});
