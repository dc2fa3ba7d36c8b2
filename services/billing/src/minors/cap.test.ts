import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { japanDateOf } from '@talkwith/proto/identity';
import { loadBillingConfig } from '../config.ts';
import { accountOf } from '../accounts/index.ts';
import { buyer, cardToken, startBilling, walletOf, type Billing, type Buyer } from '../purchases/test-support.ts';
import { renewDue } from '../subscriptions/renewal.ts';
import {
  afterPeriodEnd,
  chargesOfPeriod,
  chargesOfSubscription,
  eventsOf,
  recordOf,
  SUBSCRIBE,
} from '../subscriptions/test-support.ts';
import { capResetOf, monthlyCapOf, openSpendMonths, spentInMonth } from './cap.ts';

let billing: Billing;
let admin: Buyer;
beforeAll(async () => {
  billing = await startBilling();
  admin = buyer(billing, ['admin']);
});
afterAll(async () => {
  await billing?.close();
});

const AUTHORIZE = '/api/payment/card/authorize';

/** A date of birth making the person `years` old today in Japan. */
function bornYearsAgo(years: number): string {
  const [y, m, d] = japanDateOf(new Date()).split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

/** A customer identity announced with this age (billing's accounts projection knows the date of birth). */
async function customerAged(years: number): Promise<Buyer> {
  const me = buyer(billing);
  await billing.svc.platform.events.publish('user.registered', me.userId, {
    user_id: me.userId,
    email: `${me.userId}@example.jp`,
    registered_at: new Date().toISOString(),
    date_of_birth: bornYearsAgo(years),
  });
  await eventually(async () => (await accountOf(billing.svc.platform.store, me.userId)) !== null);
  return me;
}

const sandboxOrders = () => billing.svc.platform.store.collection('sandbox_orders').countDocuments({});
const buy = async (me: Buyer, productId: string, card: 'success' | 'declined' = 'success') =>
  me.post(AUTHORIZE, { product_id: productId, token: await cardToken(billing, card) });
const capMessage = (cap: string) =>
  `未成年のお客様の1か月のご利用上限（${cap}円）を超えるため購入できません。${capResetOf(new Date()).month}月1日にリセットされます。`;

describe("minors' monthly cap: purchases", () => {
  it('authorize, a 15-year-old past ¥5,000 this month, 403 SPENDING_CAP with the cap and the reset day, and the provider never sees it', async () => {
    const me = await customerAged(15);
    for (let i = 0; i < 4; i += 1) expect((await buy(me, 'points-1000')).statusCode).toBe(200);
    expect((await buy(me, 'tickets-5')).statusCode).toBe(200);
    const ordersBefore = await sandboxOrders();
    const res = await buy(me, 'tickets-5');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'SPENDING_CAP',
      message: capMessage('5,000'),
      cap: 5000,
      spent: 4700,
      resets_at: capResetOf(new Date()).resetsAt,
    });
    expect(await sandboxOrders()).toBe(ordersBefore);
    expect((await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json().total).toBe(5);
    expect(await walletOf(billing, me.userId)).toMatchObject({ talk_tickets: 5 });
  });

  it('authorize, 10 concurrent ¥1,000 purchases of a 15-year-old, at most ¥5,000 passes and is charged', async () => {
    const me = await customerAged(15);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(me, 'points-1000')));
    const passed = answers.filter((res) => res.statusCode === 200);
    expect(passed).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 403)).toHaveLength(5);
    expect(await spentInMonth(billing.svc.platform.store, me.userId, new Date())).toBe(5000);
    expect(await walletOf(billing, me.userId)).toMatchObject({ points: 5000 });
  });

  it('authorize, a 17-year-old, is held to ¥10,000 (the 16–17 cap) in the message', async () => {
    const me = await customerAged(17);
    await openSpendMonths(billing.svc.platform.store).insertOne({
      _id: `${me.userId}:${japanDateOf(new Date()).slice(0, 7)}`,
      user_id: me.userId,
      month: japanDateOf(new Date()).slice(0, 7),
      spent: 9500,
    });
    const res = await buy(me, 'points-1000');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(capMessage('10,000'));
  });

  it('authorize, a declined card, gives its amount back to the month', async () => {
    const me = await customerAged(15);
    expect((await buy(me, 'points-1000', 'declined')).statusCode).toBe(402);
    expect(await spentInMonth(billing.svc.platform.store, me.userId, new Date())).toBe(0);
  });

  it('authorize, after an operator refunded a purchase, counts charges minus refunds', async () => {
    const me = await customerAged(15);
    const bought = [];
    for (let i = 0; i < 5; i += 1) bought.push((await buy(me, 'points-1000')).json().purchase);
    expect((await buy(me, 'points-1000')).statusCode).toBe(403);
    const refund = await admin.post('/api/admin/full/purchases/purchase/cancel', {
      purchase_id: bought[0].purchase_id,
      reason: '保護者からの申し出',
    });
    expect(refund.statusCode).toBe(200);
    expect(await spentInMonth(billing.svc.platform.store, me.userId, new Date())).toBe(4000);
    expect((await buy(me, 'points-1000')).statusCode).toBe(200);
  });

  it('authorize, an adult and an account whose date of birth is unknown, are not capped', async () => {
    const adult = await customerAged(30);
    const unknown = buyer(billing);
    await openSpendMonths(billing.svc.platform.store).insertOne({
      _id: `${adult.userId}:${japanDateOf(new Date()).slice(0, 7)}`,
      user_id: adult.userId,
      month: japanDateOf(new Date()).slice(0, 7),
      spent: 999_999,
    });
    expect((await buy(adult, 'points-1000')).statusCode).toBe(200);
    expect((await buy(unknown, 'points-1000')).statusCode).toBe(200);
  });

  it('monthlyCapOf, the defaults, under 16 ¥5,000, 16–17 ¥10,000, adults none', () => {
    const config = loadBillingConfig({});
    const at = new Date('2026-06-15T03:00:00Z');
    expect(monthlyCapOf(config, '2011-06-16', at)).toBe(5000);
    expect(monthlyCapOf(config, '2010-06-15', at)).toBe(10_000);
    expect(monthlyCapOf(config, '2008-06-15', at)).toBeNull();
    expect(monthlyCapOf(config, '1900-01-01', at)).toBeNull();
  });

  it('loadBillingConfig, the 16–17 cap below the under-16 one, refuses to start naming the variable', () => {
    expect(() => loadBillingConfig({ MINOR_MONTHLY_CAP_UNDER_16: '8000', MINOR_MONTHLY_CAP_16_17: '6000' })).toThrow(
      /MINOR_MONTHLY_CAP_16_17/,
    );
  });
});

describe("minors' monthly cap: subscriptions", () => {
  it('subscribe, a 15-year-old who spent ¥4,000, 403 SPENDING_CAP, nothing charged and no charge left claimed', async () => {
    const me = await customerAged(15);
    for (let i = 0; i < 4; i += 1) await buy(me, 'points-1000');
    const ordersBefore = await sandboxOrders();
    const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('お支払いできません');
    expect(await sandboxOrders()).toBe(ordersBefore);
    const record = await billing.svc.platform.store.collection('subscriptions').findOne({ user_id: me.userId });
    expect(record).toMatchObject({ status: 'inactive', period: 0 });
    expect(record?.charge).toBeUndefined();
  });

  it("renewDue, a minor's renewal past the month's cap, charges nothing and books a declined attempt", async () => {
    const me = await customerAged(15);
    const first = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    expect(first.statusCode).toBe(200);
    const subscriptionId = first.json().subscription.subscription_id as string;
    const later = await afterPeriodEnd(billing, subscriptionId);
    const month = japanDateOf(later).slice(0, 7);
    await openSpendMonths(billing.svc.platform.store).updateOne(
      { _id: `${me.userId}:${month}` },
      { $set: { user_id: me.userId, month, spent: 4500 } },
      { upsert: true },
    );
    await renewDue(billing.deps, later);
    expect(await chargesOfPeriod(billing, subscriptionId, 2)).toBe(0);
    expect(await chargesOfSubscription(billing, subscriptionId)).toBe(1);
    const record = await recordOf(billing, subscriptionId);
    expect(record).toMatchObject({ status: 'active', period: 1, failed_attempts: 1 });
    expect(record.charge).toBeUndefined();
    expect(await spentInMonth(billing.svc.platform.store, me.userId, later)).toBe(4500);
  });

  it("renewDue, a minor's renewal past the month's cap, announces the cap as the cause and the mail says the cap, not the card", async () => {
    const me = await customerAged(15);
    const first = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing) });
    const subscriptionId = first.json().subscription.subscription_id as string;
    const later = await afterPeriodEnd(billing, subscriptionId);
    const month = japanDateOf(later).slice(0, 7);
    await openSpendMonths(billing.svc.platform.store).updateOne(
      { _id: `${me.userId}:${month}` },
      { $set: { user_id: me.userId, month, spent: 4500 } },
      { upsert: true },
    );

    await renewDue(billing.deps, later);

    const [failed] = await eventsOf(billing, subscriptionId, 'subscription.renewal_failed');
    expect(failed?.data).toMatchObject({ cause: 'spending_cap', attempt: 1 });
    const to = (await accountOf(billing.svc.platform.store, me.userId))?.email ?? '';
    const failureMail = async () =>
      (await billing.svc.platform.mail.recent({ to })).find(
        (m) => m.subject === '【TALK WITH】月額プランのお支払いができませんでした',
      );
    await expect.poll(failureMail).toBeTruthy();
    const sent = await failureMail();
    expect(sent?.text).toContain('未成年のお客様の1か月のご利用上限を超えるため');
  });
});
