import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { buyer, startBilling, type Billing } from '../purchases/test-support.ts';
import { eventsOf, recordOf, subscribed } from '../subscriptions/test-support.ts';
import { recordCancellation } from './cancellations.ts';
import { openCancellations } from './model.ts';
import { DEFAULT_CANCEL_REASONS, seedCancelReasons } from './seed.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const CANCEL = '/api/payment/subscription/cancel';
const LIST = '/api/cancel_reasons/list';
const ADMIN = '/api/admin/cancel_reasons';

const get = (url: string, headers: Record<string, string> = {}) =>
  billing.svc.app.inject({ method: 'GET', url, headers });
const admin = () => buyer(billing, ['admin']);
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: { auth: Record<string, string> },
  payload?: object,
) => billing.svc.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const audits = async (adminId: string) =>
  (await billing.svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ type: 'admin.acted', key: adminId })).map(
    (e) => e.envelope.data as { action: string; detail: Record<string, unknown> },
  );

async function aReason(label = `理由-${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const res = await send('POST', ADMIN, admin(), { label });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json().reason.reason_id;
}

describe('cancel_reasons/list', () => {
  it('cancel_reasons/list, a signed-in subscriber, offers the Japanese defaults in order with その他 last', async () => {
    const me = buyer(billing);
    const res = await get(LIST, me.auth);
    expect(res.statusCode).toBe(200);
    const labels = res.json().reasons.map((r: { label: string }) => r.label);
    expect(labels.slice(0, 3)).toEqual(['料金が高い', '使う時間がない', '話したいキャラクターがいない']);
    expect(labels.at(-1)).toBe('その他');
  });

  it('cancel_reasons/list, anonymous, is 401', async () => {
    expect((await get(LIST)).statusCode).toBe(401);
  });

  it('seedCancelReasons, run again after an operator retired a default, adds nothing and keeps it retired', async () => {
    const operator = admin();
    await send('DELETE', `${ADMIN}/few-content`, operator);

    const seededAgain = await seedCancelReasons(billing.svc.platform.store, new Date());

    expect(seededAgain).toBe(false);
    const all = (await get(ADMIN, operator.auth)).json().reasons;
    expect(
      all.filter((r: { reason_id: string }) => DEFAULT_CANCEL_REASONS.some((d) => d._id === r.reason_id)),
    ).toHaveLength(DEFAULT_CANCEL_REASONS.length);
    expect(all.find((r: { reason_id: string }) => r.reason_id === 'few-content').retired_at).not.toBeNull();
    expect(
      (await get(LIST, operator.auth)).json().reasons.map((r: { reason_id: string }) => r.reason_id),
    ).not.toContain('few-content');
  });
});

describe('cancelling with a reason', () => {
  it('cancel, a reason and a comment, keeps both on the subscription, in a cancellation record and in subscription.canceled', async () => {
    const me = await subscribed(billing);
    const res = await me.post(CANCEL, {
      subscription_id: me.subscriptionId,
      reason_id: 'price',
      reason: '学生には少し高いです',
    });
    expect(res.statusCode).toBe(200);
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'canceled',
      cancel_reason_id: 'price',
      cancel_reason_label: '料金が高い',
      cancel_reason: '学生には少し高いです',
    });
    expect(await openCancellations(billing.svc.platform.store).find({ subscription_id: me.subscriptionId })).toEqual([
      expect.objectContaining({
        user_id: me.userId,
        reason_id: 'price',
        reason_label: '料金が高い',
        text: '学生には少し高いです',
        by: 'user',
      }),
    ]);
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.canceled'))[0]?.data).toMatchObject({
      reason_id: 'price',
      reason_label: '料金が高い',
      reason_text: '学生には少し高いです',
      by: 'user',
    });
  });

  it('cancel, an unknown or retired reason id, is 400 and the plan stays active', async () => {
    const me = await subscribed(billing);
    const retired = await aReason();
    await send('DELETE', `${ADMIN}/${retired}`, admin());

    for (const reasonId of ['no-such-reason', retired]) {
      const res = await me.post(CANCEL, { subscription_id: me.subscriptionId, reason_id: reasonId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'reason_id',
        message: '解約理由を選び直してください。',
      });
    }
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ status: 'active' });
    expect(
      await openCancellations(billing.svc.platform.store).countDocuments({ subscription_id: me.subscriptionId }),
    ).toBe(0);
  });

  it('cancel, a comment longer than 500 characters, is 400', async () => {
    const me = await subscribed(billing);
    const res = await me.post(CANCEL, {
      subscription_id: me.subscriptionId,
      reason_id: 'other',
      reason: 'あ'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('cancel, the same reason by two subscribers, is counted twice in the console for today', async () => {
    const reasonId = await aReason();
    for (const me of [await subscribed(billing), await subscribed(billing)])
      await me.post(CANCEL, { subscription_id: me.subscriptionId, reason_id: reasonId });

    const res = await get(`${ADMIN}/stats`, admin().auth);

    expect(res.statusCode).toBe(200);
    expect(res.json().reasons).toContainEqual({ reason_id: reasonId, label: expect.any(String), count: 2 });
  });
});

describe('admin cancel reasons', () => {
  it('POST, PUT, DELETE, an admin, create, rename and retire a reason, each audited', async () => {
    const operator = admin();
    const created = await send('POST', ADMIN, operator, { label: '  サポートに不満  ', position: 500 });
    expect(created.statusCode).toBe(201);
    const id = created.json().reason.reason_id;
    expect(created.json().reason).toMatchObject({ label: 'サポートに不満', position: 500, retired_at: null });

    const renamed = await send('PUT', `${ADMIN}/${id}`, operator, { label: 'サポートの対応に不満' });
    expect(renamed.json().reason).toMatchObject({ label: 'サポートの対応に不満', position: 500 });
    const retired = await send('DELETE', `${ADMIN}/${id}`, operator);
    expect(retired.json().reason.retired_at).toEqual(expect.any(String));
    const offeredAgain = await send('PUT', `${ADMIN}/${id}`, operator, { retired: false });
    expect(offeredAgain.json().reason.retired_at).toBeNull();

    expect((await audits(operator.userId)).map((a) => a.action)).toEqual([
      'cancel_reason.created',
      'cancel_reason.updated',
      'cancel_reason.updated',
      'cancel_reason.updated',
    ]);
  });

  it('admin cancel reason routes, a customer, are 403 and change nothing', async () => {
    const customer = buyer(billing);
    expect((await get(ADMIN, customer.auth)).statusCode).toBe(403);
    expect((await send('POST', ADMIN, customer, { label: '客の理由' })).statusCode).toBe(403);
    expect((await send('PUT', `${ADMIN}/price`, customer, { label: '安い' })).statusCode).toBe(403);
    expect((await send('DELETE', `${ADMIN}/price`, customer)).statusCode).toBe(403);
    expect((await get(`${ADMIN}/stats`, customer.auth)).statusCode).toBe(403);
    expect((await get(LIST, customer.auth)).json().reasons.map((r: { label: string }) => r.label)).toContain(
      '料金が高い',
    );
  });

  it('admin cancel reasons, an empty, too long or duplicate label, an empty update or an unknown id, are refused', async () => {
    const operator = admin();
    expect((await send('POST', ADMIN, operator, { label: '' })).statusCode).toBe(400);
    expect((await send('POST', ADMIN, operator, { label: '   ' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'label',
    });
    expect((await send('POST', ADMIN, operator, { label: 'あ'.repeat(101) })).statusCode).toBe(400);
    expect((await send('POST', ADMIN, operator, { label: '料金が高い' })).json()).toMatchObject({
      code: 'CONFLICT',
      field: 'label',
    });
    expect((await send('PUT', `${ADMIN}/price`, operator, {})).statusCode).toBe(400);
    expect((await send('PUT', `${ADMIN}/no-such`, operator, { label: '新しい' })).statusCode).toBe(404);
  });

  it('stats, a period of past Japan days, counts only the cancellations inside it, by reason, with their comments', async () => {
    const reasonId = await aReason();
    const store = billing.svc.platform.store;
    const cancel = (at: string, text?: string) =>
      store.withTransaction((tx) =>
        recordCancellation(
          tx,
          { _id: 's', user_id: 'u', plan_code: 'PROD001' },
          { by: 'user', reason_id: reasonId, reason_label: '過去の理由', ...(text ? { reason_text: text } : {}) },
          at,
        ),
      );
    await cancel('2020-01-04T14:59:59.000Z'); // 2020-01-04 23:59 JST: before the period
    await cancel('2020-01-04T15:00:00.000Z', '最初の日'); // 2020-01-05 00:00 JST
    await cancel('2020-01-06T14:59:59.000Z'); // 2020-01-06 23:59 JST
    await cancel('2020-01-06T15:00:00.000Z'); // 2020-01-07 JST: after

    const res = await get(`${ADMIN}/stats?from=2020-01-05&to=2020-01-06`, admin().auth);

    expect(res.json()).toMatchObject({
      from: '2020-01-05',
      to: '2020-01-06',
      total: 2,
      comments: [{ text: '最初の日', label: '過去の理由' }],
    });
    expect(res.json().reasons[0]).toEqual({ reason_id: reasonId, label: expect.any(String), count: 2 });
  });

  it('stats, a day that does not exist or from after to, is 400', async () => {
    const operator = admin();
    expect((await get(`${ADMIN}/stats?from=2025-02-30`, operator.auth)).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'from',
    });
    expect((await get(`${ADMIN}/stats?from=2025-03-02&to=2025-03-01`, operator.auth)).statusCode).toBe(400);
  });
});
