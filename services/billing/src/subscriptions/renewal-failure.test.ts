import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { cardToken, startBilling, type Billing } from '../purchases/test-support.ts';
import { renewDue, retryWaitsOf } from './renewal.ts';
import { onMailEvent } from '../mails/consumers.ts';
import { openBillingMails } from '../mails/model.ts';
import { afterPeriodEnd, eventsOf, recordOf, subscribed, type Subscriber } from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

/** A subscriber identity announced (so billing knows the address), whose plan's card the sandbox declines. */
async function subscriberWithDecliningCard(): Promise<Subscriber & { email: string }> {
  const me = await subscribed(billing);
  const email = `${me.userId}@example.jp`;
  await billing.svc.platform.events.publish('user.registered', me.userId, {
    user_id: me.userId,
    email,
    registered_at: new Date().toISOString(),
  });
  const cardId = (await me.post('/api/payment/card/info/add', { token: await cardToken(billing, 'declined') })).json()
    .card.card_id;
  await me.post('/api/payment/recurring/change_card', { subscription_id: me.subscriptionId, card_id: cardId });
  return { ...me, email };
}

const mailsTo = (to: string) => billing.svc.platform.mail.recent({ to });
/** The failed-renewal mails among them (the plan's start has its own mail). */
const failureMailsTo = async (to: string) =>
  (await mailsTo(to)).filter((mail) => mail.subject.includes('お支払いができ'));

describe('a renewal that fails', () => {
  it('renewDue, first renewal declined, keeps the plan active, announces subscription.renewal_failed with the retry time and mails the subscriber in Japanese', async () => {
    const me = await subscriberWithDecliningCard();
    const at = await afterPeriodEnd(billing, me.subscriptionId);

    await renewDue(billing.deps, at);

    const retryAt = new Date(at.getTime() + retryWaitsOf(billing.deps.config)[0]!).toISOString();
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'active',
      failed_attempts: 1,
      retry_at: retryAt,
    });
    const [failed] = await eventsOf(billing, me.subscriptionId, 'subscription.renewal_failed');
    expect(failed?.data).toMatchObject({
      user_id: me.userId,
      period: 2,
      attempt: 1,
      amount: 1100,
      retry_at: retryAt,
      card_masked: '************0002',
    });

    await eventually(async () => (await failureMailsTo(me.email)).length === 1);
    const [mail] = await failureMailsTo(me.email);
    expect(mail?.subject).toBe('【TALK WITH】月額プランのお支払いができませんでした');
    expect(mail?.text).toContain(
      '「TALK WITH 月額プラン」の更新料金 ¥1,100（税込）をご登録のカード（************0002）でお支払いいただけませんでした。',
    );
    expect(mail?.text).toContain('このプランのカードを変更');
  });

  it('renewDue, every retry declined, mails each failure and at the last one says the plan ended, with subscription.finished payment_failed', async () => {
    const me = await subscriberWithDecliningCard();
    const waits = retryWaitsOf(billing.deps.config);
    let at = await afterPeriodEnd(billing, me.subscriptionId);

    for (const wait of [...waits, 0]) {
      await renewDue(billing.deps, at);
      at = new Date(at.getTime() + wait);
    }

    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'inactive',
      finished_reason: 'payment_failed',
    });
    const failures = await eventsOf(billing, me.subscriptionId, 'subscription.renewal_failed');
    expect(failures.map((e) => (e.data as { attempt: number }).attempt).sort()).toEqual([1, 2, 3, 4]);
    expect(failures.filter((e) => !(e.data as { retry_at?: string }).retry_at)).toHaveLength(1);
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.finished'))[0]?.data).toMatchObject({
      reason: 'payment_failed',
    });
    await eventually(async () => (await failureMailsTo(me.email)).length === waits.length + 1);
    expect((await failureMailsTo(me.email))[0]?.subject).toBe(
      '【TALK WITH】お支払いができなかったため月額プランが終了しました',
    );
  });

  it('subscription.renewal_failed, for an account billing knows as deleted, sends no mail', async () => {
    const me = await subscriberWithDecliningCard();
    await billing.svc.platform.events.publish('user.deleted', me.userId, { user_id: me.userId, by: 'user' });
    await eventually(async () => (await recordOf(billing, me.subscriptionId)).account_deleted_at !== undefined);
    const failed = await billing.svc.platform.events.publish('subscription.renewal_failed', me.subscriptionId, {
      subscription_id: me.subscriptionId,
      user_id: me.userId,
      product_code: 'PROD001',
      status: 'active',
      period_start: new Date().toISOString(),
      period_end: new Date().toISOString(),
      period: 2,
      attempt: 1,
      amount: 1100,
      retry_at: new Date().toISOString(),
    });

    // The bus may not have run the consumer yet: run it here too (it is idempotent on the event id).
    await billing.svc.platform.store.withTransaction((tx) =>
      onMailEvent(billing.deps, { ...failed, type: 'subscription.renewal_failed' as const }, tx),
    );

    expect(
      await openBillingMails(billing.svc.platform.store).countDocuments({
        user_id: me.userId,
        kind: 'subscription_renewal_failed',
      }),
    ).toBe(0);
    expect((await mailsTo(me.email)).map((m) => m.subject)).not.toContain(
      '【TALK WITH】月額プランのお支払いができませんでした',
    );
  });
});
