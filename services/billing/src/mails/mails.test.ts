import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { accountOf } from '../accounts/index.ts';
import { buyer, cardToken, startBilling, type Billing, type Buyer } from '../purchases/test-support.ts';
import { renewDue } from '../subscriptions/renewal.ts';
import { afterPeriodEnd, eventsOf, SUBSCRIBE } from '../subscriptions/test-support.ts';
import { openBillingMails } from './model.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

/** A customer billing knows the address of (identity's user.registered). */
async function customer(language?: 'ja-JP' | 'en-US' | 'fil-PH' | 'zh-TW'): Promise<Buyer & { email: string }> {
  const me = buyer(billing);
  const email = `${me.userId}@example.jp`;
  await billing.svc.platform.events.publish('user.registered', me.userId, {
    user_id: me.userId,
    email,
    registered_at: new Date().toISOString(),
    date_of_birth: '1990-05-05',
    ...(language ? { language } : {}),
  });
  await eventually(async () => (await accountOf(billing.svc.platform.store, me.userId)) !== null);
  return { ...me, email };
}

const mailsTo = (email: string) => billing.svc.platform.mail.recent({ to: email });
const subjectsOf = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject).sort();
/** Every billing mail row of a user has been sent (the consumer ran and the send after its commit finished). */
const allSent = async (userId: string) =>
  (await openBillingMails(billing.svc.platform.store).countDocuments({ user_id: userId, sent_at: null })) === 0;

async function redeliver(envelopes: EventEnvelope[]): Promise<void> {
  for (const envelope of envelopes) await billing.svc.platform.bus.publish(envelope);
  // Let the consumer see them (it dedupes on the event id).
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function subscribe(me: Buyer): Promise<string> {
  const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
  expect(res.statusCode).toBe(200);
  return res.json().subscription.subscription_id as string;
}

describe('billing mails', () => {
  it('purchase.completed, a card purchase, mails the receipt with the order number, the amount and its tax', async () => {
    const me = await customer();
    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-5', token: await cardToken(billing) })
    ).json();
    await expect.poll(() => mailsTo(me.email).then((m) => m.length)).toBe(1);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe(`【TALK WITH】ご購入ありがとうございます（注文番号 ${purchase.order_number}）`);
    expect(mail!.text).toContain(`注文番号: ${purchase.order_number}`);
    expect(mail!.text).toContain('金額: ¥700（税込）');
    expect(mail!.text).toContain('（内消費税等 10%: ¥63）');
    expect(mail!.text).toContain('発行者: TALK WITH 運営事務局');
    expect(mail!.text).toContain('/full/purchases');
  });

  it('purchase.completed, redelivered, mails once', async () => {
    const me = await customer();
    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-1', token: await cardToken(billing) })
    ).json();
    await eventually(() => allSent(me.userId).then((sent) => sent && mailsTo(me.email).then((m) => m.length === 1)));
    await redeliver(await eventsOf(billing, me.userId, 'purchase.completed'));
    expect((await mailsTo(me.email)).map((m) => m.subject)).toEqual([expect.stringContaining(purchase.order_number)]);
  });

  it('subscription.started, a subscribe and its first period redelivered, mails the start once and no renewal', async () => {
    const me = await customer();
    const subscriptionId = await subscribe(me);
    await eventually(() => mailsTo(me.email).then((m) => m.length === 1));
    await redeliver([
      ...(await eventsOf(billing, subscriptionId, 'subscription.started')),
      ...(await eventsOf(billing, subscriptionId, 'subscription.renewed')),
    ]);
    const mails = await mailsTo(me.email);
    expect(mails.map((m) => m.subject)).toEqual(['【TALK WITH】TALK WITH 月額プランのご契約を開始しました']);
    expect(mails[0]!.text).toContain('金額: ¥1,100（税込）');
    expect(mails[0]!.text).toMatch(/注文番号: TW-\d{4}-/);
  });

  it('subscription.renewed, a renewal charged then redelivered, mails the renewal with its order number once', async () => {
    const me = await customer();
    const subscriptionId = await subscribe(me);
    await renewDue(billing.deps, await afterPeriodEnd(billing, subscriptionId));
    await eventually(() => mailsTo(me.email).then((m) => m.length === 2));
    await redeliver(await eventsOf(billing, subscriptionId, 'subscription.renewed'));
    const renewal = (await mailsTo(me.email)).filter((m) => m.subject.includes('を更新しました'));
    expect(renewal).toHaveLength(1);
    const periodTwo = await billing.svc.platform.store
      .collection('purchases')
      .findOne({ _id: `sub-${subscriptionId}-2` });
    expect(renewal[0]!.subject).toContain(String(periodTwo?.order_number));
    expect(await mailsTo(me.email)).toHaveLength(2);
  });

  it('subscription.canceled, redelivered, mails the cancellation once with the last day', async () => {
    const me = await customer();
    const subscriptionId = await subscribe(me);
    expect((await me.post('/api/payment/subscription/cancel', { subscription_id: subscriptionId })).statusCode).toBe(
      200,
    );
    await eventually(() =>
      subjectsOf(me.email).then((s) => s.some((subject) => subject.includes('解約を受け付けました'))),
    );
    await redeliver(await eventsOf(billing, subscriptionId, 'subscription.canceled'));
    const canceled = (await mailsTo(me.email)).filter((m) => m.subject.includes('解約を受け付けました'));
    expect(canceled).toHaveLength(1);
    expect(canceled[0]!.text).toContain('以降、料金が請求されることはありません。');
  });

  it('user.deleted, an account with a plan, redelivered, mails once naming the plan cancelled', async () => {
    const me = await customer();
    await subscribe(me);
    await eventually(() => mailsTo(me.email).then((m) => m.length === 1));
    const deleted = await billing.svc.platform.events.publish('user.deleted', me.userId, {
      user_id: me.userId,
      by: 'user',
    });
    await eventually(() => subjectsOf(me.email).then((s) => s.some((subject) => subject.includes('アカウント削除'))));
    await redeliver([deleted]);
    const mails = (await mailsTo(me.email)).filter((m) => m.subject.includes('アカウント削除'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('・TALK WITH 月額プラン');
  });

  it('purchase.completed, an account billing never heard of, mails nobody and fails nothing', async () => {
    const stranger = buyer(billing);
    const res = await stranger.post('/api/payment/card/authorize', {
      product_id: 'tickets-1',
      token: await cardToken(billing),
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await openBillingMails(billing.svc.platform.store).countDocuments({ user_id: stranger.userId })).toBe(0);
  });
});

describe("billing mails, in the account's language", () => {
  const buyTickets = async (me: Buyer) =>
    (await me.post('/api/payment/card/authorize', { product_id: 'tickets-5', token: await cardToken(billing) })).json()
      .purchase as { order_number: string };

  it('purchase.completed, an en-US account, mails the subject and the receipt lines in English', async () => {
    const me = await customer('en-US');
    const purchase = await buyTickets(me);
    await expect.poll(() => mailsTo(me.email).then((m) => m.length)).toBe(1);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe(`[TALK WITH] Thank you for your purchase (order ${purchase.order_number})`);
    expect(mail!.text).toContain(`Order number: ${purchase.order_number}`);
    expect(mail!.text).toContain('Amount: ¥700 (tax included)');
    expect(mail!.text).toContain('(includes 10% consumption tax: ¥63)');
    expect(mail!.text).toContain('Issuer: TALK WITH 運営事務局');
    expect(mail!.text).not.toContain('領収');
  });

  it('subscription.started, a zh-TW account, names the plan in Chinese in the subject and the lead (the receipt lines keep the name as sold)', async () => {
    const me = await customer('zh-TW');

    await subscribe(me);

    await expect.poll(() => mailsTo(me.email).then((m) => m.length)).toBe(1);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe('【TALK WITH】TALK WITH 月費方案已開始');
    expect(mail!.text.split('\n').filter((line) => line.includes('月額プラン'))).toEqual([
      '品項：TALK WITH 月額プラン × 1',
    ]);
  });

  it('purchase.completed, an account whose language billing does not know, mails in Japanese', async () => {
    const me = await customer();
    await billing.svc.platform.store
      .collection('billing_accounts')
      .updateOne({ _id: me.userId }, { $set: { language: 'fr-FR' } });
    const purchase = await buyTickets(me);
    await expect.poll(() => mailsTo(me.email).then((m) => m.length)).toBe(1);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe(`【TALK WITH】ご購入ありがとうございます（注文番号 ${purchase.order_number}）`);
    expect(mail!.text).toContain('金額: ¥700（税込）');
  });

  it('user.language_changed, after registration, writes the next mail in the new language', async () => {
    const me = await customer();
    await billing.svc.platform.events.publish('user.language_changed', me.userId, {
      user_id: me.userId,
      language: 'zh-TW',
    });
    await eventually(async () => (await accountOf(billing.svc.platform.store, me.userId))?.language === 'zh-TW');
    const purchase = await buyTickets(me);
    await expect.poll(() => mailsTo(me.email).then((m) => m.length)).toBe(1);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe(`【TALK WITH】感謝您的購買（訂單編號 ${purchase.order_number}）`);
    expect(mail!.text).toContain(`訂單編號：${purchase.order_number}`);
  });
});
