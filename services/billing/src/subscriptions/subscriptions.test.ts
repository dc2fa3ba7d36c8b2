import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, cardToken, startBilling, walletOf, type Billing } from '../purchases/test-support.ts';
import { statusOf } from './manage.ts';
import { renewDue } from './renewal.ts';
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

const CANCEL = '/api/payment/subscription/cancel';
const RESUBSCRIBE = '/api/subscriptions/resubscribe';

describe('subscribe', () => {
  it('subscribe, success card, charges the first period once and grants 10 tickets and 100 points', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(res.statusCode).toBe(200);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({
      plan_code: 'PROD001',
      name: 'TALK WITH 月額プラン',
      status: 'active',
      amount: 1100,
      period: 1,
      card: { masked: expect.stringContaining('1111') },
    });
    expect(Date.parse(subscription.period_end) - Date.parse(subscription.period_start)).toBeGreaterThanOrEqual(
      28 * 86_400_000,
    );
    expect(await chargesOfPeriod(billing, subscription.subscription_id, 1)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
    expect(await eventsOf(billing, subscription.subscription_id, 'subscription.renewed')).toHaveLength(1);
    expect(await eventsOf(billing, subscription.subscription_id, 'subscription.started')).toHaveLength(1);
  });

  it("subscribe, success card, lists the charged period in the customer's purchase history and the operators' payment history", async () => {
    const me = buyer(billing);
    const { subscription } = (
      await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) })
    ).json();

    const mine = (await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json();
    const admin = { authorization: `Bearer ${billing.svc.tokenFor('admin-history', ['admin'])}` };
    const all = (
      await billing.svc.app.inject({
        method: 'GET',
        url: `/api/admin/payment/history?user_id=${me.userId}`,
        headers: admin,
      })
    ).json();

    expect(mine.purchases).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        name: 'TALK WITH 月額プラン',
        amount: 1100,
        status: 'captured',
        order_id: `sub-${subscription.subscription_id}-1`,
      }),
    ]);
    expect(all.purchases).toEqual([
      expect.objectContaining({ kind: 'subscription', source: 'subscription', amount: 1100 }),
    ]);
  });

  it('subscribe, same key twice and then concurrently, answers the same and charges and grants once', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { plan_code: 'PROD001', token: await cardToken(billing) };
    const [first, racing] = await Promise.all([me.post(SUBSCRIBE, body, key), me.post(SUBSCRIBE, body, key)]);
    const again = await me.post(SUBSCRIBE, body, key);
    expect(first.statusCode === 200 || racing.statusCode === 200).toBe(true);
    for (const res of [first, racing]) expect([200, 409]).toContain(res.statusCode);
    expect(again.statusCode).toBe(200);
    const subscriptionId = again.json().subscription.subscription_id;
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
  });

  it('subscribe, two different keys at once for one plan, charges one period and refuses the other', async () => {
    const me = buyer(billing);
    const [a, b] = await Promise.all([
      me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) }),
      me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const subscriptionId = (a.statusCode === 200 ? a : b).json().subscription.subscription_id;
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
  });

  it('subscribe, without an idempotency key or with a reused one, is refused and charges nothing', async () => {
    const me = buyer(billing);
    const missing = await billing.svc.app.inject({
      method: 'POST',
      url: SUBSCRIBE,
      headers: me.auth,
      payload: { plan_code: 'PROD001', token: await cardToken(billing) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REQUIRED' });
    const key = randomUUID();
    expect((await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) }, key)).statusCode).toBe(
      200,
    );
    const reused = await me.post(
      SUBSCRIBE,
      { plan_code: 'OTHERS', group_id: 'g1', token: await cardToken(billing) },
      key,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
  });

  it('subscribe, while already active, is refused with 409 SUBSCRIPTION_STATE and charges nothing more', async () => {
    const me = await subscribed(billing);
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'SUBSCRIPTION_STATE',
      message: 'すでにこのプランに加入しています。',
    });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
  });

  it('subscribe, declined card, answers 402 and leaves the subscription inactive without a grant', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing, 'declined') });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ ok: false, code: 'PAYMENT_DECLINED' });
    expect(await recordOf(billing, res.json().subscription_id)).toMatchObject({
      status: 'inactive',
      period: 0,
      failed_attempts: 1,
    });
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
    const retry = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().subscription).toMatchObject({ status: 'active', period: 1 });
  });

  it('subscribe, group plan without a group or monthly plan with one, is refused with 400', async () => {
    const me = buyer(billing);
    const token = await cardToken(billing);
    expect((await me.post(SUBSCRIBE, { plan_code: 'OTHERS', token })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'group_id',
    });
    expect((await me.post(SUBSCRIBE, { plan_code: 'PROD001', group_id: 'g', token })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'group_id',
    });
    expect((await me.post(SUBSCRIBE, { plan_code: 'PROD999', token })).statusCode).toBe(400);
  });

  it('subscribe, time-out card, answers 202 and the sweep settles the one charge; the same key then answers active', async () => {
    const me = buyer(billing);
    const key = randomUUID();
    const body = { plan_code: 'PROD001', token: await cardToken(billing, 'timeout') };
    const res = await me.post(SUBSCRIBE, body, key);
    expect(res.statusCode).toBe(202);
    const subscriptionId = res.json().subscription_id;
    expect((await me.post(SUBSCRIBE, body, key)).statusCode).toBe(409); // its charge is still held
    await renewDue(billing.deps, new Date(Date.now() + 5 * 60_000)); // the holder's lease is over: search and settle
    const again = await me.post(SUBSCRIBE, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription).toMatchObject({ subscription_id: subscriptionId, status: 'active', period: 1 });
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
  });
});

describe('cancel and resubscribe', () => {
  it('cancel, active subscription, keeps access to the period end and then finishes without a charge', async () => {
    const me = await subscribed(billing);
    const res = await me.post(CANCEL, { subscription_id: me.subscriptionId, reason: '使わなくなった' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) });
    const status = await billing.svc.app.inject({
      method: 'POST',
      url: `/api/subscriptions/status/${me.userId}`,
      headers: me.auth,
      payload: { user_id: me.userId, btn_id: 'PROD001' },
    });
    expect(status.json()).toMatchObject({ ok: true, status: 'canceled', allowed: true });
    const later = await afterPeriodEnd(billing, me.subscriptionId);
    expect(await statusOf(billing.svc.platform.store, me.userId, 'PROD001', later)).toMatchObject({
      status: 'inactive',
      allowed: false,
    });
    await renewDue(billing.deps, later);
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'inactive',
      finished_reason: 'canceled',
      period: 1,
    });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.finished'))[0]?.data).toMatchObject({
      reason: 'canceled',
    });
  });

  it('cancel, twice with new keys, is refused the second time with 409', async () => {
    const me = await subscribed(billing);
    expect((await me.post(CANCEL, { subscription_id: me.subscriptionId })).statusCode).toBe(200);
    const again = await me.post(CANCEL, { subscription_id: me.subscriptionId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE' });
  });

  it('resubscribe, cancelled before its period end, is active again without a charge', async () => {
    const me = await subscribed(billing);
    await me.post(CANCEL, { subscription_id: me.subscriptionId });
    const res = await me.post(RESUBSCRIBE, { subscription_id: me.subscriptionId });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'active', period: 1 });
    expect(res.json().subscription.canceled_at).toBeUndefined();
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
  });

  it('resubscribe, after a cancelled period finished, charges a new period once', async () => {
    const me = await subscribed(billing);
    await me.post(CANCEL, { subscription_id: me.subscriptionId });
    await renewDue(billing.deps, await afterPeriodEnd(billing, me.subscriptionId));
    const res = await me.post(RESUBSCRIBE, { subscription_id: me.subscriptionId });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'active', period: 2 });
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 20, points: 200 });
  });

  it('resubscribe, while active, is refused with 409', async () => {
    const me = await subscribed(billing);
    const res = await me.post(RESUBSCRIBE, { subscription_id: me.subscriptionId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE' });
  });
});

describe('another user', () => {
  it("subscription calls, on another user's subscription, answer 403 and change nothing", async () => {
    const owner = await subscribed(billing);
    const intruder = buyer(billing);
    expect((await intruder.post(CANCEL, { subscription_id: owner.subscriptionId })).statusCode).toBe(403);
    expect((await intruder.post(RESUBSCRIBE, { subscription_id: owner.subscriptionId })).statusCode).toBe(403);
    expect(
      (await intruder.post('/api/payment/recurring/get', { subscription_id: owner.subscriptionId })).statusCode,
    ).toBe(403);
    expect(
      (
        await intruder.post('/api/subscriptions/change', {
          userId: owner.userId,
          subscriptionId: owner.subscriptionId,
          groupId: 'g2',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await billing.svc.app.inject({
          method: 'GET',
          url: `/api/subscriptions/${owner.userId}`,
          headers: intruder.auth,
        })
      ).statusCode,
    ).toBe(403);
    const status = await billing.svc.app.inject({
      method: 'POST',
      url: `/api/subscriptions/status/${owner.userId}`,
      headers: intruder.auth,
      payload: { user_id: owner.userId, btn_id: 'b' },
    });
    expect(status.statusCode).toBe(403);
    expect(await recordOf(billing, owner.subscriptionId)).toMatchObject({ status: 'active' });
  });
});
