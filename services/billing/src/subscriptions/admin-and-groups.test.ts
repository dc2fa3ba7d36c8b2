import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { buyer, cardToken, startBilling, type Billing } from '../purchases/test-support.ts';
import { chargesOfSubscription, eventsOf, recordOf, SUBSCRIBE, subscribed } from './test-support.ts';

let billing: Billing;
beforeAll(async () => { billing = await startBilling(); });
afterAll(async () => { await billing?.close(); });

const CHANGE = '/api/payment/subscription/change';
const INSERT = '/api/payment/user_subscriptions/insert';

describe('plans', () => {
  it('GET /api/billing/plans, anyone, lists PROD001 and the group plan with their terms', async () => {
    const res = await billing.svc.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans).toEqual([
      { plan_code: 'PROD001', name: 'TALK WITH 月額プラン', amount: 1100, period_months: 1, tickets: 10, points: 100, group_bound: false },
      expect.objectContaining({ plan_code: 'OTHERS', amount: 1100, tickets: 10, points: 100, group_bound: true }),
    ]);
  });
});

describe('group plan change', () => {
  it('change, active group plan, moves it to the new group without a charge and says so', async () => {
    const me = buyer(billing);
    const subscribedRes = await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: 'group-a', token: await cardToken(billing) });
    const subscriptionId = subscribedRes.json().subscription.subscription_id;
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: 'group-b' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ plan_code: 'OTHERS', group_id: 'group-b', status: 'active', period: 1 });
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    expect((await eventsOf(billing, subscriptionId, 'subscription.changed'))[0]?.data).toMatchObject({ group_id: 'group-b', previous_group_id: 'group-a' });
  });

  it('change, monthly plan or cancelled group plan, is refused', async () => {
    const monthly = await subscribed(billing);
    expect((await monthly.post(CHANGE, { userId: monthly.userId, subscriptionId: monthly.subscriptionId, groupId: 'g' })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const me = buyer(billing);
    const subscriptionId = (await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: 'group-a', token: await cardToken(billing) })).json().subscription.subscription_id;
    await me.post('/api/payment/subscription/cancel', { subscription_id: subscriptionId });
    const res = await me.post(CHANGE, { userId: me.userId, subscriptionId, groupId: 'group-c' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE' });
    expect(await recordOf(billing, subscriptionId)).toMatchObject({ group_id: 'group-a' });
  });

  it('change, naming another user in userId, is refused with 403', async () => {
    const me = buyer(billing);
    const subscriptionId = (await me.post(SUBSCRIBE, { plan_code: 'OTHERS', group_id: 'group-a', token: await cardToken(billing) })).json().subscription.subscription_id;
    const intruder = buyer(billing);
    expect((await intruder.post(CHANGE, { userId: me.userId, subscriptionId, groupId: 'x' })).statusCode).toBe(403);
    expect((await intruder.post(CHANGE, { userId: intruder.userId, subscriptionId, groupId: 'x' })).statusCode).toBe(403);
  });
});

describe('admin', () => {
  it('user_subscriptions/insert, admin, records an active subscription without a charge and audits it', async () => {
    const admin = buyer(billing, ['admin']);
    const userId = randomUUID();
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await admin.post(INSERT, { user_id: userId, plan_code: 'PROD001', period_end: periodEnd, note: '店頭で契約' });
    expect(res.statusCode).toBe(201);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({ user_id: userId, status: 'active', period: 1, period_end: periodEnd });
    expect(await chargesOfSubscription(billing, subscription.subscription_id)).toBe(0);
    const audits = await billing.svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ type: 'admin.acted', key: admin.userId });
    expect(audits.map((a) => a.envelope.data)).toContainEqual(expect.objectContaining({ action: 'subscription.inserted', target_user_id: userId }));
    const again = await admin.post(INSERT, { user_id: userId, plan_code: 'PROD001', period_end: periodEnd, note: '二重登録' });
    expect(again.statusCode).toBe(409);
  });

  it('user_subscriptions/insert, a customer or a past period end, is refused', async () => {
    const customer = buyer(billing);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await customer.post(INSERT, { user_id: customer.userId, plan_code: 'PROD001', period_end: future, note: 'x' })).statusCode).toBe(403);
    const admin = buyer(billing, ['admin']);
    const past = await admin.post(INSERT, { user_id: randomUUID(), plan_code: 'PROD001', period_end: new Date(Date.now() - 1000).toISOString(), note: 'x' });
    expect(past.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'period_end' });
  });

  it('subscriptions/list, filtered by user and status, pages the matching subscriptions; customers get 403', async () => {
    const me = await subscribed(billing);
    const admin = buyer(billing, ['admin']);
    const list = await billing.svc.app.inject({ method: 'GET', url: `/api/admin/subscriptions/list?user_id=${me.userId}&status=active`, headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ ok: true, total: 1, page: 1, subscriptions: [{ subscription_id: me.subscriptionId, status: 'active' }] });
    const none = await billing.svc.app.inject({ method: 'GET', url: `/api/admin/subscriptions/list?user_id=${me.userId}&status=canceled`, headers: admin.auth });
    expect(none.json()).toMatchObject({ total: 0, subscriptions: [] });
    expect((await billing.svc.app.inject({ method: 'GET', url: '/api/admin/subscriptions/list', headers: me.auth })).statusCode).toBe(403);
  });

  it('admin, cancelling a user\'s subscription for them, is allowed', async () => {
    const me = await subscribed(billing);
    const admin = buyer(billing, ['admin']);
    const res = await admin.post('/api/payment/subscription/cancel', { subscription_id: me.subscriptionId, reason: '問い合わせ対応' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'canceled' });
  });
});
