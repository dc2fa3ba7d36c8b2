import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyer,
  cardToken,
  PUBLIC_URL,
  startBilling,
  walletOf,
  type Billing,
  type Buyer,
} from '../purchases/test-support.ts';
import { CHALLENGE_LEASE_MS, renewDue } from './renewal.ts';
import {
  afterPeriodEnd,
  chargesOfPeriod,
  chargesOfSubscription,
  eventsOf,
  recordOf,
  SUBSCRIBE,
  subscribed,
} from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const MPI_COMPLETE = '/api/payment/subscription/mpi_complete';
const RESUBSCRIBE = '/api/payment/subscription/resubscribe';

/** A new user whose PROD001 subscription waits on the 3-D Secure page (challenge card). */
async function atChallenge(me: Buyer = buyer(billing), key = randomUUID()) {
  const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing, 'challenge') }, key);
  expect(res.statusCode).toBe(200);
  const { subscription, next, challenge_url: challengeUrl } = res.json();
  expect(next).toBe('challenge');
  return {
    me,
    key,
    subscriptionId: subscription.subscription_id as string,
    orderId: `sub-${subscription.subscription_id}-1`,
    challengeUrl: challengeUrl as string,
  };
}

/** The shopper's answer, posted as the browser posts the sandbox's challenge form. */
function answerChallenge(orderId: string, result: 'pass' | 'fail') {
  return billing.svc.app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/challenge/${orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `result=${result}`,
  });
}

const complete = (me: Buyer, orderId: string) => me.post(MPI_COMPLETE, { order_id: orderId });

describe('subscribe with a new card (3-D Secure)', () => {
  it('subscribe, challenge card, answers next challenge with the sandbox page and charges nothing yet', async () => {
    const { me, subscriptionId, orderId, challengeUrl } = await atChallenge();
    expect(challengeUrl).toBe(`${PUBLIC_URL}/api/payment/sandbox/challenge/${orderId}`);
    const record = await recordOf(billing, subscriptionId);
    expect(record).toMatchObject({
      status: 'inactive',
      period: 0,
      charge: { order_id: orderId, challenge_url: challengeUrl },
    });
    // The lease outlives a shopper on the page: no sweep searches it for the challenge's own time limit.
    expect(Date.parse(record.charge?.lease_until ?? '') - Date.now()).toBeGreaterThan(CHALLENGE_LEASE_MS - 60_000);
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(0);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
    expect((await billing.engine.order(orderId))?.mpi).toBe('mpi-complete');
  });

  it('challenge page, passed, returns the browser to mpi_complete with kind=subscription; mpi_complete activates, charges once, grants 10 tickets', async () => {
    const { me, subscriptionId, orderId } = await atChallenge();
    const page = await answerChallenge(orderId, 'pass');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(
      `${PUBLIC_URL}/payment/process/mpi_complete?order_id=${orderId}&kind=subscription`,
    );
    const res = await complete(me, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      next: 'done',
      subscription: { status: 'active', period: 1, card: { masked: expect.stringContaining('3220') } },
    });
    expect(await chargesOfPeriod(billing, subscriptionId, 1)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
    expect(await eventsOf(billing, subscriptionId, 'subscription.started')).toHaveLength(1);
    expect(await eventsOf(billing, subscriptionId, 'subscription.renewed')).toHaveLength(1);
    // The card kept at the charge is the subscriber's saved card and the one renewals charge.
    const cards = (await me.post('/api/payment/card/info/get', {})).json().cards;
    expect(cards).toHaveLength(1);
    expect((await recordOf(billing, subscriptionId)).card?.card_id).toBe(cards[0].card_id);
  });

  it('challenge page, failed, makes mpi_complete answer 402 PAYMENT_DECLINED; the subscription stays inactive without a grant', async () => {
    const { me, subscriptionId, orderId } = await atChallenge();
    await answerChallenge(orderId, 'fail');
    const res = await complete(me, orderId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ ok: false, code: 'PAYMENT_DECLINED', subscription_id: subscriptionId });
    expect(await recordOf(billing, subscriptionId)).toMatchObject({
      status: 'inactive',
      period: 0,
      failed_attempts: 1,
    });
    expect((await recordOf(billing, subscriptionId)).charge).toBeUndefined();
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(0);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
    expect((await complete(me, orderId)).statusCode).toBe(402);
    // A new try is a new order of its own (the failed orderId is spent).
    const again = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(again.json()).toMatchObject({ next: 'done', subscription: { status: 'active', period: 1 } });
    expect(await chargesOfPeriod(billing, subscriptionId, 1, 1)).toBe(1);
  });

  it('mpi_complete, twice in a row and twice at once, charges and grants once', async () => {
    const { me, subscriptionId, orderId } = await atChallenge();
    await billing.engine.decideChallenge(orderId, true);
    const [a, b] = await Promise.all([complete(me, orderId), complete(me, orderId)]);
    const c = await complete(me, orderId);
    for (const res of [a, b, c])
      expect(res.json()).toMatchObject({ next: 'done', subscription: { status: 'active', period: 1 } });
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
    expect(await eventsOf(billing, subscriptionId, 'subscription.renewed')).toHaveLength(1);
  });

  it('mpi_complete, before the shopper answered, answers the challenge again and settles nothing', async () => {
    const { me, subscriptionId, orderId, challengeUrl } = await atChallenge();
    const res = await complete(me, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      next: 'challenge',
      challenge_url: challengeUrl,
      subscription: { status: 'inactive' },
    });
    expect((await recordOf(billing, subscriptionId)).charge?.order_id).toBe(orderId);
  });

  it("mpi_complete, another user's order or an unknown one, answers 404 and settles nothing", async () => {
    const { subscriptionId, orderId } = await atChallenge();
    await billing.engine.decideChallenge(orderId, true);
    const intruder = buyer(billing);
    expect((await complete(intruder, orderId)).statusCode).toBe(404);
    expect((await complete(intruder, `sub-${randomUUID()}-1`)).statusCode).toBe(404);
    expect((await complete(intruder, 'sub-x')).statusCode).toBe(404);
    expect(await recordOf(billing, subscriptionId)).toMatchObject({
      status: 'inactive',
      period: 0,
      charge: { order_id: orderId },
    });
    expect(await walletOf(billing, intruder.userId)).toEqual({ talk_tickets: 0, points: 0 });
  });

  it('mpi_complete, a body that is not a subscription order, is refused with 400', async () => {
    const me = buyer(billing);
    expect((await complete(me, 'tw0123')).statusCode).toBe(400);
    expect((await me.post(MPI_COMPLETE, {})).statusCode).toBe(400);
  });

  it('subscribe, same key again while at the challenge, answers the same challenge; another key is refused with 409', async () => {
    const { me, key, orderId, challengeUrl } = await atChallenge();
    const repeat = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: 'spent-token' }, key);
    expect(repeat.json()).toMatchObject({ next: 'challenge', challenge_url: challengeUrl });
    const other = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
    await billing.engine.decideChallenge(orderId, true);
    expect((await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: 'spent-token' }, key)).json()).toMatchObject({
      next: 'done',
      subscription: { status: 'active' },
    });
  });

  it('subscribe, frictionless card (4111), completes at once with next done and keeps the card for renewals', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      next: 'done',
      subscription: { status: 'active', period: 1, card: { masked: expect.stringContaining('1111') } },
    });
    const subscriptionId = res.json().subscription.subscription_id;
    expect((await billing.engine.order(`sub-${subscriptionId}-1`))?.mpi).toBe('mpi-complete');
    const cards = (await me.post('/api/payment/card/info/get', {})).json().cards;
    expect(res.json().subscription.card.card_id).toBe(cards[0].card_id);
  });

  it('subscribe, a saved card (card_id) of the challenge kind, charges without 3-D Secure (mpi-none) at once', async () => {
    const me = buyer(billing);
    const { card } = (
      await me.post('/api/payment/card/info/add', { token: await cardToken(billing, 'challenge') })
    ).json();
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', card_id: card.card_id });
    expect(res.json()).toMatchObject({
      next: 'done',
      subscription: { status: 'active', card: { card_id: card.card_id } },
    });
    expect((await billing.engine.order(`sub-${res.json().subscription.subscription_id}-1`))?.mpi).toBe('mpi-none');
  });

  it('subscribe, both a token and a card_id, is refused with 400 and charges nothing', async () => {
    const me = buyer(billing);
    const { card } = (await me.post('/api/payment/card/info/add', { token: await cardToken(billing) })).json();
    const res = await me.post(SUBSCRIBE, {
      plan_code: 'PROD001',
      card_id: card.card_id,
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(400);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
  });
});

describe('abandoned challenges and resubscribe', () => {
  it('renewal sweep, challenge left past its time limit, fails it; a late pass is refunded and grants nothing', async () => {
    const { me, subscriptionId, orderId } = await atChallenge();
    await renewDue(billing.deps, new Date(Date.now() + CHALLENGE_LEASE_MS - 60_000));
    expect((await recordOf(billing, subscriptionId)).charge?.order_id).toBe(orderId);
    await renewDue(billing.deps, new Date(Date.now() + CHALLENGE_LEASE_MS + 60_000));
    expect(await recordOf(billing, subscriptionId)).toMatchObject({
      status: 'inactive',
      period: 0,
      failed_attempts: 1,
    });
    await billing.engine.decideChallenge(orderId, true);
    const res = await complete(me, orderId);
    expect(res.statusCode).toBe(402);
    expect(await billing.deps.provider.search(orderId)).toMatchObject({ capturedAmount: 0, refundedAmount: 1100 });
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
  });

  it('resubscribe, inactive after a finished period, with a challenge card, charges the new period after 3-D Secure', async () => {
    const me = await subscribed(billing);
    await me.post('/api/payment/subscription/cancel', { subscription_id: me.subscriptionId });
    await renewDue(billing.deps, await afterPeriodEnd(billing, me.subscriptionId));
    const res = await me.post(RESUBSCRIBE, {
      subscription_id: me.subscriptionId,
      token: await cardToken(billing, 'challenge'),
    });
    expect(res.json()).toMatchObject({ next: 'challenge', subscription: { status: 'inactive', period: 1 } });
    const orderId = `sub-${me.subscriptionId}-2`;
    await answerChallenge(orderId, 'pass');
    const done = await complete(me, orderId);
    expect(done.json()).toMatchObject({
      next: 'done',
      subscription: { status: 'active', period: 2, card: { masked: expect.stringContaining('3220') } },
    });
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 20, points: 200 });
  });
});
