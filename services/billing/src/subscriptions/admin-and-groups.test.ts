import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { registeredUser } from '../accounts/test-support.ts';
import { catalogFactsKit } from '../catalog/test-support.ts';
import { buyer, cardToken, startBilling, walletOf, type Billing } from '../purchases/test-support.ts';
import { openSubscriptions } from './records.ts';
import { chargesOfSubscription, eventsOf, recordOf, SUBSCRIBE, subscribed } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const catalog = catalogFactsKit(() => billing.svc);
/** A group the catalog sells (it lists a published character). */
const soldGroup = () => catalog.saveGroup(true);
const CHANGE = '/api/payment/subscription/change';
const INSERT = '/api/admin/payment/user_subscriptions/insert';

describe('plans', () => {
  it('GET /api/billing/plans, anyone, lists PROD001 and the group plan with their terms', async () => {
    const res = await billing.svc.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans).toEqual([
      {
        plan_code: 'PROD001',
        name: 'TALK WITH 月額プラン',
        amount: 1100,
        period_months: 1,
        tickets: 10,
        points: 100,
        group_bound: false,
        name_i18n: {
          'en-US': 'TALK WITH Monthly Plan',
          'fil-PH': 'TALK WITH Buwanang Plano',
          'zh-TW': 'TALK WITH 月費方案',
        },
      },
      expect.objectContaining({ plan_code: 'OTHERS', amount: 1100, tickets: 10, points: 100, group_bound: true }),
    ]);
  });
});

describe('group plan change', () => {
  it('change, active group plan, moves it to the new group without a charge and says so', async () => {
    const [groupA, groupB] = [await soldGroup(), await soldGroup()];
    const me = buyer(billing);
    const subscribedRes = await me.post(SUBSCRIBE, {
      plan_code: 'OTHERS',
      group_id: groupA,
      token: await cardToken(billing),
    });
    const subscriptionId = subscribedRes.json().subscription.subscription_id;
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: groupB });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      plan_code: 'OTHERS',
      group_id: groupB,
      status: 'active',
      period: 1,
    });
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect((await eventsOf(billing, subscriptionId, 'subscription.changed'))[0]?.data).toMatchObject({
      group_id: groupB,
      previous_group_id: groupA,
    });
  });

  it('change, monthly plan or cancelled group plan, is refused', async () => {
    const monthly = await subscribed(billing);
    expect(
      (
        await monthly.post(CHANGE, { userId: monthly.userId, subscriptionId: monthly.subscriptionId, groupId: 'g' })
      ).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const [groupA, groupC] = [await soldGroup(), await soldGroup()];
    const me = buyer(billing);
    const subscriptionId = (
      await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: groupA, token: await cardToken(billing) })
    ).json().subscription.subscription_id;
    await me.post('/api/payment/subscription/cancel', { subscription_id: subscriptionId });
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: groupC });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE' });
    expect(await recordOf(billing, subscriptionId)).toMatchObject({ group_id: groupA });
  });

  it('change, naming another user in userId, is refused with 403', async () => {
    const me = buyer(billing);
    const subscriptionId = (
      await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: await soldGroup(), token: await cardToken(billing) })
    ).json().subscription.subscription_id;
    const intruder = buyer(billing);
    expect((await intruder.post(CHANGE, { userId: me.userId, subscriptionId, groupId: 'x' })).statusCode).toBe(403);
    expect((await intruder.post(CHANGE, { userId: intruder.userId, subscriptionId, groupId: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('admin', () => {
  it('user_subscriptions/insert, admin, records an active subscription without a charge and audits it', async () => {
    const admin = buyer(billing, ['admin']);
    const userId = await registeredUser(billing.svc);
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await admin.post(INSERT, {
      user_id: userId,
      plan_code: 'PROD001',
      period_end: periodEnd,
      note: '店頭で契約',
    });
    expect(res.statusCode).toBe(201);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({ user_id: userId, status: 'active', period: 1, period_end: periodEnd });
    expect(await chargesOfSubscription(billing, subscription.subscription_id)).toBe(0);
    const audits = await billing.svc.platform.store
      .collection<OutboxEntry>(OUTBOX)
      .find({ type: 'admin.acted', key: admin.userId });
    expect(audits.map((a) => a.envelope.data)).toContainEqual(
      expect.objectContaining({ action: 'subscription.inserted', target_user_id: userId }),
    );
    const again = await admin.post(INSERT, {
      user_id: userId,
      plan_code: 'PROD001',
      period_end: periodEnd,
      note: '二重登録',
    });
    expect(again.statusCode).toBe(409);
  });

  it('user_subscriptions/insert, a customer or a past period end, is refused', async () => {
    const customer = buyer(billing);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await customer.post(INSERT, { user_id: customer.userId, plan_code: 'PROD001', period_end: future, note: 'x' }))
        .statusCode,
    ).toBe(403);
    const admin = buyer(billing, ['admin']);
    const past = await admin.post(INSERT, {
      user_id: await registeredUser(billing.svc),
      plan_code: 'PROD001',
      period_end: new Date(Date.now() - 1000).toISOString(),
      note: 'x',
    });
    expect(past.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'period_end' });
  });

  it('subscriptions/list, filtered by user and status, pages the matching subscriptions; customers get 403', async () => {
    const me = await subscribed(billing);
    const admin = buyer(billing, ['admin']);
    const list = await billing.svc.app.inject({
      method: 'GET',
      url: `/api/admin/subscriptions/list?user_id=${me.userId}&status=active`,
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      ok: true,
      total: 1,
      page: 1,
      subscriptions: [{ subscription_id: me.subscriptionId, status: 'active' }],
    });
    const none = await billing.svc.app.inject({
      method: 'GET',
      url: `/api/admin/subscriptions/list?user_id=${me.userId}&status=canceled`,
      headers: admin.auth,
    });
    expect(none.json()).toMatchObject({ total: 0, subscriptions: [] });
    expect(
      (await billing.svc.app.inject({ method: 'GET', url: '/api/admin/subscriptions/list', headers: me.auth }))
        .statusCode,
    ).toBe(403);
  });

  it("admin, cancelling a user's subscription for them, is allowed", async () => {
    const me = await subscribed(billing);
    const admin = buyer(billing, ['admin']);
    const res = await admin.post('/api/payment/subscription/cancel', {
      subscription_id: me.subscriptionId,
      reason: '問い合わせ対応',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'canceled' });
  });
});

describe('group plans: only groups the catalog sells', () => {
  /** Orders the sandbox was asked to authorise for this user's subscriptions (sub-{id}-…): none means no charge was even tried. */
  const sandboxOrdersOf = async (userId: string) => {
    const ids = (await openSubscriptions(billing.svc.platform.store).find({ user_id: userId })).map((r) => r._id);
    const orders = billing.svc.platform.store.collection('sandbox_orders');
    return (await Promise.all(ids.map((id) => orders.find({ _id: { $regex: `^sub-${id}-` } })))).flat();
  };

  it('subscribe, a group the catalog never had (no-such-group), answers 404 in Japanese and asks the provider for nothing', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, {
      plan_code: 'OTHERS',
      group_id: 'no-such-group',
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
      field: 'group_id',
      message: 'グループが見つかりません。',
    });
    expect(await sandboxOrdersOf(me.userId)).toEqual([]);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 0, points: 0 });
  });

  it('subscribe, a group that lists no published character, answers 409 PRODUCT_UNAVAILABLE and asks the provider for nothing', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, {
      plan_code: 'OTHERS',
      group_id: await catalog.saveGroup(false),
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      message: expect.stringContaining('現在販売していません'),
    });
    expect(await sandboxOrdersOf(me.userId)).toEqual([]);
  });

  it('subscribe, a group deleted since it was sold, answers 404 and charges nothing', async () => {
    const groupId = await soldGroup();
    await catalog.deleteGroup(groupId);
    const me = buyer(billing);
    expect(
      (await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: groupId, token: await cardToken(billing) }))
        .statusCode,
    ).toBe(404);
    expect(await sandboxOrdersOf(me.userId)).toEqual([]);
  });

  it('subscribe, a sold group, charges the first period once', async () => {
    const me = buyer(billing);
    const res = await me.post(SUBSCRIBE, {
      plan_code: 'OTHERS',
      group_id: await soldGroup(),
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(200);
    expect(await sandboxOrdersOf(me.userId)).toHaveLength(1);
  });

  it('change, to a group the catalog never had (nope), answers 404 and keeps the stored group', async () => {
    const groupId = await soldGroup();
    const me = buyer(billing);
    const subscriptionId = (
      await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: groupId, token: await cardToken(billing) })
    ).json().subscription.subscription_id;
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: 'nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', field: 'groupId', message: 'グループが見つかりません。' });
    expect(await recordOf(billing, subscriptionId)).toMatchObject({ group_id: groupId });
    expect(await eventsOf(billing, subscriptionId, 'subscription.changed')).toEqual([]);
  });

  it('change, to a group not on sale, answers 409 and keeps the stored group', async () => {
    const groupId = await soldGroup();
    const me = buyer(billing);
    const subscriptionId = (
      await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: groupId, token: await cardToken(billing) })
    ).json().subscription.subscription_id;
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: await catalog.saveGroup(false) });
    expect(res.statusCode).toBe(409);
    expect(await recordOf(billing, subscriptionId)).toMatchObject({ group_id: groupId });
  });

  it('user_subscriptions/insert, an id no account has or a group the catalog never had, answers 404 and records nothing', async () => {
    const admin = buyer(billing, ['admin']);
    const periodEnd = new Date(Date.now() + 86_400_000).toISOString();
    const stranger = randomUUID();
    const unknownUser = await admin.post(INSERT, {
      user_id: stranger,
      plan_code: 'PROD001',
      period_end: periodEnd,
      note: 'x',
    });
    expect(unknownUser.json()).toMatchObject({ code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' });
    const userId = await registeredUser(billing.svc);
    const unknownGroup = await admin.post(INSERT, {
      user_id: userId,
      plan_code: 'OTHERS',
      group_id: 'no-such-group',
      period_end: periodEnd,
      note: 'x',
    });
    expect(unknownGroup.json()).toMatchObject({ code: 'NOT_FOUND', field: 'group_id' });
    expect(await openSubscriptions(billing.svc.platform.store).find({ user_id: { $in: [stranger, userId] } })).toEqual(
      [],
    );
  });
});

describe('subscription status by btn_id', () => {
  const status = (me: { userId: string; auth: Record<string, string> }, btn_id: string) =>
    billing.svc.app
      .inject({
        method: 'POST',
        url: `/api/subscriptions/status/${me.userId}`,
        headers: me.auth,
        payload: { user_id: me.userId, btn_id },
      })
      .then((r) => r.json());

  it('status, a group plan, allows the button of its group and not of another group or the monthly plan', async () => {
    const [groupId, other] = [await soldGroup(), await soldGroup()];
    const me = buyer(billing);
    await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: groupId, token: await cardToken(billing) });
    expect(await status(me, groupId)).toMatchObject({
      ok: true,
      status: 'active',
      allowed: true,
      subscription: { plan_code: 'OTHERS', group_id: groupId },
    });
    expect(await status(me, other)).toEqual({ ok: true, status: 'inactive', allowed: false });
    expect(await status(me, 'PROD001')).toEqual({ ok: true, status: 'inactive', allowed: false });
  });

  it('status, the monthly plan, allows PROD001 and no group button', async () => {
    const me = await subscribed(billing);
    expect(await status(me, 'PROD001')).toMatchObject({
      status: 'active',
      allowed: true,
      subscription: { subscription_id: me.subscriptionId },
    });
    expect(await status(me, await soldGroup())).toEqual({ ok: true, status: 'inactive', allowed: false });
  });

  it('status, a group plan moved to another group, follows the change', async () => {
    const [first, second] = [await soldGroup(), await soldGroup()];
    const me = buyer(billing);
    const subscriptionId = (
      await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: first, token: await cardToken(billing) })
    ).json().subscription.subscription_id;
    await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: second });
    expect((await status(me, first)).allowed).toBe(false);
    expect((await status(me, second)).allowed).toBe(true);
  });
});
