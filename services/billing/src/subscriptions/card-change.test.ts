import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSandboxCharges } from '../provider/index.ts';
import { ordersIn } from '../provider/sandbox/model.ts';
import { cardToken, startBilling, type Billing } from '../purchases/test-support.ts';
import { changeCardWithToken } from './card-change.ts';
import { orderIdOf } from './records.ts';
import { leaseMsOf, renewDue } from './renewal.ts';
import { afterPeriodEnd, recordOf, subscribed, type Subscriber } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const CHANGE_CARD = '/api/payment/recurring/change_card';
const DELETE_CARD = '/api/payment/card/info/delete';

/** A token of a card the sandbox charges (any Luhn-valid number but its scenario cards), told apart by its last four digits. */
async function otherCardToken(): Promise<string> {
  return (await billing.engine.createToken({ cardNumber: '4242424242424242', expiry: '12/39', securityCode: '123' }))
    .token;
}

async function planCardOf(me: Subscriber): Promise<string> {
  return (await recordOf(billing, me.subscriptionId)).card?.card_id ?? '';
}

/** The last four digits of the card the sandbox charged for an order. */
async function chargedCardOf(orderId: string): Promise<string | undefined> {
  return (await ordersIn(billing.svc.platform.store).findOne({ _id: orderId }))?.card.last4;
}

describe('the card that pays a plan', () => {
  it('card/info/delete, the card of an active plan and no replacement, is refused with 409 CARD_IN_USE naming the plan and the card stays', async () => {
    const me = await subscribed(billing);
    const cardId = await planCardOf(me);

    const res = await me.post(DELETE_CARD, { card_id: cardId });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'CARD_IN_USE', subscription_ids: [me.subscriptionId] });
    expect(res.json().message).toContain('「TALK WITH 月額プラン」');
    expect(
      (await me.post('/api/payment/card/info/get', {})).json().cards.map((c: { card_id: string }) => c.card_id),
    ).toContain(cardId);
  });

  it('card/info/delete, with another saved card as replacement, moves the plan to it and deletes the card', async () => {
    const me = await subscribed(billing);
    const old = await planCardOf(me);
    const replacement = (await me.post('/api/payment/card/info/add', { token: await otherCardToken() })).json().card
      .card_id;

    const res = await me.post(DELETE_CARD, { card_id: old, replacement_card_id: replacement });

    expect(res.statusCode).toBe(200);
    expect((await recordOf(billing, me.subscriptionId)).card).toMatchObject({
      card_id: replacement,
      masked: '************4242',
    });
    expect(
      (await me.post('/api/payment/card/info/get', {})).json().cards.map((c: { card_id: string }) => c.card_id),
    ).toEqual([replacement]);
  });

  it('card/info/delete, the card of a cancelled plan, is allowed (no later charge needs it)', async () => {
    const me = await subscribed(billing);
    await me.post('/api/payment/subscription/cancel', { subscription_id: me.subscriptionId });

    expect((await me.post(DELETE_CARD, { card_id: await planCardOf(me) })).statusCode).toBe(200);
  });

  it('card/info/update, the card of an active plan, moves the plan to the new card', async () => {
    const me = await subscribed(billing);

    const res = await me.post('/api/payment/card/info/update', {
      card_id: await planCardOf(me),
      token: await otherCardToken(),
    });

    expect((await recordOf(billing, me.subscriptionId)).card).toEqual({
      card_id: res.json().card.card_id,
      masked: '************4242',
    });
  });
});

describe('recurring/change_card with a new card', () => {
  it('change_card, a new frictionless card, charges nothing now and the next renewal charges the new card', async () => {
    const me = await subscribed(billing);

    const res = await me.post(CHANGE_CARD, { subscription_id: me.subscriptionId, token: await otherCardToken() });
    await renewDue(billing.deps, await afterPeriodEnd(billing, me.subscriptionId));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, next: 'done', card: { masked: '************4242' } });
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ period: 2 });
    expect(await chargedCardOf(orderIdOf(me.subscriptionId, 2, 0))).toBe('4242');
    expect(await chargedCardOf(orderIdOf(me.subscriptionId, 1, 0))).toBe('1111');
  });

  it('change_card, a challenge card, answers the 3-D Secure page; passed and completed twice, the plan uses it once, the check is voided and nothing charged', async () => {
    const me = await subscribed(billing);
    const before = await planCardOf(me);

    const started = await me.post(CHANGE_CARD, {
      subscription_id: me.subscriptionId,
      token: await cardToken(billing, 'challenge'),
    });
    const orderId = new URL(started.json().challenge_url).pathname.split('/').at(-1) ?? '';
    expect(await planCardOf(me)).toBe(before);
    await billing.engine.decideChallenge(orderId, true);
    const done = await me.post(`${CHANGE_CARD}/mpi_complete`, { order_id: orderId });
    const again = await me.post(`${CHANGE_CARD}/mpi_complete`, { order_id: orderId });
    await renewDue(billing.deps, await afterPeriodEnd(billing, me.subscriptionId));

    expect(started.json()).toMatchObject({ next: 'challenge', card: { card_id: before } });
    expect(orderId).toMatch(/^cc-/);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ next: 'done', card: { masked: '************3220' } });
    expect(again.json()).toMatchObject({ next: 'done', card: { masked: '************3220' } });
    expect(await countSandboxCharges(billing.svc.platform.store, orderId)).toBe(0);
    expect((await billing.deps.provider.search(orderId)).status).toBe('canceled');
    expect(await chargedCardOf(orderIdOf(me.subscriptionId, 2, 0))).toBe('3220');
  });

  it('change_card, the challenge failed, answers 402 and the plan keeps its card', async () => {
    const me = await subscribed(billing);
    const before = await planCardOf(me);
    const started = await me.post(CHANGE_CARD, {
      subscription_id: me.subscriptionId,
      token: await cardToken(billing, 'challenge'),
    });
    const orderId = new URL(started.json().challenge_url).pathname.split('/').at(-1) ?? '';

    await billing.engine.decideChallenge(orderId, false);
    const res = await me.post(`${CHANGE_CARD}/mpi_complete`, { order_id: orderId });

    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(await planCardOf(me)).toBe(before);
  });

  it("change_card/mpi_complete, another user's card check, is 404", async () => {
    const me = await subscribed(billing);
    const other = await subscribed(billing);
    const started = await me.post(CHANGE_CARD, {
      subscription_id: me.subscriptionId,
      token: await cardToken(billing, 'challenge'),
    });
    const orderId = new URL(started.json().challenge_url).pathname.split('/').at(-1) ?? '';
    await billing.engine.decideChallenge(orderId, true);

    const res = await other.post(`${CHANGE_CARD}/mpi_complete`, { order_id: orderId });

    expect(res.statusCode).toBe(404);
    expect(await planCardOf(me)).not.toBe((await recordOf(billing, other.subscriptionId)).card?.card_id);
  });

  it("change_card, a first try lost before the provider answered (a crash), lets a retry take the check over once one provider call's time has passed", async () => {
    const me = await subscribed(billing);
    const acting = { caller: { sub: me.userId, roles: [] }, userId: me.userId, isAdmin: false };
    const provider = billing.deps.provider;
    const authorize = provider.authorize.bind(provider);
    const t0 = new Date();
    provider.authorize = () => new Promise(() => {}); // the first try's process never hears back
    void changeCardWithToken(billing.deps, acting, me.subscriptionId, await otherCardToken(), t0);
    await expect.poll(async () => (await recordOf(billing, me.subscriptionId)).card_change?.order_id).toBeTruthy();
    provider.authorize = authorize;

    const retry = await changeCardWithToken(
      billing.deps,
      acting,
      me.subscriptionId,
      await otherCardToken(),
      new Date(t0.getTime() + leaseMsOf(billing.deps.config) + 1000),
    );

    expect(retry).toMatchObject({ status: 200, body: { next: 'done', card: { masked: '************4242' } } });
  });

  it('change_card, a declined card, answers 402 and the plan keeps its card', async () => {
    const me = await subscribed(billing);
    const before = await planCardOf(me);

    const res = await me.post(CHANGE_CARD, {
      subscription_id: me.subscriptionId,
      token: await cardToken(billing, 'declined'),
    });

    expect(res.statusCode).toBe(402);
    expect(await planCardOf(me)).toBe(before);
  });
});
