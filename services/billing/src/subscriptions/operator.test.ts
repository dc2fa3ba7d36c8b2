import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { eventually } from '@talkwith/platform/testing/eventually';
import { accountOf } from '../accounts/index.ts';
import { openCancellations } from '../cancel-reasons/model.ts';
import { buyer, startBilling, type Billing, type Buyer } from '../purchases/test-support.ts';
import { chargesOfSubscription, eventsOf, recordOf, subscribed } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const CREATE = '/api/admin/subscriptions/create';
const UPDATE = '/api/admin/subscriptions/update';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function liveAccount(): Promise<string> {
  const userId = randomUUID();
  await billing.svc.platform.events.publish('user.registered', userId, {
    user_id: userId,
    email: `${userId}@example.jp`,
    registered_at: new Date().toISOString(),
  });
  await eventually(async () => (await accountOf(billing.svc.platform.store, userId)) !== null);
  return userId;
}

async function actionsOf(admin: Buyer): Promise<string[]> {
  return (
    await billing.svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ type: 'admin.acted', key: admin.userId })
  ).map((e) => (e.envelope.data as { action: string }).action);
}

async function comp(admin: Buyer, userId: string): Promise<string> {
  const res = await admin.post(CREATE, {
    user_id: userId,
    plan_code: 'PROD001',
    period_end: inDays(30),
    note: '招待枠',
  });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json().subscription.subscription_id;
}

describe('subscriptions/create (operators)', () => {
  it('create, a live account, records an active comp subscription without a charge, audited as subscription.created', async () => {
    const admin = buyer(billing, ['admin']);
    const userId = await liveAccount();
    const res = await admin.post(CREATE, {
      user_id: userId,
      plan_code: 'PROD001',
      period_end: inDays(30),
      note: '招待枠',
    });
    expect(res.statusCode).toBe(201);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({ user_id: userId, status: 'active', period: 1 });
    expect(await chargesOfSubscription(billing, subscription.subscription_id)).toBe(0);
    expect(await actionsOf(admin)).toEqual(['subscription.created']);
  });

  it('create, an id billing never heard of or a deleted account, is 404 and records nothing', async () => {
    const admin = buyer(billing, ['admin']);
    const deleted = await liveAccount();
    await billing.svc.platform.events.publish('user.deleted', deleted, { user_id: deleted, by: 'user' });
    await eventually(async () => (await accountOf(billing.svc.platform.store, deleted))?.deleted_at != null);
    for (const userId of [randomUUID(), deleted]) {
      const res = await admin.post(CREATE, {
        user_id: userId,
        plan_code: 'PROD001',
        period_end: inDays(30),
        note: 'x',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' });
    }
    expect(await actionsOf(admin)).toEqual([]);
  });

  it('create, a customer, no Idempotency-Key or a past period end, is refused', async () => {
    const userId = await liveAccount();
    const customer = buyer(billing);
    expect(
      (
        await customer.post(CREATE, {
          user_id: customer.userId,
          plan_code: 'PROD001',
          period_end: inDays(30),
          note: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const admin = buyer(billing, ['admin']);
    const keyless = await billing.svc.app.inject({
      method: 'POST',
      url: CREATE,
      headers: admin.auth,
      payload: { user_id: userId, plan_code: 'PROD001', period_end: inDays(30), note: 'x' },
    });
    expect(keyless.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect(
      (await admin.post(CREATE, { user_id: userId, plan_code: 'PROD001', period_end: inDays(-1), note: 'x' })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED', field: 'period_end' });
  });
});

describe('subscriptions/update (operators)', () => {
  it('update, status canceled on a paid plan, cancels it without a provider call, counted as an operator cancellation and audited', async () => {
    const me = await subscribed(billing);
    const admin = buyer(billing, ['admin']);
    const res = await admin.post(UPDATE, {
      subscription_id: me.subscriptionId,
      status: 'canceled',
      note: '電話で解約のご依頼',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: 'canceled',
      note: '電話で解約のご依頼',
      cancel_reason: { text: '電話で解約のご依頼' },
    });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.canceled'))[0]?.data).toMatchObject({
      by: 'operator',
    });
    expect(await openCancellations(billing.svc.platform.store).find({ subscription_id: me.subscriptionId })).toEqual([
      expect.objectContaining({ by: 'operator', reason_id: null }),
    ]);
    expect(await actionsOf(admin)).toEqual(['subscription.updated']);
  });

  it('update, status active on a cancelled plan inside its period, resumes it without a charge', async () => {
    const me = await subscribed(billing);
    await me.post('/api/payment/subscription/cancel', { subscription_id: me.subscriptionId, reason_id: 'price' });
    const res = await buyer(billing, ['admin']).post(UPDATE, {
      subscription_id: me.subscriptionId,
      status: 'active',
      note: '誤操作の取り消し',
    });
    expect(res.json().subscription).toMatchObject({ status: 'active' });
    expect(res.json().subscription.cancel_reason).toBeUndefined();
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
  });

  it('update, a later period end on a comp plan, extends it and announces subscription.changed', async () => {
    const admin = buyer(billing, ['admin']);
    const subscriptionId = await comp(admin, await liveAccount());
    const later = inDays(90);
    const res = await admin.post(UPDATE, {
      subscription_id: subscriptionId,
      period_end: later,
      note: 'キャンペーン延長',
    });
    expect(res.json().subscription).toMatchObject({ status: 'active', period_end: later });
    expect((await eventsOf(billing, subscriptionId, 'subscription.changed'))[0]?.data).toMatchObject({
      period_end: later,
    });
  });

  it('update, status inactive, finishes the plan now with subscription.finished', async () => {
    const admin = buyer(billing, ['admin']);
    const subscriptionId = await comp(admin, await liveAccount());
    const res = await admin.post(UPDATE, {
      subscription_id: subscriptionId,
      status: 'inactive',
      note: '不正利用のため終了',
    });
    expect(res.json().subscription).toMatchObject({ status: 'inactive', finished_reason: 'canceled' });
    expect(await eventsOf(billing, subscriptionId, 'subscription.finished')).toHaveLength(1);
  });

  it('update, refused by the state machine (period end of a cancelled plan, resuming a finished one), is 409 and changes nothing', async () => {
    const admin = buyer(billing, ['admin']);
    const canceled = await comp(admin, await liveAccount());
    await admin.post(UPDATE, { subscription_id: canceled, status: 'canceled', note: 'x' });
    const moved = await admin.post(UPDATE, { subscription_id: canceled, period_end: inDays(60), note: 'x' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE' });

    const finished = await comp(admin, await liveAccount());
    await admin.post(UPDATE, { subscription_id: finished, status: 'inactive', note: 'x' });
    const resumed = await admin.post(UPDATE, { subscription_id: finished, status: 'active', note: 'x' });
    expect(resumed.statusCode).toBe(409);
    expect(await recordOf(billing, finished)).toMatchObject({ status: 'inactive' });
  });

  it('update, nothing to change, a past period end, a group on the monthly plan, an unknown id or a customer, is refused', async () => {
    const admin = buyer(billing, ['admin']);
    const subscriptionId = await comp(admin, await liveAccount());
    expect((await admin.post(UPDATE, { subscription_id: subscriptionId, note: 'x' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'status',
    });
    expect(
      (await admin.post(UPDATE, { subscription_id: subscriptionId, period_end: inDays(-1), note: 'x' })).json(),
    ).toMatchObject({ field: 'period_end' });
    expect(
      (await admin.post(UPDATE, { subscription_id: subscriptionId, group_id: 'group-a', note: 'x' })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED', field: 'group_id' });
    expect((await admin.post(UPDATE, { subscription_id: 'no-such', status: 'canceled', note: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin.post(UPDATE, { subscription_id: subscriptionId, status: 'bogus', note: 'x' })).statusCode).toBe(
      400,
    );
    const customer = buyer(billing);
    expect(
      (await customer.post(UPDATE, { subscription_id: subscriptionId, status: 'canceled', note: 'x' })).statusCode,
    ).toBe(403);
    expect(await recordOf(billing, subscriptionId)).toMatchObject({ status: 'active', note: '招待枠' });
  });
});

describe('subscriptions/{user_id} (operators)', () => {
  it("GET, an admin, lists the user's subscriptions with the note and the cancellation reason; a customer gets 403", async () => {
    const me = await subscribed(billing);
    await me.post('/api/payment/subscription/cancel', {
      subscription_id: me.subscriptionId,
      reason_id: 'no-time',
      reason: '忙しくなりました',
    });
    const admin = buyer(billing, ['admin']);

    const res = await billing.svc.app.inject({
      method: 'GET',
      url: `/api/admin/subscriptions/${me.userId}`,
      headers: admin.auth,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user_id: me.userId,
      subscriptions: [
        {
          subscription_id: me.subscriptionId,
          status: 'canceled',
          cancel_reason: { reason_id: 'no-time', label: '使う時間がない', text: '忙しくなりました' },
        },
      ],
    });
    expect(
      (await billing.svc.app.inject({ method: 'GET', url: `/api/admin/subscriptions/${me.userId}`, headers: me.auth }))
        .statusCode,
    ).toBe(403);
    const list = await billing.svc.app.inject({
      method: 'GET',
      url: '/api/admin/subscriptions/list',
      headers: admin.auth,
    });
    expect(list.json().subscriptions).toEqual(expect.any(Array));
  });
});
