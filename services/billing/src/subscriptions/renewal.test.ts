import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, cardToken, startBilling, walletOf, type Billing } from '../purchases/test-support.ts';
import { claimCharge } from './periods.ts';
import { orderIdOf } from './records.ts';
import { leaseMsOf, renewDue, renewOne, retryWaitsOf } from './renewal.ts';
import {
  afterPeriodEnd,
  chargesOfPeriod,
  chargesOfSubscription,
  eventsOf,
  recordOf,
  subscribed,
} from './test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

/** Swaps the recurring card for a new card of the subscriber's (e.g. one the sandbox declines). */
async function recurringCardBecomes(
  me: Awaited<ReturnType<typeof subscribed>>,
  card: 'declined' | 'success',
): Promise<void> {
  const added = await me.post('/api/payment/card/info/add', { token: await cardToken(billing, card) });
  if (added.statusCode !== 200) throw new Error(`card/info/add answered ${added.statusCode}: ${added.body}`);
  const cardId = added.json().card.card_id;
  const res = await me.post('/api/payment/recurring/change_card', {
    subscription_id: me.subscriptionId,
    card_id: cardId,
  });
  if (res.statusCode !== 200) throw new Error(`recurring/change_card answered ${res.statusCode}: ${res.body}`);
}

describe('billing.renew', () => {
  it('renewDue, before the period end, charges nothing', async () => {
    const me = await subscribed(billing);
    await renewDue(billing.deps, new Date());
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ status: 'active', period: 1 });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
  });

  it('renewDue, after the period end and run twice concurrently, charges and grants the next period once', async () => {
    const me = await subscribed(billing);
    const before = await recordOf(billing, me.subscriptionId);
    const later = await afterPeriodEnd(billing, me.subscriptionId);
    await Promise.all([
      renewDue(billing.deps, later),
      renewDue(billing.deps, later),
      renewOne(billing.deps, me.subscriptionId, later),
    ]);
    await renewDue(billing.deps, later);
    const after = await recordOf(billing, me.subscriptionId);
    expect(after).toMatchObject({ status: 'active', period: 2, period_start: before.period_end, failed_attempts: 0 });
    expect(after.charge).toBeUndefined();
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2)).toBe(1);
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(2);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 20, points: 200 });
    const renewed = await eventsOf(billing, me.subscriptionId, 'subscription.renewed');
    expect(renewed.map((e) => (e.data as { period: number }).period).sort()).toEqual([1, 2]);
  });

  it('renewOne, worker died after the provider charged and before settling, settles that charge once after the lease', async () => {
    const me = await subscribed(billing);
    const later = await afterPeriodEnd(billing, me.subscriptionId);
    const record = await recordOf(billing, me.subscriptionId);
    const card = record.card as { card_id: string; masked: string };
    const claimed = await claimCharge(
      billing.svc.platform.store,
      record,
      { reason: 'renew', card_id: card.card_id, card_masked: card.masked },
      later,
      leaseMsOf(billing.deps.config),
    );
    await billing.deps.provider.authorize({
      orderId: orderIdOf(me.subscriptionId, 2, 0),
      amount: 1100,
      withCapture: true,
      mpi: 'mpi-none',
      card: { kind: 'stored', accountId: record.account_id, cardId: card.card_id },
    });
    expect(claimed?.charge?.order_id).toBe(orderIdOf(me.subscriptionId, 2, 0));

    expect(await renewOne(billing.deps, me.subscriptionId, later)).toBe('busy'); // the dead holder's lease still runs
    const afterLease = new Date(later.getTime() + leaseMsOf(billing.deps.config) + 1);
    expect(await renewOne(billing.deps, me.subscriptionId, afterLease)).toBe('renewed');

    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({ period: 2 });
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 20, points: 200 });
  });

  it('renewDue, declining card, retries after each wait and then finishes with payment_failed', async () => {
    const me = await subscribed(billing);
    await recurringCardBecomes(me, 'declined');
    const waits = retryWaitsOf(billing.deps.config);
    let at = await afterPeriodEnd(billing, me.subscriptionId);
    for (const wait of waits) {
      await renewDue(billing.deps, at);
      const record = await recordOf(billing, me.subscriptionId);
      expect(record).toMatchObject({ status: 'active', period: 1 });
      expect(record.retry_at).toBe(new Date(at.getTime() + wait).toISOString());
      await renewDue(billing.deps, new Date(at.getTime() + wait - 1)); // not yet
      expect((await recordOf(billing, me.subscriptionId)).failed_attempts).toBe(record.failed_attempts);
      at = new Date(at.getTime() + wait);
    }
    await renewDue(billing.deps, at);
    const finished = await recordOf(billing, me.subscriptionId);
    expect(finished).toMatchObject({
      status: 'inactive',
      finished_reason: 'payment_failed',
      period: 1,
      failed_attempts: waits.length + 1,
    });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
    expect(await walletOf(billing, me.userId)).toEqual({ talk_tickets: 10, points: 100 });
    expect((await eventsOf(billing, me.subscriptionId, 'subscription.finished'))[0]?.data).toMatchObject({
      reason: 'payment_failed',
    });
  });

  it('renewDue, a declined try then a working card, renews on the retry with its own orderId', async () => {
    const me = await subscribed(billing);
    await recurringCardBecomes(me, 'declined');
    const at = await afterPeriodEnd(billing, me.subscriptionId);
    await renewDue(billing.deps, at);
    await recurringCardBecomes(me, 'success');
    await renewDue(billing.deps, new Date(at.getTime() + retryWaitsOf(billing.deps.config)[0]!));
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'active',
      period: 2,
      failed_attempts: 0,
    });
    expect(await chargesOfPeriod(billing, me.subscriptionId, 2, 1)).toBe(1);
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(2);
  });

  it('renewDue, recurring card removed, finishes after the retries without charging', async () => {
    const me = await subscribed(billing);
    expect(
      (await me.post('/api/payment/recurring/delete', { subscription_id: me.subscriptionId })).json(),
    ).toMatchObject({ ok: true, card: null });
    let at = await afterPeriodEnd(billing, me.subscriptionId);
    for (const wait of [...retryWaitsOf(billing.deps.config), 0]) {
      await renewDue(billing.deps, at);
      at = new Date(at.getTime() + wait);
    }
    expect(await recordOf(billing, me.subscriptionId)).toMatchObject({
      status: 'inactive',
      finished_reason: 'payment_failed',
    });
    expect(await chargesOfSubscription(billing, me.subscriptionId)).toBe(1);
  });

  it('recurring/change_card, a card id of another user, is refused with 404', async () => {
    const me = await subscribed(billing);
    const other = buyer(billing);
    const otherCard = (await other.post('/api/payment/card/info/add', { token: await cardToken(billing) })).json().card
      .card_id;
    const res = await me.post('/api/payment/recurring/change_card', {
      subscription_id: me.subscriptionId,
      card_id: otherCard,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
  });
});
